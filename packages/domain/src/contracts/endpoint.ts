/**
 * One contract per call (issue 25, decision 0051): an endpoint's method and path, and the types of
 * its path parameters, query, body and answer, written once. The server registers its route from
 * it (apps/server/src/platform/route.ts) and the web calls through it (apps/web/src/shared/api/
 * client.ts `call`), so a renamed path parameter or a changed field is a type error on both sides.
 *
 * The types are the wire zod schemas' types (`typeof Schema`, imported with `import type`): at run
 * time a contract is the two strings `{ method, path }`, and no zod reaches the browser (decision
 * 0028).
 */
import type { z } from 'zod';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type Schema = z.ZodType;

/**
 * The types of a call. `body: 'multipart'` is a FormData upload; `answer: 'file'` is a file the
 * server streams (a Blob in the browser); no `answer` is an answer nobody reads.
 */
export interface Shape {
  params?: Schema;
  query?: Schema;
  body?: Schema | 'multipart';
  answer?: Schema | 'file';
  /**
   * When the answer's shape follows a value of the request (the approval calls answer by
   * `entityType`): the answer of each value, for the web to get the one it asked for.
   */
  answerBy?: { key: string; from: 'query' | 'body'; answers: Record<string, Schema> };
}

export interface Endpoint<M extends Method = Method, P extends string = string, S extends Shape = Shape> {
  readonly method: M;
  readonly path: P;
  /** Types only: never set at run time. */
  readonly shape?: S;
}

/** `endpoint<{ query: typeof Q; answer: typeof A }>()('GET', '/employer-admin/x')`. */
export const endpoint =
  <S extends Shape = Record<never, never>>() =>
  <const M extends Method, const P extends string>(method: M, path: P): Endpoint<M, P, S> => ({ method, path });

/** The `:name` parameters of a path. */
export type ParamNames<P extends string> = P extends `${string}:${infer N}/${infer R}` ? N | ParamNames<`/${R}`> : P extends `${string}:${infer N}` ? N : never;
export type PathParams<P extends string> = { [K in ParamNames<P>]: string };

type ShapeOf<E> = E extends Endpoint<Method, string, infer S> ? S : never;
type PathOf<E> = E extends Endpoint<Method, infer P, Shape> ? P : never;

/**
 * Stand-ins for the platform's types (the domain knows neither DOM nor Node): the web's client
 * reads a multipart body as FormData and a file answer as Blob.
 */
export interface MultipartBody {
  readonly multipart: true;
}
export interface FileAnswer {
  readonly file: true;
}

/** What the web sends: the schemas' input types. */
export type ParamsIn<E> = PathParams<PathOf<E>> & (ShapeOf<E>['params'] extends Schema ? z.input<ShapeOf<E>['params']> : unknown);
export type QueryIn<E> = ShapeOf<E>['query'] extends Schema ? z.input<ShapeOf<E>['query']> : undefined;
export type BodyIn<E> = ShapeOf<E>['body'] extends Schema ? z.input<ShapeOf<E>['body']> : ShapeOf<E>['body'] extends 'multipart' ? MultipartBody : undefined;
/** What the web gets: the answer schema's output (what JSON.parse gives), a Blob for a file. */
export type AnswerOut<E> = ShapeOf<E>['answer'] extends Schema ? z.output<ShapeOf<E>['answer']> : ShapeOf<E>['answer'] extends 'file' ? FileAnswer : unknown;

/** The answer of a call sending `I`: the `answerBy` variant its value names, else the whole answer. */
export type AnswerFor<E, I> = ShapeOf<E>['answerBy'] extends { key: infer K extends string; from: infer F extends 'query' | 'body'; answers: infer M }
  ? I extends { [f in F]: { [k in K]: infer V } }
    ? V extends keyof M
      ? M[V] extends Schema
        ? z.output<M[V]>
        : AnswerOut<E>
      : AnswerOut<E>
    : AnswerOut<E>
  : AnswerOut<E>;

/** What the server's handler gets: the schemas' output types. */
export type ParamsOut<E> = ShapeOf<E>['params'] extends Schema ? z.output<ShapeOf<E>['params']> : PathParams<PathOf<E>>;
export type QueryOut<E> = ShapeOf<E>['query'] extends Schema ? z.output<ShapeOf<E>['query']> : unknown;
export type BodyOut<E> = ShapeOf<E>['body'] extends Schema ? z.output<ShapeOf<E>['body']> : unknown;
/** What the server's handler returns: the answer schema's input (what the serializer takes). */
export type AnswerIn<E> = ShapeOf<E>['answer'] extends Schema ? z.input<ShapeOf<E>['answer']> : unknown;

/** The contract's schema types, for the server's registration to check its zod schemas against. */
export type ParamsSchema<E> = ShapeOf<E>['params'];
export type QuerySchema<E> = ShapeOf<E>['query'];
export type BodySchema<E> = ShapeOf<E>['body'];
export type AnswerSchema<E> = ShapeOf<E>['answer'];
export type PathParamNames<E> = ParamNames<PathOf<E>>;

/**
 * A route registered from its contract (issue 25, decision 0051): the method and path come from
 * the domain's contract, the zod schemas given must be the contract's (query, body, path
 * parameters, the answer under its status), the handler reads the request as the schemas give it
 * and must return the contract's answer. A renamed path parameter or a changed answer field in
 * the contract is so a type error here as in the web app.
 */
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { AnswerIn, AnswerSchema, BodyOut, BodySchema, Endpoint, ParamsOut, ParamsSchema, PathParamNames, QueryOut, QuerySchema } from '@portal/domain';
import type { AccessRule } from './guard.js';

type Z = z.ZodType;

type QuerySlot<S> = [S] extends [Z] ? { querystring: S } : { querystring?: never };
type BodySlot<S> = [S] extends [Z] ? { body: S } : { body?: never };
type ParamsSlot<S> = [S] extends [Z] ? { params: S } : { params?: never };
/** The answer under its success status; other statuses (health's 503) may be described beside it. */
type ResponseSlot<S> = [S] extends [Z] ? { response: ({ 200: S } | { 201: S } | { 202: S }) & { [status: number]: Z } } : { response?: never };

/** The params schema names exactly the path's `:parameters`. */
type ParamsMatchPath<E> = [ParamsSchema<E>] extends [Z]
  ? [keyof z.output<ParamsSchema<E>>] extends [PathParamNames<E>]
    ? [PathParamNames<E>] extends [keyof z.output<ParamsSchema<E>>]
      ? unknown
      : { 'the params schema lacks a parameter of the path': PathParamNames<E> }
    : { 'the params schema names a parameter the path does not have': keyof z.output<ParamsSchema<E>> }
  : unknown;

export type ContractSchema<E> = QuerySlot<QuerySchema<E>> &
  BodySlot<BodySchema<E>> &
  ParamsSlot<ParamsSchema<E>> &
  ResponseSlot<AnswerSchema<E>> & { tags?: readonly string[]; description?: string; summary?: string; consumes?: readonly string[]; hide?: boolean };

export type ContractRouteOptions<E> = Omit<RouteShorthandOptions, 'schema' | 'config'> & {
  /** Every /api route declares its access rule (platform/guard.ts). */
  config: { access: AccessRule } & Record<string, unknown>;
  schema: ContractSchema<E>;
} & ParamsMatchPath<E>;

export type ContractRequest<E> = FastifyRequest<{ Params: ParamsOut<E>; Querystring: QueryOut<E>; Body: BodyOut<E> }>;

/** A JSON answer is the contract's; a file, or an answer sent by hand (another status), goes through the reply. */
type Returned<E> = [AnswerSchema<E>] extends [Z] ? AnswerIn<E> | FastifyReply : FastifyReply;

export type ContractHandler<E> = (req: ContractRequest<E>, reply: FastifyReply) => Returned<E> | Promise<Returned<E>>;

/** Registers the route of `contract` (its method and path) on `app`. */
export function route<E extends Endpoint>(app: { route(options: never): unknown }, contract: E, options: ContractRouteOptions<E>, handler: ContractHandler<E>): void {
  app.route({ ...options, method: contract.method, url: contract.path, handler } as never);
}

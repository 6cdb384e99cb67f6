/**
 * The one HTTP client: bearer token, 60-second timeout, JSON in and out. Every call goes through
 * its contract (`call`, decision 0051), so no path or answer type is written at a call site. A
 * non-2xx answer becomes an ApiError carrying the server's message.description (or the spec's fallback) and code: a code of
 * the domain's error table (ERRORS), which is what the screens branch on, never the text.
 */
import { MSG, REQUEST_TIMEOUT_MS, type AnswerFor, type AnswerOut, type BodyIn, type Endpoint, type ErrorCode, type FileAnswer, type MultipartBody, type ParamsIn, type PathParamNames, type QueryIn } from '@portal/domain';
import { getToken } from '../auth/token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: ErrorCode | undefined,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null>;

interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

function url(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

/** Listeners told when the server says the session is gone (401), so the app can sign out. */
const unauthenticatedListeners = new Set<() => void>();
export const onUnauthenticated = (fn: () => void): (() => void) => {
  unauthenticatedListeners.add(fn);
  return () => unauthenticatedListeners.delete(fn);
};

/** The one fetch of every call (`call` below): the path is a contract's, its parameters filled. */
async function request(method: string, path: string, options: RequestOptions = {}): Promise<unknown> {
  const token = getToken();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url(path, options.query), { method, headers, body, signal });
  } catch {
    throw new ApiError(0, MSG.somethingWentWrong, undefined);
  }
  if (res.status === 200 || res.status === 201 || res.status === 204) {
    if (res.status === 204) return undefined;
    const type = res.headers.get('content-type') ?? '';
    return type.includes('application/json') ? ((await res.json()) as unknown) : await res.blob();
  }
  let description: string = MSG.somethingWentWrong;
  let code: ErrorCode | undefined;
  try {
    const data = (await res.json()) as { message?: { description?: string; code?: ErrorCode } };
    if (data.message?.description) description = data.message.description;
    code = data.message?.code;
  } catch {
    // not JSON: keep the fallback
  }
  // Only while the token sent is still the one held: a late 401 for a session already ended says nothing new.
  if (res.status === 401 && token && getToken() === token) for (const fn of unauthenticatedListeners) fn();
  throw new ApiError(res.status, description, code);
}

/** A query's optional values may be null too: `url` leaves out null, undefined and ''. */
type QueryArg<T> = { [K in keyof T]: undefined extends T[K] ? T[K] | null : T[K] };
type Slot<K extends string, T> = [T] extends [undefined] ? { [k in K]?: undefined } : Record<never, never> extends T ? { [k in K]?: T } : { [k in K]: T };
/** The domain's stand-ins as the browser's types. */
type Web<T> = T extends MultipartBody ? FormData : T extends FileAnswer ? Blob : T;
type Params<E> = [PathParamNames<E>] extends [never] ? undefined : ParamsIn<E>;
/** What a call sends: the contract's path parameters, query and body (each required when the contract has a required one). */
export type CallInput<E> = Slot<'params', Params<E>> & Slot<'query', QueryArg<QueryIn<E>>> & Slot<'body', Web<BodyIn<E>>> & { signal?: AbortSignal };

/**
 * A call through its contract (decision 0051): the method and path are the contract's, the
 * path's `:parameters` filled from `params`, and the answer is the contract's answer type.
 */
export function call<E extends Endpoint, I extends CallInput<E>>(contract: E, input: I): Promise<Web<AnswerFor<E, I>>>;
export function call<E extends Endpoint>(contract: E, ...input: Record<never, never> extends CallInput<E> ? [CallInput<E>?] : [CallInput<E>]): Promise<Web<AnswerOut<E>>>;
export function call(contract: Endpoint, ...input: [CallInput<Endpoint>?]): Promise<unknown> {
  const { params, query, body, signal } = (input[0] ?? {}) as { params?: Record<string, string>; query?: Query; body?: unknown; signal?: AbortSignal };
  const path = contract.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
  return request(contract.method, path, { query, body, signal });
}

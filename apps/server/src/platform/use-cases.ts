/**
 * A feature's service as use cases (decision 0029): each use case is a plain function in its own
 * file, `(deps, ...args)`, and the feature's `createXService(deps)` binds them to the deps once, so
 * the routes keep calling `service.method(...args)`.
 */

/** A use case of a feature whose dependencies are `D`. */
export type UseCase<D> = (deps: D, ...args: never[]) => unknown;

/** The use cases with their deps bound: the methods the routes call. */
export type Bound<D, T extends Record<string, UseCase<D>>> = {
  [K in keyof T]: T[K] extends (deps: D, ...args: infer A) => infer R ? (...args: A) => R : never;
};

export function bindUseCases<D, T extends Record<string, UseCase<D>>>(deps: D, useCases: T): Bound<D, T> {
  const bound: Record<string, (...args: never[]) => unknown> = {};
  for (const [name, useCase] of Object.entries(useCases)) bound[name] = (...args: never[]) => useCase(deps, ...args);
  return bound as Bound<D, T>;
}

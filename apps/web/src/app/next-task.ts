/**
 * Work for a task of its own: the page's start in pieces the browser can run between (decision
 * 0041). On the mobile preset's CPU the modules' evaluation, the router's start (matching the
 * address, the lazy routes' preloads, the loaders' requests) and the first render were one task of
 * 240-400 ms; each piece now waits for the task after the one that asked for it.
 */
export const inNextTask = <T>(work: () => T | Promise<T>): Promise<T> =>
  new Promise<T>((resolve, reject) =>
    setTimeout(() => {
      try {
        resolve(work());
      } catch (err) {
        reject(err);
      }
    }, 0),
  );

/** A route's `lazy` whose import (and the preload of the module's chunks) runs in a task of its own. */
export const inOwnTask =
  <T>(load: () => Promise<T>) =>
  (): Promise<T> =>
    inNextTask(load);

import { useEffect } from 'react';

/**
 * Secondary UI (a dialog, a panel, a menu) is loaded on demand (issue 14: not part of a page's first
 * load). `onDemand` wraps a dynamic import so that every caller shares one fetch (a failed fetch is
 * tried again on the next call); `useIdlePreload` starts it once the browser is idle after the first
 * paint, so the piece opens at once when asked for.
 *
 * Idle means idle: no `requestIdleCallback` deadline. With the 3 s deadline it had, the account
 * menu's code arrived in the middle of a phone's busy first load and the swap of its stand-in for
 * the real menu took a task of about 1 s on Lighthouse's mobile CPU (decision 0041); now the swaps
 * of stand-ins (the account menu, a select box, a tooltip) wait until the page has settled.
 */
export function onDemand<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

export function useIdlePreload(load: () => Promise<unknown>): void {
  useEffect(() => {
    const run = () => void load().catch(() => undefined);
    const w = window as IdleWindow;
    if (w.requestIdleCallback) {
      const id = w.requestIdleCallback(run);
      return () => w.cancelIdleCallback?.(id);
    }
    const timer = setTimeout(run, 200);
    return () => clearTimeout(timer);
  }, [load]);
}

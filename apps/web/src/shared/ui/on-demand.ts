import { useCallback, useEffect, useState } from 'react';

/**
 * Secondary UI (a dialog, a panel, a menu) is loaded on demand (issue 14: not part of a page's first
 * load). `onDemand` wraps a dynamic import so that every caller shares one fetch (a failed fetch is
 * tried again on the next call); `useIdlePreload` starts it once the browser is idle after the first
 * paint, so the piece opens at once when asked for.
 *
 * Idle means idle: no `requestIdleCallback` deadline. With the 3 s deadline it had, the account
 * menu's code arrived in the middle of a phone's busy first load and the swap of its stand-in for
 * the real menu took a task of about 1 s on Lighthouse's mobile CPU (decision 0041). A stand-in
 * (the account menu, a select box, a tooltip) is swapped for the real piece only when the user
 * reaches for it (`useStandIn`), never when its code arrives.
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

/**
 * A stand-in that looks like the real piece until the user reaches for it (the pointer over it,
 * focus, a press): only then is it swapped for the real piece, whose code was fetched when the page
 * was idle (or is fetched now). Swapped when the code arrived, each swap was a task of 60-160 ms on
 * the mobile preset's CPU after the page had loaded (the real pieces position their floating layer
 * as they mount), counted in its blocking time although nobody had asked for the piece (decision
 * 0041). `ready` says whether the code is there; `wake` is the reaching; `press` is a press on the
 * stand-in, which opens the piece itself (its own handler) and so keeps the rest of the press
 * from the real piece swapped in under the pointer (see below).
 */
export function useStandIn(load: () => Promise<unknown>, ready: () => boolean): { live: boolean; wake: () => void; press: () => void } {
  const [woken, setWoken] = useState(false);
  useIdlePreload(load);
  const wake = useCallback(() => {
    if (ready()) setWoken(true);
    else void load().then(() => setWoken(true), () => undefined);
  }, [load, ready]);
  const press = useCallback(() => {
    keepRestOfPressFromPage();
    wake();
  }, [wake]);
  return { live: woken && ready(), wake, press };
}

/**
 * Keeps the rest of the press under way (its mouse-down and the click that ends it) from the page:
 * the real piece swapped in under the pointer would take the click for a second toggle, and the
 * mouse-down, whose target (the stand-in) is gone, goes to its parent, which takes the focus from
 * the real piece and counts as a press outside it; either closes the piece the press opened. None
 * comes when the press ends elsewhere or is cancelled.
 */
function keepRestOfPressFromPage(): void {
  const swallow = (e: Event) => {
    e.stopPropagation();
    e.preventDefault();
  };
  document.addEventListener('mousedown', swallow, true);
  document.addEventListener('click', swallow, true);
  // The click comes in the same task as the pointer's release: whatever comes after is not it.
  const release = () => {
    window.removeEventListener('pointerup', release, true);
    window.removeEventListener('pointercancel', release, true);
    setTimeout(() => {
      document.removeEventListener('mousedown', swallow, true);
      document.removeEventListener('click', swallow, true);
    }, 0);
  };
  window.addEventListener('pointerup', release, true);
  window.addEventListener('pointercancel', release, true);
}

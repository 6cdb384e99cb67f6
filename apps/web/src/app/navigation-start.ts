import type { createBrowserRouter } from 'react-router';

/**
 * When the admin's current navigation began (Date.now()), for the query client's refetchOnMount
 * (./query-client.ts, decision 0041): an answer that came in since then was asked for by this
 * navigation, most often by the route's loader while the page's code loaded, and a page that mounts
 * now does not ask for it again. 0 until the first navigation after the page's load, whose own
 * loaders count as its start.
 */
let startedAt = 0;

export const navigationStartedAt = (): number => startedAt;

/**
 * Follows `router`: a navigation starts when the router begins loading a new location, or, for one
 * with nothing to load, when the location changes without that (a new key either way). Returns the
 * unsubscribe. Call it only once RouterProvider has subscribed (from an effect under it): the router
 * keeps its first state change for a first subscriber, and an earlier one took it, so the page could
 * stay on the boot loader.
 */
export function followNavigations(router: ReturnType<typeof createBrowserRouter>): () => void {
  let pendingKey: string | null = null;
  let shownKey = router.state.location.key;
  return router.subscribe((state) => {
    const pending = state.navigation.location;
    if (pending && pending.key !== pendingKey) {
      pendingKey = pending.key;
      startedAt = Date.now();
    }
    if (state.location.key !== shownKey) {
      shownKey = state.location.key;
      if (shownKey !== pendingKey) startedAt = Date.now();
    }
  });
}

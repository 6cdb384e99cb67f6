import { useMatches } from 'react-router';

/** What a signed-in route tells the shell: the screen title shown in the header and the tab. */
export interface RouteHandle {
  title: string;
}

const isRouteHandle = (h: unknown): h is RouteHandle => typeof h === 'object' && h !== null && typeof (h as RouteHandle).title === 'string';

/** The title of the deepest matched route that has one. */
export function useScreenTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.title;
  }
  return '';
}

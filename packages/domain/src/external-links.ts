/**
 * The analytics dashboard (spec 2.14, 3 "External dashboard item") and the external File Upload
 * link (spec 2.3, 7 "An upload token is fetched for the external file-upload link"). Pure: the
 * shapes, the https-only rule for embedded links and the origins the portal lets itself frame.
 */
import type { ExternalDashboard } from './wire/external-links.js';

/** Longest description and link an operator may configure. */
export const DASHBOARD_DESCRIPTION_MAX = 200;
export const DASHBOARD_LINK_MAX = 2000;

const HTTPS_LINK = /^https:\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?(?:[/?#][^\s]*)?$/i;

/**
 * The origin of an embeddable link: https, an ASCII host name (no user name or password, no
 * spaces), an optional port; null when it is not one. The origin is what a browser compares with
 * the CSP's frame-src (host lower-cased, the default port left out).
 */
export function embeddableOrigin(link: string): string | null {
  const m = HTTPS_LINK.exec(link.trim());
  if (!m) return null;
  const host = m[1]!.toLowerCase();
  const port = m[2] ? Number(m[2]) : 443;
  if (port < 1 || port > 65535) return null;
  return port === 443 ? `https://${host}` : `https://${host}:${port}`;
}

/** The operator's "Description|https://..." as an item, or the reason it is refused. */
export function parseDashboardSpec(spec: string): { item: ExternalDashboard } | { error: string } {
  const bar = spec.indexOf('|');
  if (bar < 0) return { error: 'expected "Description|https://..."' };
  const description = spec.slice(0, bar).trim();
  const embeddedLink = spec.slice(bar + 1).trim();
  if (!description) return { error: 'the description is empty' };
  if (description.length > DASHBOARD_DESCRIPTION_MAX) return { error: `the description is longer than ${DASHBOARD_DESCRIPTION_MAX} characters` };
  if (embeddedLink.length > DASHBOARD_LINK_MAX) return { error: `the link is longer than ${DASHBOARD_LINK_MAX} characters` };
  if (!embeddableOrigin(embeddedLink)) return { error: 'the link must be an https:// URL without user name or password' };
  return { item: { description, embeddedLink } };
}

/** The distinct https origins of some dashboards, sorted (the CSP's frame-src). Items that are not embeddable are left out. */
export function dashboardOrigins(items: readonly { embeddedLink: string }[]): string[] {
  const out = new Set<string>();
  for (const i of items) {
    const origin = embeddableOrigin(i.embeddedLink);
    if (origin) out.add(origin);
  }
  return [...out].sort();
}

/** The iframe's sandbox: the dashboard runs its own scripts on its own origin, nothing more (no top navigation, popups or forms). */
export const DASHBOARD_FRAME_SANDBOX = 'allow-scripts allow-same-origin';

// ---- the File Upload link (2.3) ----

/** How long an upload link works after the menu item was clicked. */
export const FILE_UPLOAD_TOKEN_TTL_MS = 10 * 60_000;
/** The standalone page the link opens (outside the signed-in app). */
export const FILE_UPLOAD_PAGE_PATH = '/file-upload';
/** Error codes of the link's calls (a handler's own 403s, not the guard's `forbidden`). */
export const FILE_UPLOAD_LINK_CODES = { disabled: 'file-upload-link/disabled', invalid: 'file-upload-link/invalid' } as const;
export const FILE_UPLOAD_LINK_MSG = {
  disabled: 'File Upload is not enabled for your organisation.',
  invalid: 'This upload link is not valid or has expired. Please open File Upload from the portal again.',
  missing: 'This page needs the upload link from the portal: open File Upload from the portal menu.',
} as const;

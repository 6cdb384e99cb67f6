/**
 * How the built web app's files are served (issue 14, "Fast to open"): Vite's content-hashed
 * files under /assets never change, so browsers keep them for a year without asking again; any
 * other file (index.html above all, which names the current hashes) is revalidated on every use.
 * The build writes brotli and gzip copies next to each asset (apps/web/vite.config.ts); the one the
 * browser accepts is sent, with Vary: Accept-Encoding. The app page (index.html) names the
 * requested page's own chunks (spaPage), so that they download with the entry.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Whether a file under the web app's root is one of Vite's hashed assets (assets/...). */
export const isHashedAsset = (root: string, file: string): boolean => {
  const rel = path.relative(root, file).split(path.sep);
  return rel.length > 1 && rel[0] === 'assets';
};

export function staticAssetOptions(root: string): FastifyStaticOptions {
  return {
    root,
    index: false,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, file) => {
      reply.header('cache-control', isHashedAsset(root, file) ? IMMUTABLE_CACHE : REVALIDATE_CACHE);
    },
  };
}

/** Per page path, what its lazy modules load beyond index.html (written by apps/web/vite.config.ts: routePreloads). */
export type RoutePreloads = Record<string, { js: string[]; css: string[] }>;

const ASSET_URL = /^\/assets\/[\w.-]+\.(js|css)$/;

/**
 * index.html for a requested URL: the page's own chunks named in the head (JavaScript as
 * modulepreload, CSS as a stylesheet), so the browser fetches them alongside the entry instead of
 * after it has run and the router has asked for the page. Unknown paths get index.html as it is.
 * The CSS is a stylesheet, not a `preload`: the route's lazy import then finds it in place, where
 * from a preload it added the stylesheet itself, and the browser parsed Mantine's full sheet inside
 * that task, 87 ms of it on the mobile preset's CPU after the first paint (decision 0041). Parsed as
 * it arrives instead, before the first paint.
 */
export function spaHtml(index: string, preloads: RoutePreloads, url: string): string {
  let pathname = url.split(/[?#]/, 1)[0] ?? '/';
  if (pathname.length > 1 && pathname.endsWith('/')) pathname = pathname.slice(0, -1);
  const route = Object.hasOwn(preloads, pathname) ? preloads[pathname] : undefined;
  if (!route) return index;
  const links = [
    ...route.css.filter((href) => ASSET_URL.test(href)).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
    ...route.js.filter((href) => ASSET_URL.test(href)).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  if (!links.length || !index.includes('</head>')) return index;
  return index.replace('</head>', `    ${links.join('\n    ')}\n  </head>`);
}

/**
 * The SPA page of the built web app at `root` per URL (spaHtml), reading index.html and
 * .vite/route-preloads.json again whenever index.html changes (a new build).
 */
export function spaPage(root: string): (url: string) => string {
  const indexFile = path.join(root, 'index.html');
  const preloadFile = path.join(root, '.vite/route-preloads.json');
  let cached: { mtimeMs: number; index: string; preloads: RoutePreloads } | null = null;
  return (url) => {
    const mtimeMs = fs.statSync(indexFile).mtimeMs;
    if (!cached || cached.mtimeMs !== mtimeMs) {
      let preloads: RoutePreloads = {};
      try {
        preloads = JSON.parse(fs.readFileSync(preloadFile, 'utf8')) as RoutePreloads;
      } catch {
        // an older build without the file: index.html as it is
      }
      cached = { mtimeMs, index: fs.readFileSync(indexFile, 'utf8'), preloads };
    }
    return spaHtml(cached.index, cached.preloads, url);
  };
}

/**
 * Issue 14 ("Fast to open"): the built web app is served compressed and cached for what it is.
 * Vite's content-hashed files under /assets are kept by browsers for a year (immutable); index.html
 * (and any other file) is revalidated on every use, so a new build reaches users at once. The
 * brotli or gzip copy the build wrote is sent to a browser that accepts it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { createTestEnv, type TestEnv } from './harness.js';

let env: TestEnv;
let app: FastifyInstance;
let dist: string;
const script = `console.log(${JSON.stringify('portal '.repeat(400))});\n`;
const INDEX = '<!doctype html><head><title>Employer Portal</title><script type="module" src="/assets/index-AbC123.js"></script></head>';
// What apps/web/vite.config.ts (routePreloads) writes: a page's chunks beyond the entry.
const PRELOADS = { '/dashboard': { js: ['/assets/layout-Lay111.js', '/assets/dashboard-Das222.js'], css: ['/assets/layout-Lay111.css'] } };

beforeAll(async () => {
  env = await createTestEnv();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-static-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js'), script);
  // What apps/web/vite.config.ts (precompress) writes next to each asset.
  fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dist, 'assets/tiny-XyZ789.css'), 'a{color:red}');
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, '.vite/route-preloads.json'), JSON.stringify(PRELOADS));
  app = await buildApp({ ...env.deps, config: { ...env.deps.config, webDist: dist } }, { logger: false, serveSpa: true });
});
afterAll(async () => {
  await app?.close();
  await env?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('the built web app', () => {
  it('sends a hashed asset brotli-compressed to a browser that accepts brotli, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(script.length / 5);
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser that accepts only gzip, and the plain file to one that accepts neither', async () => {
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const plain = await get('/assets/index-AbC123.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends a small asset the build did not compress as it is, still immutable', async () => {
    const res = await get('/assets/tiny-XyZ789.css', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('a{color:red}');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('has index.html revalidated on every use, on / on any app path and by name', async () => {
    for (const url of ['/', '/dashboard', '/employees?page=2', '/index.html']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('/assets/index-AbC123.js');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('answers 404 (not the app page) for an asset that does not exist', async () => {
    const res = await get('/assets/index-Gone000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<!doctype html>');
  });

  it("names the requested page's chunks in index.html, so they load with the entry", async () => {
    for (const url of ['/dashboard', '/dashboard/', '/dashboard?vendorId=1']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/layout-Lay111.js">');
      expect(res.body, url).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-Das222.js">');
      // A stylesheet, which the route's lazy import finds in place (not a preload it would add again and parse inside its task).
      expect(res.body, url).toContain('<link rel="stylesheet" crossorigin href="/assets/layout-Lay111.css">');
      expect(res.body.indexOf('dashboard-Das222.js'), url).toBeLessThan(res.body.indexOf('</head>'));
    }
    // The sign-in page and unknown paths: index.html as built.
    for (const url of ['/', '/no-such-page']) {
      const res = await get(url, 'br, gzip');
      expect(res.body, url).toContain('/assets/index-AbC123.js');
      expect(res.body, url).not.toContain('modulepreload');
    }
  });
});

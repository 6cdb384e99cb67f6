/**
 * Issue 14 ("Fast to open"): zod's classic API (about 60 kB of gzip) stays out of the browser.
 * The web app imports @portal/domain's browser entry (packages/domain/src/browser.ts), which
 * re-exports the wire schemas as types only; these checks fail when a change would bring zod back:
 * a value import of 'zod' in the web app, a pure domain module importing zod or a wire file at run
 * time, or the browser entry exporting a wire file's values. (zod/mini, small and tree-shakable,
 * is allowed for form checks.) bench/web.bench.ts reports whether zod is in any built chunk.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.resolve(here, '..');
const domainSrc = path.resolve(here, '../../../../packages/domain/src');

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });

/** The run-time imports and re-exports of a module (`import type` / `export type` left out). */
const runtimeSpecifiers = (code: string): string[] => {
  const out: string[] = [];
  const re = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  for (const m of code.matchAll(re)) {
    if (m[5] ?? m[6]) {
      out.push((m[5] ?? m[6])!);
      continue;
    }
    if (m[2]) continue; // import type / export type
    const clause = m[3]!.replace(/^\{|\}$/g, '').trim();
    // `import { type A, type B } from` is erased too
    const names = clause.startsWith('{') || m[3]!.includes('{') ? clause.replace(/[{}]/g, '').split(',').map((s) => s.trim()).filter(Boolean) : [clause];
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    out.push(m[4]!);
  }
  return out;
};

const relative = (f: string) => path.relative(path.resolve(here, '../../../..'), f);

describe('zod stays out of the browser bundle', () => {
  it('reads what it checks (the specifier parser sees value and type imports apart)', () => {
    expect(runtimeSpecifiers("import { z } from 'zod';\nimport type { A } from './wire/a.js';\nimport { type B } from './b.js';\nexport * from './c.js';")).toEqual(['zod', './c.js']);
    expect(runtimeSpecifiers("export type * from './wire/x.js';\nimport * as z from 'zod/mini';")).toEqual(['zod/mini']);
  });

  it('no web module imports zod other than as types (zod/mini is allowed)', () => {
    const offenders = filesUnder(webSrc).filter((f) => runtimeSpecifiers(fs.readFileSync(f, 'utf8')).some((s) => s === 'zod' || (s.startsWith('zod/') && s !== 'zod/mini')));
    expect(offenders.map(relative)).toEqual([]);
  });

  it('no pure domain module imports zod or a wire file at run time', () => {
    const pure = filesUnder(domainSrc).filter((f) => !f.includes(`${path.sep}wire${path.sep}`) && path.basename(f) !== 'index.ts');
    const offenders = pure.filter((f) => runtimeSpecifiers(fs.readFileSync(f, 'utf8')).some((s) => s === 'zod' || /(^|\/)wire\//.test(s) || s === './index.js'));
    expect(offenders.map(relative)).toEqual([]);
  });

  it("the domain's browser entry exports the wire files as types only, and is the web app's entry", () => {
    const entry = fs.readFileSync(path.join(domainSrc, 'browser.ts'), 'utf8');
    expect(runtimeSpecifiers(entry).filter((s) => s.includes('wire/') || s === 'zod')).toEqual([]);
    const wires = fs.readdirSync(path.join(domainSrc, 'wire')).filter((f) => f.endsWith('.ts'));
    for (const w of wires) expect(entry).toContain(`export type * from './wire/${w.replace(/\.ts$/, '.js')}';`);
    const pkg = JSON.parse(fs.readFileSync(path.join(domainSrc, '../package.json'), 'utf8')) as { exports: Record<string, Record<string, string>> };
    expect(pkg.exports['.']).toEqual({ browser: './src/browser.ts', default: './src/index.ts' });
  });
});

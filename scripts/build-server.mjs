// Compiles the server for production (decision 0018): every module of apps/server/src to its own
// ESM file under apps/server/dist, same folders, source maps beside them; @portal/domain bundled
// once into dist/_domain/index.js (its package points at TypeScript); npm packages stay imports;
// the migrations copied to dist/db/migrations, where platform/database.ts looks for them, and the
// demo's fixture files to dist/demo/fixtures; the simulated bank (packages/bank-sim) bundled into
// dist/bank-sim/main.js, which features/payouts/bank-process.ts starts as its own process.
// Run: node scripts/build-server.mjs (npm run build:server). Takes about a second.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const src = path.join(root, 'apps/server/src');
// --out=<folder>: build elsewhere (the scale-out test builds its own copy, so that it never races
// another build of apps/server/dist); a folder named dist three levels down, as apps/server/dist is,
// so that config.ts finds the repository root and node_modules resolve.
const out = process.argv.find((a) => a.startsWith('--out='))?.slice('--out='.length);
const dist = out ? path.resolve(root, out) : path.join(root, 'apps/server/dist');
const domainOut = path.join(dist, '_domain/index.js');
/** Source files that are not part of the running server: tests. */
const LEFT_OUT = [/\.test\.ts$/];

const entries = fs
  .readdirSync(src, { recursive: true, encoding: 'utf8' })
  .map((f) => f.split(path.sep).join('/'))
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts') && !LEFT_OUT.some((re) => re.test(f)))
  .map((f) => path.join(src, f));

const common = { platform: 'node', format: 'esm', target: 'node24', sourcemap: true, logLevel: 'warning', legalComments: 'none' };

/**
 * Each module compiled alone: every import stays an import (relative ones already name the .js
 * file), except @portal/domain, which points at the bundled copy. Keeps import.meta.url of every
 * module where the source had it (config.ts, database.ts, bank-process.ts rely on that).
 */
const oneModuleEach = {
  name: 'one-module-each',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind === 'entry-point') return undefined;
      if (args.path === '@portal/domain') {
        const from = path.join(dist, path.relative(src, args.resolveDir));
        let rel = path.relative(from, domainOut).split(path.sep).join('/');
        if (!rel.startsWith('.')) rel = `./${rel}`;
        return { path: rel, external: true };
      }
      if (args.path.startsWith('@portal/')) return { errors: [{ text: `${args.path}: only @portal/domain is compiled into the server` }] };
      return { path: args.path, external: true };
    });
  },
};

const started = performance.now();
fs.rmSync(dist, { recursive: true, force: true });
await Promise.all([
  esbuild.build({ ...common, entryPoints: entries, outbase: src, outdir: dist, bundle: true, plugins: [oneModuleEach] }),
  // The domain package whole, its npm imports (zod) left as imports.
  esbuild.build({ ...common, entryPoints: [path.join(root, 'packages/domain/src/index.ts')], outfile: domainOut, bundle: true, packages: 'external' }),
  // The simulated bank's process whole, its npm imports (fastify, kysely, pg, zod) left as imports.
  esbuild.build({ ...common, entryPoints: [path.join(root, 'packages/bank-sim/src/main.ts')], outfile: path.join(dist, 'bank-sim/main.js'), bundle: true, packages: 'external' }),
]);
fs.cpSync(path.join(src, 'db/migrations'), path.join(dist, 'db/migrations'), { recursive: true, filter: (f) => !path.extname(f) || f.endsWith('.sql') });
fs.cpSync(path.join(src, 'demo/fixtures'), path.join(dist, 'demo/fixtures'), { recursive: true });
console.log(`server built into ${path.relative(root, dist)}: ${entries.length} modules in ${Math.round(performance.now() - started)} ms`);

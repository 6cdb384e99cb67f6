import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import * as contracts from '../../packages/domain/src/contracts/index.js';
import { PATHS } from './src/app/paths.js';

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every built asset worth compressing, which the
 * server sends to browsers that accept them (apps/server/src/static-assets.ts: preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const assets = path.join(outDir, 'assets');
      if (!fs.existsSync(assets)) return;
      for (const name of fs.readdirSync(assets)) {
        if (!/\.(js|css|svg|json|txt|html)$/.test(name)) continue;
        const file = path.join(assets, name);
        const body = fs.readFileSync(file);
        if (body.length < 1024) continue;
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }));
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * Mantine's AppShell header, footer and aside read one class name, `RemoveScroll.classNames.zeroRight`,
 * from react-remove-scroll, which brings the whole scroll-lock component (4 kB gzip) into every
 * signed-in page. The name is a constant of react-remove-scroll-bar/constants (where RemoveScroll
 * takes it from), so those three modules read it from there; the scroll lock comes with the first
 * dialog or drawer, as it would anyway (issue 14).
 */
function appShellWithoutScrollLock(): Plugin {
  const file = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]AppShell\1\.mjs$/;
  return {
    name: 'portal:app-shell-without-scroll-lock',
    apply: 'build',
    transform(code, id) {
      if (!file.test(id)) return null;
      const importLine = "import { RemoveScroll } from 'react-remove-scroll';";
      if (!code.includes(importLine)) return null;
      return {
        code: code.replace(importLine, "import { zeroRightClassName } from 'react-remove-scroll-bar/constants';").replaceAll('RemoveScroll.classNames.zeroRight', 'zeroRightClassName'),
        map: null,
      };
    },
  };
}

/**
 * Mantine's `useId` (in @mantine/hooks) starts from React's `useId` and then, in a layout effect, sets
 * its state to a random id. Every Mantine input, check box, popover, menu and modal on the first
 * screen therefore renders twice, the second time synchronously inside React's commit, which drags
 * every passive effect of that commit into the same long task (decision 0041, issue 24). React 18+
 * gives stable, unique ids itself, so the build replaces the module with one that returns React's id
 * (or the id the component was given) and sets nothing. (The dev server pre-bundles Mantine and
 * keeps its own.)
 */
function mantineIdsFromReact(): Plugin {
  return replaceModule('portal:mantine-ids-from-react', /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/, [
    "import { useReactId } from './use-react-id.mjs';",
    'function useId(staticId) {',
    '  const reactId = useReactId();',
    "  return typeof staticId === 'string' ? staticId : reactId;",
    '}',
    'export { useId };',
  ]);
}

/**
 * Mantine's AppShell marks its root `data-resizing` while the window is resized, which sets its
 * transition duration (a CSS variable every element inherits) to 0 so that nothing slides while the
 * layout changes. Its hook also sets the mark as the shell mounts and clears it 200 ms later: that
 * change on the root restyled all ~800 elements of a signed-in page again after its first render,
 * a task of 75-200 ms on Lighthouse's 4x CPU (decision 0041, issue 24). A freshly mounted element
 * has no transition to stop, so the build replaces the hook with one that marks window resizes as
 * Mantine's does, and not the mount.
 */
function appShellResizingOnResizeOnly(): Plugin {
  return replaceModule('portal:app-shell-resizing-on-resize-only', /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]use-resizing[\\/]use-resizing\.mjs$/, [
    "import { useState, useRef, startTransition } from 'react';",
    "import { useWindowEvent } from '@mantine/hooks';",
    'function useResizing() {',
    '  const [resizing, setResizing] = useState(false);',
    '  const timeout = useRef(-1);',
    "  useWindowEvent('resize', () => {",
    '    setResizing(true);',
    '    clearTimeout(timeout.current);',
    '    timeout.current = window.setTimeout(() => startTransition(() => setResizing(false)), 200);',
    '  });',
    '  return resizing;',
    '}',
    'export { useResizing };',
  ]);
}

/**
 * Mantine's Portal (every modal, drawer and popover has one, mounted while closed) renders nothing
 * at first and, in a layout effect, finds its node and sets a state to render into it. React makes
 * an update set during its commit synchronous: it renders again at once and first runs every passive
 * effect of the commit (the queries' subscriptions and their fetches), all in the commit's task,
 * 170-200 ms of a phone's /payroll under 4x throttling (decision 0041, issue 24). The build replaces
 * it with one that finds (or makes) its node as it first renders when it has no `target`, which is
 * how the portal uses it (the shared node by default, or a node of its own appended as it mounts);
 * a `target` is still looked up after the commit, as Mantine's does, since it may be drawn by the
 * same render.
 */
function portalNodeAtFirstRender(): Plugin {
  return replaceModule('portal:portal-node-at-first-render', /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Portal[\\/]Portal\.mjs$/, [
    "import { jsx, Fragment } from 'react/jsx-runtime';",
    "import { useState } from 'react';",
    "import { createPortal } from 'react-dom';",
    "import { useIsomorphicEffect, assignRef } from '@mantine/hooks';",
    "import { useProps } from '../../core/MantineProvider/use-props/use-props.mjs';",
    "import { factory } from '../../core/factory/factory.mjs';",
    'function createPortalNode(props) {',
    "  const node = document.createElement('div');",
    "  node.setAttribute('data-portal', 'true');",
    "  typeof props.className === 'string' && node.classList.add(...props.className.split(' ').filter(Boolean));",
    "  typeof props.style === 'object' && Object.assign(node.style, props.style);",
    "  typeof props.id === 'string' && node.setAttribute('id', props.id);",
    '  return node;',
    '}',
    'function getTargetNode({ target, reuseTargetNode, ...others }) {',
    "  if (target) return typeof target === 'string' ? document.querySelector(target) || createPortalNode(others) : target;",
    '  if (reuseTargetNode) {',
    "    const existing = document.querySelector('[data-mantine-shared-portal-node]');",
    '    if (existing) return existing;',
    '    const node = createPortalNode(others);',
    "    node.setAttribute('data-mantine-shared-portal-node', 'true');",
    '    document.body.appendChild(node);',
    '    return node;',
    '  }',
    '  return createPortalNode(others);',
    '}',
    'const defaultProps = { reuseTargetNode: true };',
    'const Portal = factory((props, ref) => {',
    "  const { children, target, reuseTargetNode, ...others } = useProps('Portal', defaultProps, props);",
    '  const [own, setOwn] = useState(() => (target ? null : getTargetNode({ reuseTargetNode, ...others })));',
    '  const [found, setFound] = useState(null);',
    '  useIsomorphicEffect(() => {',
    '    if (target) setFound(getTargetNode({ target, reuseTargetNode, ...others }));',
    '    else if (!own) setOwn(getTargetNode({ reuseTargetNode, ...others })); // (a target taken away)',
    '  }, [target]);',
    '  const node = target ? found : own;',
    '  useIsomorphicEffect(() => {',
    '    assignRef(ref, node);',
    '    if (!node || target || reuseTargetNode) return undefined;',
    '    document.body.appendChild(node);',
    '    return () => node.remove();',
    '  }, [node]);',
    '  return node ? createPortal(jsx(Fragment, { children }), node) : null;',
    '});',
    "Portal.displayName = '@mantine/core/Portal';",
    'export { Portal };',
  ]);
}

/**
 * Mantine's MantineCssVariables (mounted by MantineProvider) works out the theme's CSS variables as
 * the app starts: its module computes every variable of Mantine's default theme as it is evaluated
 * (to leave out those the stylesheet already has), and its render computes them again for the
 * app's theme. Both are colour arithmetic over every palette, in the entry's evaluation and in the
 * first render on a phone's CPU (decision 0041, issue 24). The app's theme never changes while it
 * runs, so the build renders the app's MantineProvider once in Node with the same props
 * (src/app/theme.ts, mantineProviderProps), keeps the `<style>` Mantine's component wrote, and
 * replaces the component with one that renders that style. (The dev server keeps Mantine's own.)
 */
function mantineCssVariablesAtBuild(): Plugin {
  return replaceModule('portal:mantine-css-variables-at-build', /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/, async () => {
    const [{ MantineProvider }, { renderToStaticMarkup }, { createElement }, { mantineProviderProps }] = await Promise.all([
      import('@mantine/core'),
      import('react-dom/server'),
      import('react'),
      import('./src/app/theme.js'),
    ]);
    const html = renderToStaticMarkup(createElement(MantineProvider, { ...mantineProviderProps, withGlobalClasses: false }));
    const css = /^<style data-mantine-styles="true">([^<]*)<\/style>$/.exec(html)?.[1];
    if (!css) throw new Error(`portal:mantine-css-variables-at-build: MantineProvider rendered no CSS variables as expected: ${html.slice(0, 200)}`);
    return [
      "import { jsx } from 'react/jsx-runtime';",
      "import { useMantineStyleNonce } from '../Mantine.context.mjs';",
      `const css = ${JSON.stringify(css)};`,
      'function MantineCssVariables() {',
      '  const nonce = useMantineStyleNonce();',
      "  return jsx('style', { 'data-mantine-styles': true, nonce: nonce?.(), dangerouslySetInnerHTML: { __html: css } });",
      '}',
      "MantineCssVariables.displayName = '@mantine/CssVariables';",
      'export { MantineCssVariables };',
    ];
  });
}

/**
 * A module of a dependency replaced, in the build only, by the given lines, or by the lines a
 * function works out the first time the module is loaded (the dev server pre-bundles dependencies
 * and keeps its own).
 */
function replaceModule(name: string, file: RegExp, lines: string[] | (() => Promise<string[]>)): Plugin {
  let made: Promise<string[]> | null = null;
  return {
    name,
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      if (!file.test(id)) return null;
      made ??= typeof lines === 'function' ? lines() : Promise.resolve(lines);
      return [...(await made), ''].join('\n');
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * A contract (packages/domain/src/contracts, decision 0051) as the two strings it is at run time.
 * In the web app's modules, `authCalls.signIn` (an area's namespace imported from @portal/domain)
 * becomes a module-level `{ method, path }` of that module, read from the contracts themselves, so
 * a page ships the method and path of the calls it makes and nothing else: no contract module, no
 * shared chunk of contracts, no area's contracts in the sign-in bundle because one of them is
 * called there. The types are untouched (this runs on the JavaScript the TypeScript became), so
 * both sides still type-check against the contract; a namespace read any other way (the whole
 * namespace passed on, a computed key) is left as it is and bundles the contract module as before.
 */
function inlineContracts(): Plugin {
  const areas = new Map<string, Record<string, { method: string; path: string }>>();
  for (const [name, value] of Object.entries(contracts)) if (/Calls$/.test(name) && typeof value === 'object') areas.set(name, value);
  const webSource = /[\\/]apps[\\/]web[\\/]src[\\/].*\.[cm]?[jt]sx?$/;
  return {
    name: 'portal:inline-contracts',
    apply: 'build',
    transform(code, id) {
      if (!webSource.test(id) || !code.includes('@portal/domain') || !/Calls\b/.test(code)) return null;
      const program = this.parse(code) as unknown as Node;
      const local = new Map<string, string>(); // local name -> area
      for (const statement of program.body as Node[]) {
        if (statement.type !== 'ImportDeclaration' || (statement.source as { value: string }).value !== '@portal/domain') continue;
        for (const s of statement.specifiers as Node[]) {
          const imported = s.type === 'ImportSpecifier' ? (s.imported as { name: string }).name : null;
          if (imported && areas.has(imported)) local.set((s.local as { name: string }).name, imported);
        }
      }
      if (local.size === 0) return null;
      const out = new MagicString(code);
      const hoisted = new Map<string, string>(); // area.contract -> module-level name
      const visit = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(visit);
        if (!node || typeof node !== 'object' || typeof (node as Node).type !== 'string') return;
        const n = node as Node;
        const object = n.object as Node | undefined;
        const property = n.property as Node | undefined;
        if (n.type === 'MemberExpression' && !n.computed && object?.type === 'Identifier' && property?.type === 'Identifier' && local.has(object.name as string)) {
          const area = local.get(object.name as string)!;
          const contract = areas.get(area)![property.name as string];
          if (contract) {
            const key = `${area}.${property.name as string}`;
            if (code.slice(n.start, n.end) !== `${object.name as string}.${property.name as string}`) throw new Error(`portal:inline-contracts: ${id}: ${key} is not where the parser says`);
            if (!hoisted.has(key)) hoisted.set(key, `__contract_${area}_${property.name as string}`);
            out.overwrite(n.start, n.end, hoisted.get(key)!);
            return;
          }
        }
        for (const [k, v] of Object.entries(n)) if (k !== 'type' && k !== 'start' && k !== 'end') visit(v);
      };
      visit(program.body);
      if (hoisted.size === 0) return null;
      const constants = [...hoisted].map(([key, name]) => {
        const [area, contract] = key.split('.') as [string, string];
        const { method, path: at } = areas.get(area)![contract]!;
        return `const ${name} = { method: ${JSON.stringify(method)}, path: ${JSON.stringify(at)} };\n`;
      });
      out.prepend(constants.join(''));
      return { code: out.toString(), map: out.generateMap({ hires: true, source: id }) };
    },
  };
}

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** The URL path of each lazy route module (src/app/routes/<group>/<PATHS key>.tsx), as app/router.tsx mounts it. */
function pathOfRoute(group: string, name: string): string | null {
  if (group === 'signed-in' && name.startsWith('vendor') && name !== 'vendorLayout') {
    return name === 'vendors' ? PATHS.vendors : `${PATHS.vendors}/${name.charAt(6).toLowerCase()}${name.slice(7)}`;
  }
  return (PATHS as Record<string, string>)[name] ?? null;
}

/**
 * Writes .vite/route-preloads.json: for each page's path, the JavaScript and CSS its lazy modules
 * load (the signed-in frame, the vendor frame, the page, its data prefetch; their static imports) beyond what
 * index.html already loads. The server names them in index.html for the path asked for
 * (apps/server/src/static-assets.ts), so the browser fetches them with the entry, not after it.
 */
function routePreloads(): Plugin {
  let outDir = 'dist';
  let ROUTE_DATA = 'src/app/route-data';
  return {
    name: 'portal:route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      ROUTE_DATA = path.resolve(config.root, ROUTE_DATA);
    },
    writeBundle() {
      const file = path.join(outDir, '.vite/manifest.json');
      if (!fs.existsSync(file)) return;
      const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
      const closure = (keys: string[]) => {
        const seen = new Set<string>();
        const visit = (k: string) => {
          if (seen.has(k) || !manifest[k]) return;
          seen.add(k);
          for (const i of manifest[k].imports ?? []) visit(i);
        };
        keys.forEach(visit);
        return seen;
      };
      const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
      if (!entryKey) return;
      const initial = closure([entryKey]);
      const out: Record<string, { js: string[]; css: string[] }> = {};
      for (const key of Object.keys(manifest)) {
        const m = /^src\/app\/routes\/(signed-in|signed-out)\/(\w+)\.tsx$/.exec(key);
        if (!m) continue;
        const [, group, name] = m as unknown as [string, string, string];
        const at = pathOfRoute(group, name);
        if (!at) continue;
        const keys = [key];
        // The routes' prefetch (app/route-data/, decision 0041) for a page that has one, so its data is asked for at the entry's first run.
        if (fs.existsSync(path.join(ROUTE_DATA, `${name}.ts`)) && manifest['src/app/route-data/index.ts']) keys.push('src/app/route-data/index.ts');
        if (group === 'signed-in') keys.unshift('src/app/routes/signed-in/layout.tsx');
        if (group === 'signed-in' && (at === PATHS.vendors || at.startsWith(`${PATHS.vendors}/`))) keys.splice(1, 0, 'src/app/routes/signed-in/vendorLayout.tsx');
        const js: string[] = [];
        const css: string[] = [];
        for (const k of closure(keys)) {
          if (initial.has(k)) continue;
          js.push(`/${manifest[k]!.file}`);
          for (const c of manifest[k]!.css ?? []) if (!css.includes(`/${c}`)) css.push(`/${c}`);
        }
        out[at] = { js, css };
      }
      fs.writeFileSync(path.join(outDir, '.vite/route-preloads.json'), `${JSON.stringify(out, null, 1)}\n`);
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), mantineIdsFromReact(), mantineCssVariablesAtBuild(), appShellResizingOnResizeOnly(), portalNodeAtFirstRender(), inlineContracts(), appShellWithoutScrollLock(), precompress(), routePreloads()],
  // The build takes react-router's production build (its package points bundlers at the development
  // one, which differs only in its developer warnings: 0.6 kB gzip a page, decision 0051); the dev
  // server keeps the warnings.
  resolve:
    command === 'build'
      ? { alias: [{ find: /^react-router$/, replacement: path.resolve(import.meta.dirname, '../../node_modules/react-router/dist/production/index.mjs') }] }
      : {},
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // WEB_SOURCEMAP=1: source maps, to see which modules make a bundle's bytes (decision 0028).
    sourcemap: process.env.WEB_SOURCEMAP === '1',
    // The manifest tells bench/web.bench.ts which files each route loads.
    manifest: true,
    chunkSizeWarningLimit: 1000,
    // No modulepreload polyfill in the sign-in bundle (about 0.3 kB gzip of its 150 kB goal): every
    // browser the portal supports preloads modules itself; one that does not loads them on import.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the first page needs (the entry and its static imports) in one file: one
        // request, and gzip/brotli do better on one file than on a dozen small ones.
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'], priority: 1 }] },
        // A shared chunk's file is its hash alone (`c-<hash>.js`), not `<first module's name>-<hash>.js`:
        // the entry's preload map names about a hundred of them and every chunk names those it imports,
        // so the names cost every page 0.8 to 1.3 kB gzip (decision 0052). A lazily loaded module's
        // chunk and a page's (`*-page`) keep their names, which the journeys hold back by
        // (e2e/tests/on-demand.spec.ts, route-data.spec.ts).
        chunkFileNames: (chunk) => (chunk.isDynamicEntry || chunk.name.endsWith('-page') ? 'assets/[name]-[hash].js' : 'assets/c-[hash].js'),
      },
      treeshake: {
        // A contract (packages/domain/src/contracts, decision 0051) is `endpoint<S>()(method, path)`:
        // the ones no page of the bundle calls are left out.
        manualPureFunctions: ['endpoint'],
        // The web app's modules do nothing when imported (no module is imported for its effect,
        // bar the stylesheets), so a screen's code leaves out what it does not use of a barrel
        // (shared/ui, a feature's index.ts); likewise the scroll-lock helpers Mantine's modals bring.
        moduleSideEffects: [
          { test: /\.css$/, sideEffects: true },
          { test: /[\\/]src[\\/]app[\\/](first|all)-styles\.ts$/, sideEffects: true },
          { test: /[\\/]apps[\\/]web[\\/]src[\\/].*\.tsx?$/, sideEffects: false },
          { test: /[\\/]node_modules[\\/](react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton)[\\/]/, sideEffects: false },
        ],
      },
    },
  },
}));

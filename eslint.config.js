// Lint: typescript-eslint's recommended rules plus the import direction of the design brief:
// app -> features -> shared; a web feature never imports another feature; a server feature uses
// another only through its index.ts; the domain package does no I/O.
import fs from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const dirs = (p) => (fs.existsSync(p) ? fs.readdirSync(p, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);

const webFeatures = dirs('apps/web/src/features');
const serverFeatures = dirs('apps/server/src/features');

const zones = [
  // web: features do not import each other; shared imports neither features nor app
  ...webFeatures.map((f) => ({ target: `./apps/web/src/features/${f}`, from: './apps/web/src/features', except: [`./${f}`] })),
  { target: './apps/web/src/features', from: './apps/web/src/app' },
  { target: './apps/web/src/shared', from: ['./apps/web/src/features', './apps/web/src/app'] },
  // server: a feature reaches another only through its index.ts; platform and db know no feature
  ...serverFeatures.map((f) => ({
    target: `./apps/server/src/features/${f}`,
    from: './apps/server/src/features',
    except: [`./${f}`, ...serverFeatures.filter((g) => g !== f && fs.existsSync(path.join('apps/server/src/features', g, 'index.ts'))).map((g) => `./${g}/index.ts`)],
  })),
  { target: ['./apps/server/src/platform', './apps/server/src/db'], from: './apps/server/src/features' },
];

/** Query keys from the registry only (issue 14). */
const queryKeySelectors = [
  {
    // `[...] as const` and `[...] satisfies T` are array literals too (the node under the
    // property is then the TSAsExpression / TSSatisfiesExpression, not the array).
    selector: "Property[key.name=/^(queryKey|mutationKey)$/] > :matches(ArrayExpression, TSAsExpression[expression.type='ArrayExpression'], TSSatisfiesExpression[expression.type='ArrayExpression'])",
    message: 'Build query keys with a factory of shared/api/query-keys.ts, not an array literal.',
  },
  {
    selector: "CallExpression[callee.property.name=/^(setQueryData|getQueryData|setQueriesData|getQueriesData)$/] > :matches(ArrayExpression, TSAsExpression[expression.type='ArrayExpression'], TSSatisfiesExpression[expression.type='ArrayExpression']):first-child",
    message: 'Build query keys with a factory of shared/api/query-keys.ts, not an array literal.',
  },
];

// An API path as the server's routes spell them (packages/domain/src/contracts): '/auth/action' and
// '/file-upload' are pages of the web app (app/paths.ts), not calls.
const API_PATH = String.raw`/^\/(api|employer-admin|v2|roles|hrAction|samples|agreement-documents|worker-api|dev\/outbox|webhooks\/bank)(\/|$|\?)|^\/auth\/(?!action$)|^\/file-upload\//`;
/** One contract per call (issue 25, decision 0051). */
const apiPathSelectors = [
  { selector: `Literal[value=${API_PATH}]`, message: 'Call the API through its contract (packages/domain/src/contracts) with call(), not by its path.' },
  { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${API_PATH}]`, message: 'Call the API through its contract (packages/domain/src/contracts) with call(), not by its path.' },
  { selector: "CallExpression[callee.name='call'][typeArguments]", message: "A call's answer is its contract's type: no type argument." },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data*/**', 'test-results/**', 'playwright-report/**', 'bench/out/**'] },
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the modules an import names (no-cycle follows them): .ts files with the TS parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ noWarnOnMultipleProjects: true, project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json', 'e2e/tsconfig.json'] })] },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // No import cycle (issue 23): in a cycle the order modules load in decides what is defined yet.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  {
    // Type-aware rules (issue 15): a promise is awaited, returned or marked `void`; a handler that
    // returns a promise is not passed where a void callback is expected; a switch over a union
    // covers every member; no `as` that changes nothing.
    files: ['**/*.{ts,tsx}'],
    ignores: ['vitest.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    // `any` is refused in source; tests may read an untyped JSON answer as `any`.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fs', 'path', 'pg', 'react', '@portal/server', '@portal/web'], message: 'The domain package is pure: no I/O, no framework.' }] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // One registry of query keys (issue 14): a key is built by a factory of shared/api/query-keys.ts,
    // never written out as an array, so no feature invalidates another's cache by a string.
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/api/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', ...queryKeySelectors] },
  },
  {
    // One contract per call (issue 25, decision 0051): the web app's sources name no API path and
    // cast no answer; they call `call(contract, ...)` of shared/api/client.ts, which alone writes
    // the '/api' prefix.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/api/query-keys.ts', 'apps/web/src/shared/api/client.ts'],
    rules: { 'no-restricted-syntax': ['error', ...queryKeySelectors, ...apiPathSelectors] },
  },
  {
    files: ['apps/web/src/shared/api/query-keys.ts'],
    rules: { 'no-restricted-syntax': ['error', ...apiPathSelectors] },
  },
);

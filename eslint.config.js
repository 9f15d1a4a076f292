import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Server layers (docs/decisions/001-workspaces-and-layout.md, "Layers"). ESLint replaces a rule's
// options per matching block, so the route-file block repeats the module zones.
const MODULE_ZONES = [
  { regex: '^(\\.\\./)+(plugins|config)/', message: 'A module does not import plugins/ or config/: take values as deps, shared route vocabulary is in lib/route-config.ts.' },
  { regex: '^\\.\\./[^./][^/]*/[^/]*\\.repository(\\.ts)?$', message: "A module does not import another module's repository: call that module's service." },
];
const ROUTE_ZONES = [
  { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Routes do HTTP only: queries live in the module repository.' },
  { regex: '(^|/)db/schema(/|$)', message: 'Routes do HTTP only: queries live in the module repository.' },
];
const DB_ZONES = [{ regex: '^(\\.\\./)+(modules|plugins|demo)/', message: 'src/db depends on nothing above it (no modules, plugins or demo).' }];
const SERVER_TESTS = ['apps/server/src/**/*.test.ts'];

export default tseslint.config(
  { ignores: ['**/_scratch*', '**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', 'tmp/**', 'apps/server/drizzle/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/server/src/**/*.ts'],
    languageOptions: {
      globals: globals.node,
      parserOptions: { project: './apps/server/tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Floating promises in a server lose errors silently.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
    },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: MODULE_ZONES }] },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...MODULE_ZONES, ...ROUTE_ZONES] }] },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: DB_ZONES }] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Features never import each other; route files in src/app compose them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '../../*', '../../../features/*'], message: 'Features do not import each other; compose them in src/app.' }] },
      ],
    },
  },
  {
    files: ['scripts/**/*.{ts,js,mjs}', 'apps/web/e2e/**/*.ts', '**/*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);

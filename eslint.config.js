import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import boundaries from './eslint-rules/boundaries.js';

const web = (...dirs) => dirs.map((dir) => `apps/web/src/${dir}`);
const webLayers = [
  {
    name: 'Shared web code',
    dirs: web('components', 'hooks', 'lib', 'api', 'config'),
    above: web('features', 'app', 'layouts'),
  },
  { name: 'A layout', dirs: web('layouts'), above: web('features', 'app') },
  { name: 'A feature', dirs: web('features'), above: web('app', 'layouts') },
];

// The server's modules, lowest first: a module value-imports only those before it, so no two import
// each other (`import type` is free). What a lower module must cause in a higher one goes through a
// callback the higher gives at startup (deps.ts). docs/ARCHITECTURE.md, rule 5.
const serverModules = [
  'health',
  'idempotency',
  'uploads',
  'departments',
  'messaging',
  'email',
  'notifications',
  'consents',
  'users',
  'auth',
  'blogs',
  'comments',
  'seo',
  'appointments',
  'payments',
  'care-plans',
  'privacy',
  'newsletter',
  'patients',
  'dashboard',
  'fhir',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      '**/playwright-report/**',
      '**/test-results/**',
      '**/coverage/**',
      'data/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Only repositories talk to the database (docs/ARCHITECTURE.md, rule 3).
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['apps/server/src/modules/**/*.repository.ts', 'apps/server/src/modules/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries belong in a *.repository.ts file.' }],
        },
      ],
    },
  },
  {
    // Configuration is read once, in config.ts (docs/ARCHITECTURE.md, rule 4).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through config.ts.' },
      ],
    },
  },
  {
    // A module uses another only through its services (its public face), never its routes, queries
    // or helpers, and only one below it in serverModules; db/ (schema, client, migrations) imports no
    // module at all.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts'],
    plugins: { local: boundaries },
    rules: {
      'local/no-cross-boundary': ['error', { zones: [{ dir: 'apps/server/src/modules', public: ['\\.service$'] }] }],
      'local/module-direction': ['error', { dir: 'apps/server/src/modules', order: serverModules }],
    },
  },
  {
    // A web feature never imports another; the app (router, routes) composes them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    plugins: { local: boundaries },
    rules: {
      'local/no-cross-boundary': [
        'error',
        { zones: [{ dir: 'apps/web/src/features', public: [] }], aliases: { '@': 'apps/web/src' } },
      ],
    },
  },
  {
    // Web imports go one way: shared (components, hooks, lib, api, config) → features and layouts →
    // app. Layouts are the page shells the router puts features in, so they import no feature (the
    // back-office's token check is an endpoint of api/). Tests and src/testing/ render the whole
    // router to drive a page as a person would, so they may import app/.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'],
    plugins: { local: boundaries },
    rules: {
      'local/import-direction': ['error', { aliases: { '@': 'apps/web/src' }, layers: webLayers }],
    },
  },
  {
    files: ['apps/server/src/db/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/modules/**', '**/seed/**'],
              message: 'db/ holds the schema and the client only; it imports no module.',
            },
          ],
        },
      ],
    },
  },
);

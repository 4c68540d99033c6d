// One lint setup for every workspace; type-aware rules catch floating promises in server code.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// Web feature folders (apps/web/src/features/*) import the shared layers (src/shared for product
// data, fetchers and formatters; src/lib for the SDK client and the session; src/ui), never each
// other: one block per feature forbids relative paths into any sibling feature.
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// Features sit below the app (src/app: the frames and the route tree's assembly): what a feature
// needs from there moves down to src/ui or src/lib (the layout routes are in lib/layout-routes.ts).
const NO_APP = {
  regex: '^(\\.\\./)+app(/|$)',
  message: 'Features never import src/app; move what the feature needs to src/ui, src/lib or the feature.',
};
const featureBoundaries = WEB_FEATURES.map((feature) => {
  const others = WEB_FEATURES.filter((name) => name !== feature);
  return {
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    // note: an area's routes.tsx is composition (the team flow mounts the photoshoot flow's pages).
    ignores: [`apps/web/src/features/${feature}/routes.tsx`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            NO_APP,
            {
              regex: `^(\\.\\./)+(features/)?(${others.join('|')})(/|$)`,
              message: `Feature "${feature}" must not import another feature; move what both need to src/shared (product data) or src/lib.`,
            },
          ],
        },
      ],
    },
  };
});
featureBoundaries.push({
  files: ['apps/web/src/features/*/routes.tsx'],
  rules: { 'no-restricted-imports': ['error', { patterns: [NO_APP] }] },
});

// One data layer in the web app: only data/ folders (features/<x>/data/, and src/shared/data/ for
// what several features share) hold the SDK client and call the server; components use their
// query options and functions. lib/ is the client's home, testing/ and tests arrange state with it.
// The rule is @typescript-eslint's, so it adds to the feature boundaries' no-restricted-imports.
const SDK_OUTSIDE_DATA =
  'Call the server from a data/ folder (features/<x>/data/ or src/shared/data/), not from here.';
const webDataLayer = {
  files: ['apps/web/src/**/*.{ts,tsx}'],
  ignores: [
    'apps/web/src/**/data/**',
    'apps/web/src/lib/**',
    'apps/web/src/testing/**',
    'apps/web/src/**/*.test.{ts,tsx}',
  ],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          { regex: '(^|/)lib/pb$', message: SDK_OUTSIDE_DATA },
          { regex: '(^|/)admin-client$', message: SDK_OUTSIDE_DATA },
          // Types of the SDK are fine anywhere; its values (a client, its error class) are not.
          { regex: '^pocketbase$', allowTypeImports: true, message: SDK_OUTSIDE_DATA },
        ],
      },
    ],
  },
};

// Every query is a queryOptions() object from a data/ folder, which hooks, loaders and
// invalidations share: a `queryFn` is written only as queryOptions()'s or
// infiniteQueryOptions()'s argument, and those are called only in data/ folders.
const QUERY_OPTIONS_CALL = 'CallExpression[callee.name=/^(queryOptions|infiniteQueryOptions)$/]';
const INLINE_QUERY = {
  selector: `ObjectExpression:not(${QUERY_OPTIONS_CALL} > ObjectExpression) > Property[key.name="queryFn"]`,
  message: 'Write the query as queryOptions({ queryKey, queryFn }) in a data/ folder and pass that.',
};
const QUERY_OPTIONS_OUTSIDE_DATA = {
  selector: QUERY_OPTIONS_CALL,
  message: 'Define query options in a data/ folder (features/<x>/data/ or src/shared/data/).',
};
const WEB_TESTS = ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/testing/**'];
const webQueryOptions = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: WEB_TESTS,
    rules: { 'no-restricted-syntax': ['error', INLINE_QUERY] },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/data/**', ...WEB_TESTS],
    // note: the rule's options replace the block above's here, so it names both selectors.
    rules: { 'no-restricted-syntax': ['error', INLINE_QUERY, QUERY_OPTIONS_OUTSIDE_DATA] },
  },
];

// Import boundaries of the server (docs/ARCHITECTURE.md, decision 020), by the import's path.
const server = 'apps/server/src';
const banned = (message, ...regexes) => regexes.map((regex) => ({ regex, message }));
const HTTP = banned(
  'The core knows nothing of HTTP: bind routes in apis/ or modules/<area>/http/.',
  '(^|/)apis/',
  '^fastify$',
  '^@fastify/',
);
const PRODUCT = banned(
  'The platform knows nothing of the product: take it from the modules App.open gets.',
  '(^|/)modules(/|\\.js$)',
);
const APP = banned(
  'tools/ is for anything: it imports nothing of the app.',
  '(^|/)(core|apis|modules)(/|\\.js$)',
);
const boundaries = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

export const serverBoundaries = [
  boundaries([`${server}/core/**/*.ts`], [...HTTP, ...PRODUCT]),
  boundaries([`${server}/apis/**/*.ts`], PRODUCT),
  boundaries([`${server}/tools/**/*.ts`, `${server}/tools/**/*.mjs`], APP),
  // A module's own code is HTTP-free; only its http/ folder and its entry point see the HTTP layer.
  boundaries([`${server}/modules/**/*.ts`], HTTP, [
    `${server}/modules/*/http/**`,
    `${server}/modules/*/index.ts`,
  ]),
];

// No import cycles in either app (type-only imports do not count: they vanish at build time).
// The known ones, each listed by its files with the reason; nothing else may join them.
const KNOWN_CYCLE_FILES = [
  // pb.ts binds the session to the SDK's auth store as it loads, whoever loads it; auth-store.ts
  // loads pb.ts lazily (a dynamic import), so the landing page's bundle carries no SDK.
  'apps/web/src/lib/pb.ts',
  'apps/web/src/lib/auth-store.ts',
];
const noImportCycles = {
  files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
  ignores: KNOWN_CYCLE_FILES,
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx', '.js'],
    // The server imports its TypeScript files by their built `.js` names.
    'import-x/resolver-next': [
      createNodeResolver({
        extensions: ['.ts', '.tsx', '.js'],
        extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      }),
    ],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['apps/server/src/**/*.ts'],
    languageOptions: { parserOptions: { project: './apps/server/tsconfig.json' } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: Object.fromEntries(
        [
          'console',
          'process',
          'URL',
          'URLSearchParams',
          'performance',
          'setTimeout',
          'clearTimeout',
          'fetch',
          'Buffer',
          'Blob',
          'FormData',
        ].map((g) => [g, 'readonly']),
      ),
    },
  },
  ...featureBoundaries,
  webDataLayer,
  ...webQueryOptions,
  ...serverBoundaries,
  noImportCycles,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
);

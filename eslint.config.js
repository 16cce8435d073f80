import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Feature boundaries (docs/decisions/feature-boundaries.md). Every folder of `apps/<app>/src/` is a
// feature, except the shared folders, which every feature may import. A file of feature A imports
// another feature B only through B's public files:
//   *.module.ts  *.service.ts  *.port.ts  *.errors.ts  *.decorator(s).ts   (at any depth in B)
//   entities/*.entity.ts   catalogue/v<version>/index.ts (frozen reference data)   principal.ts
// Everything else of B (repositories, controllers, ciphers, rules, loaders, adapters, ...) is B's own.
// `integrations/` (the outside systems) is stricter: only each port's `<port>/<port>.port.ts` and
// `<port>/<port>.module.ts` are public, so no feature ever imports an adapter.
// Shared code depends on no feature: `common/` and `pdf/` import none. `config/` and `database/`
// are not checked: the entity list and the migrations name every feature's entities and data.
// The blocks are generated from the folders on disk, so a new feature is covered as it appears.
const SHARED_FOLDERS = new Set(['common', 'config', 'database', 'pdf']);
const SHARED_WITHOUT_FEATURES = ['common', 'pdf'];
const PUBLIC_FILES = [
  String.raw`(?:[\w.-]+/)*[\w.-]+\.(?:module|service|port|errors|decorators?)\.js`,
  String.raw`(?:[\w.-]+/)*entities/[\w.-]+\.entity\.js`,
  String.raw`(?:[\w.-]+/)*catalogue/v[\w.-]+/index\.js`,
  String.raw`principal\.js`,
];
const INTEGRATIONS_PUBLIC_FILES = [String.raw`([\w-]+)/\1\.(?:port|module)\.js`];
/**
 * Relative paths are written normalised, so the patterns below see where an import really goes:
 * no `./../`, no `a/../b`, no `a/./b` (which would carry `../claims/../customers/x.js` past them).
 */
const UNNORMALISED = {
  regex: String.raw`^\./\.\.?/|/\./|(?:^|/)(?!\.\.?/)[^/]+/\.\./`,
  message:
    'Write the relative path normalised (no ./.., a/../b or a/./b), so feature boundaries can be checked (docs/decisions/feature-boundaries.md).',
};
/** Benchmarks import from the apps and the tests' support, never the reverse. */
const NOT_BENCH = {
  regex: String.raw`(?:^|/)bench/`,
  message: 'Benchmarks import from the apps, never the reverse: move what both need into the app or its test support.',
};
/** App code imports relative modules statically: a dynamic import() would pass the boundary patterns unchecked. */
const APP_SYNTAX = [
  { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
  {
    selector: 'ImportExpression[source.type="Literal"][source.value=/^\\./]',
    message: 'Import relative modules statically (feature boundaries are checked on static imports).',
  },
];
/** Deepest folder nesting inside a feature that the blocks cover (src/<feature>/a/b/c/d/e/file.ts). */
const MAX_DEPTH = 6;

const folders = (app) =>
  readdirSync(new URL(`./apps/${app}/src/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One block per folder and depth, since a relative import reaches `src/` through as many `../` as the file is deep. */
function boundaryBlocks(app) {
  const all = folders(app);
  const features = all.filter((name) => !SHARED_FOLDERS.has(name));
  const blocks = [];
  for (const folder of [...features, ...SHARED_WITHOUT_FEATURES.filter((name) => all.includes(name))]) {
    const others = features.filter((name) => name !== folder);
    if (others.length === 0) continue;
    for (let depth = 1; depth <= MAX_DEPTH; depth++) {
      const up = String.raw`(?:\.\./){${depth}}`;
      const patterns = SHARED_FOLDERS.has(folder)
        ? [
            {
              regex: `^${up}(?:${others.map(escape).join('|')})/`,
              message: `Shared code (${folder}/) imports no feature: move what it needs to ${folder}/ or pass it in (docs/decisions/feature-boundaries.md).`,
            },
          ]
        : others.map((other) =>
            other === 'integrations'
              ? {
                  regex: `^${up}integrations/(?!(?:${INTEGRATIONS_PUBLIC_FILES.join('|')})$)`,
                  message: `${folder}/ may import integrations/ only through a port and its module (integrations/<port>/<port>.port, <port>.module): adapters are chosen by configuration, never imported (docs/decisions/feature-boundaries.md).`,
                }
              : {
                  regex: `^${up}${escape(other)}/(?!(?:${PUBLIC_FILES.join('|')})$)`,
                  message: `${folder}/ may import ${other}/ only through its public files (*.module, *.service, *.port, *.errors, *.decorators, entities/, catalogue/v*/, principal): promote the code to common/ or to a public file of ${other}/ (docs/decisions/feature-boundaries.md).`,
                },
          );
      blocks.push({
        files: [`apps/${app}/src/${folder}/${'*/'.repeat(depth - 1)}*.ts`],
        rules: { 'no-restricted-imports': ['error', { patterns: [UNNORMALISED, NOT_BENCH, ...patterns] }] },
      });
    }
  }
  return blocks;
}

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.data/', 'coverage/', 'test/clients/generated/', 'apps/console/src/api/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', globalThis: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // No consistent-type-imports: Nest resolves constructor parameters from emitted decorator
      // metadata, which needs value imports of classes that look type-only to the linter.
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // Test probes and fixtures declare classes only to be mounted by the harness.
    files: ['**/test/**/*.ts'],
    rules: { '@typescript-eslint/no-extraneous-class': 'off' },
  },
  {
    files: ['apps/*/test/**/*.ts', 'libs/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NOT_BENCH] }] },
  },
  {
    // Every app file (the blocks below add the boundary patterns per feature and depth).
    files: ['apps/*/src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [UNNORMALISED, NOT_BENCH] }],
      'no-restricted-syntax': ['error', ...APP_SYNTAX],
    },
  },
  ...boundaryBlocks('coverage-claims'),
  ...boundaryBlocks('lead-distribution'),
  {
    // The operator console (a browser app, docs/console.md): React's rules of hooks; screens are
    // loaded by a dynamic import of the service's module; Vite's config is a default export.
    files: ['apps/console/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    // A folder per screen, a component a file (docs/console.md); from the contracts only their
    // vocabulary modules, which import nothing (a DTO file would bundle Nest and class-validator).
    files: ['apps/console/src/**/*.{ts,tsx}'],
    ignores: ['apps/console/src/api/generated/**'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^@contracts/(?!(?:[\w-]+/)*[\w-]+-status$)`,
              message: 'The console imports from the contracts only their vocabulary modules (*-status.ts: no decorators, no imports).',
            },
          ],
        },
      ],
      'no-restricted-syntax': ['error', APP_SYNTAX[0]],
    },
  },
  {
    // The browser tests boot the built services and set up through the API (apps/console/e2e/support/):
    // nothing of the services' code or their tests' support.
    files: ['apps/console/e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^#(?:contracts|platform)$|^(?:\.\./)+(?:apps/)?(?:lead-distribution|coverage-claims|libs|test)/`,
              message:
                'The console’s browser tests use their own fixture (e2e/support/): no imports from the services, the libraries or their tests.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/console/src/main.tsx', 'apps/console/vite.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);

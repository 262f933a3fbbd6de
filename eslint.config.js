import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { SERVER_LAYER_ZONES, WEB_LAYER_ZONES } from './eslint/layers.js';
import { CONSOLE_WORDS_BLOCK, consoleWordsInCatalogue } from './eslint/console-words.js';
import { UNIT_PROJECT_SHARES_MODULES } from './eslint/unit-project.js';
import { SERVER_RULE_BLOCKS } from './eslint/server-rules.js';
import { FUNCTION_LENGTH_BLOCK } from './eslint/function-length.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/ssr-dist/**', '**/node_modules/**', 'data/**', 'artifacts/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2022, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: false }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.configs.strict.rules },
  },
  {
    // Only env.ts reads process.env (architecture guide).
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/env.ts', 'server/src/**/*.test.ts', 'server/src/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/src/env.ts' },
      ],
    },
  },
  ...SERVER_RULE_BLOCKS,
  {
    // The console reads and writes through features/admin/api/ (one hook per endpoint, with its cache invalidation).
    files: ['web/src/features/admin/**/*.{ts,tsx}'],
    ignores: ['web/src/features/admin/api/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Read and write through a hook of features/admin/api/ (docs/architecture.md, "Web layers")' },
      ],
    },
  },
  // The console's words: in the catalogue, in every language (eslint/console-words.js).
  CONSOLE_WORDS_BLOCK,
  {
    // A console action is one piece (components/action-form.tsx): an action card form written by hand is refused (the
    // filter bars, which act as you change them, are not actions).
    files: ['web/src/features/admin/**/*.tsx'],
    ignores: ['web/src/features/admin/components/action-form.tsx', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // This block is the last for these files: it keeps the console-words selectors too.
        ...consoleWordsInCatalogue,
        {
          selector: "JSXOpeningElement[name.name='form'] > JSXAttribute[name.name='className'][value.value='card stack']",
          message: 'A console action is an ActionForm (features/admin/components/action-form.tsx): heading, fields, buttons, outcome',
        },
      ],
    },
  },
  {
    // Every database test runs on both dialects (describe.each(DIALECTS)); one dialect only with a written reason.
    // The unit project shares one module graph per worker (vitest.config.ts, isolate: false): its tests and their
    // helpers never write process.env.
    files: [
      'server/src/**/*.test.ts',
      'server/src/test/**',
      'contract/src/**/*.test.ts',
      'catalogue/src/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^useTest(App|Database)$/] > Literal.arguments:first-child[value=/^(sqlite|postgres)$/]',
          message: 'Run a database test on both dialects: describe.each(DIALECTS) and useTestApp(dialect)',
        },
        ...UNIT_PROJECT_SHARES_MODULES,
      ],
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'stubEnv', 'stubGlobal', 'resetModules'].map((property) => ({
          object: 'vi',
          property,
          message:
            'The unit project shares modules between files (isolate: false): pass what differs in, do not replace a module or a global',
        })),
      ],
    },
  },
  {
    // The browser tests see the server from outside: its harness (server/src/test/) yes, its code no.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'server/src/(?!test/)',
              message: 'An e2e test drives the built server (HTTP, the CLI, e2e/support/): import only its harness, server/src/test/',
            },
          ],
        },
      ],
    },
  },
  {
    // One browser: its path and flags live in scripts/chromium.ts, Playwright starts it only in e2e/support/browser.ts.
    files: ['e2e/**/*.ts', 'scripts/**/*.ts'],
    ignores: ['scripts/chromium.ts', 'e2e/support/browser.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/chrom(e|ium)$/i][value=/^\\//]', message: 'The browser is CHROMIUM_PATH of scripts/chromium.ts' },
        // scripts/**/*.test.ts are in the unit project too; its rule lives here as this block is the last for them.
        ...UNIT_PROJECT_SHARES_MODULES,
        {
          selector: "MemberExpression[object.name='chromium'][property.name='launch']",
          message: 'Start the browser with launchBrowser() of e2e/support/browser.ts',
        },
      ],
    },
  },
  {
    // A file a newcomer can read at one sitting: source files stay under 300 lines (tests and the catalogues aside).
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [
      'catalogue/src/en.ts',
      'catalogue/src/sv.ts',
      'catalogue/src/console/en.ts',
      'catalogue/src/console/sv.ts',
      '**/*.test.{ts,tsx}',
    ],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  // ... and a function at one sitting too: 80 lines of its own (eslint/function-length.js).
  FUNCTION_LENGTH_BLOCK,
  {
    // Server and contract layers: see SERVER_LAYER_ZONES above. (The web layers have their own block.)
    files: ['server/src/**/*.ts', 'contract/src/**/*.ts', 'catalogue/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/src/test/**'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: { 'import/no-restricted-paths': ['error', { zones: SERVER_LAYER_ZONES }] },
  },
  {
    // Web layers: see WEB_LAYER_ZONES above.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/src/test/**'],
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: { 'import/no-restricted-paths': ['error', { zones: WEB_LAYER_ZONES }] },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importPlugin from 'eslint-plugin-import';
import { SERVER_LAYER_ZONES, WEB_LAYER_ZONES } from './eslint/layers.js';
import { CONSOLE_WORDS_BLOCK } from './eslint/console-words.js';
import { UNIT_PROJECT_SHARES_MODULES } from './eslint/unit-project.js';

/*
 * "Only db/ knows SQL" and "one door for every change" (docs/architecture.md), each sentence a selector that fails on a
 * one-line violation. Flat config gives a file the last block's `no-restricted-syntax`, so each block below lists every
 * selector that applies to its files.
 */
const SERVER_SOURCE_IGNORES = ['**/*.test.ts', 'server/src/test/**'];
const queryOutsideDb = [
  {
    selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)$/]',
    message: 'Queries live in a store under server/src/db/stores/: call the store (docs/architecture.md, "Only db/ knows SQL")',
  },
  { selector: "TaggedTemplateExpression[tag.name='sql']", message: 'SQL lives in server/src/db/: call a store or the connection' },
];
/** An engine branch: only db/dialects/ holds one (the rest of db/ too: issue 50). */
const dialectBranches = [
  {
    selector: "BinaryExpression > MemberExpression[property.name='dialect']",
    message: 'A dialect branch lives in server/src/db/dialects/: give the connection a named operation instead',
  },
  {
    selector: 'BinaryExpression > Literal[value=/^(sqlite|postgres)$/]',
    message: 'A dialect branch lives in server/src/db/dialects/: give the connection a named operation instead',
  },
  {
    selector: "MemberExpression[computed=true] > MemberExpression.property[property.name='dialect']",
    message: 'A table by dialect is a dialect branch: it lives in server/src/db/dialects/',
  },
  {
    selector: "SwitchStatement > MemberExpression.discriminant[property.name='dialect']",
    message: 'A dialect branch lives in server/src/db/dialects/',
  },
];
const sqlOutsideDb = [...queryOutsideDb, ...dialectBranches];
const oneDoor = [
  {
    selector: 'CallExpression[callee.property.name=/^(queueMail|queueWebhooks|deleteFinishedWebhooksAbout|queueCrm\\w*)$/]',
    message:
      'Mail, webhook events and CRM pushes are queued through the change of a use case (services/use-case.ts: change.mail, change.webhooks, change.crm)',
  },
  {
    selector: "CallExpression[callee.property.name='record'][callee.object.property.name=/^(auditTrail|personAuditLog)$/]",
    message: 'The audit trail is written through the change of a use case (services/use-case.ts: change.audit), with the action it records',
  },
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message: 'A use case opens its transaction through services/use-case.ts (useCases.run), which also writes its audit entry and mail',
  },
];
const noDbHandle = [
  {
    selector: "MemberExpression[property.name='db']",
    message: 'Database.db is for stores (and services passing it on as an executor): call a service or a store method',
  },
];
const noInlineMapper = [
  {
    selector: "CallExpression[callee.property.name='map'] > ArrowFunctionExpression > ObjectExpression",
    message: 'A row becomes a view in one mapper in services/ (signup-views, pilot-views, operator-views, mail-views): call it',
  },
];
const signupsOneWriter = [
  {
    selector: "CallExpression[callee.property.name=/^(insertInto|updateTable|deleteFrom)$/] > Literal[value='waitlist_signups']",
    message: 'Only db/stores/signups.ts writes waitlist_signups; change a sign-up through services/signups.ts',
  },
];
/** Database and Executor have one home outside db/: db/connection.ts (issue 50: one type, one module to import it from). */
const databaseTypesHome = {
  regex: '/db/database$',
  message: 'Import Database and Executor from db/connection.ts, their one home outside db/ (docs/architecture.md)',
};
const kyselyOnlyInDb = { name: 'kysely', message: 'Only server/src/db/ imports Kysely: stores take an Executor (db/database.ts)' };
const DB_SIGNUP_WRITERS = [
  'server/src/db/stores/signups.ts',
  'server/src/db/stores/signup-fold.ts',
  'server/src/db/stores/fit-scores.ts',
  'server/src/db/migrations/**',
];
const SERVER_RULE_BLOCKS = [
  {
    // db/: SQL lives here; each table is written by its store (waitlist_signups checked here); only dialects/ branches
    // on the engine (the migrator and the backups ask their engine: dialects/*-migrations.ts, snapshot-engines.ts).
    files: ['server/src/db/**/*.ts'],
    // fit-scores.ts writes the one column it derives (fit_score) and nothing else of a sign-up; signup-fold.ts is the
    // sign-up store's fold (its `counted`), split out of signups.ts for its length.
    ignores: [...DB_SIGNUP_WRITERS, 'server/src/db/dialects/**', ...SERVER_SOURCE_IGNORES],
    rules: { 'no-restricted-syntax': ['error', ...signupsOneWriter, ...dialectBranches] },
  },
  { files: DB_SIGNUP_WRITERS, ignores: SERVER_SOURCE_IGNORES, rules: { 'no-restricted-syntax': ['error', ...dialectBranches] } },
  {
    // services/: the rules of each use case; no SQL, and every change through use-case.ts.
    files: ['server/src/services/**/*.ts'],
    ignores: ['server/src/services/use-case.ts', ...SERVER_SOURCE_IGNORES],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb, ...oneDoor] },
  },
  {
    files: ['server/src/services/use-case.ts'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb] },
  },
  {
    // Routes, the CLI, delivery and the plumbing: they call services (and stores for reads), never the query builder.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/**', 'server/src/services/**', 'server/src/routes/**', ...SERVER_SOURCE_IGNORES],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb, ...oneDoor, ...noDbHandle] },
  },
  {
    // Routes as above, and a view is never mapped inline: each entity has one mapper in services/.
    files: ['server/src/routes/**/*.ts'],
    ignores: SERVER_SOURCE_IGNORES,
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb, ...oneDoor, ...noDbHandle, ...noInlineMapper] },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/**', ...SERVER_SOURCE_IGNORES],
    rules: { 'no-restricted-imports': ['error', { paths: [kyselyOnlyInDb], patterns: [databaseTypesHome] }] },
  },
  {
    // lib/ is pure: what reads or writes outside the process's memory lives in io/, db/ or http/.
    files: ['server/src/lib/**/*.ts'],
    ignores: SERVER_SOURCE_IGNORES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            kyselyOnlyInDb,
            ...['fs', 'fs/promises', 'dns', 'dns/promises', 'child_process', 'http', 'https', 'net', 'tls', 'dgram'].map((name) => ({
              name: `node:${name}`,
              message: 'lib/ holds pure code: files and DNS go in io/, sockets in http/ or delivery/ (docs/architecture.md)',
              ...(name === 'net' ? { importNames: ['connect', 'createConnection', 'createServer', 'Socket', 'Server'] } : {}),
            })),
            ...['pg', 'better-sqlite3', 'ioredis', 'nodemailer'].map((name) => ({
              name,
              message: 'lib/ holds pure code: drivers live in db/, http/ or delivery/',
            })),
          ],
          patterns: [databaseTypesHome],
        },
      ],
    },
  },
];

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

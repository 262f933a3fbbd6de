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
/**
 * A transaction in db/ opens nowhere but the dialects (the named operation useCases.run calls, and the migrator's):
 * a store takes the change's transaction (issue 50). The group commit gets its opener from useCases.groupCommit.
 */
const transactionInStore = [
  {
    selector: "CallExpression[callee.property.name='transaction']",
    message: 'A store writes in the transaction of a use case: take `trx: Executor` and let the service run it (useCases.run)',
  },
];
/**
 * The sign-up store's writes are the sign-up services' (signups.ts, signup-changes.ts, and count-fold.ts for the kept
 * counts' fold; others: signupChangesIn), whether the store is reached as `stores.signups` or held as `signups`.
 */
const SIGNUP_WRITES =
  '/^(insertNew|update|setConfirmed|setUnconfirmed|setLinks|setOptedOut|setConfirmationSent|setStatus|remove|foldBatch)$/';
const signupWritesFromSignupServices = [
  `CallExpression[callee.property.name=${SIGNUP_WRITES}][callee.object.property.name='signups'][callee.object.object.name='stores']`,
  `CallExpression[callee.property.name=${SIGNUP_WRITES}][callee.object.property.name='signups'][callee.object.object.property.name='stores']`,
  `CallExpression[callee.property.name=${SIGNUP_WRITES}][callee.object.type='Identifier'][callee.object.name='signups']`,
].map((selector) => ({
  selector,
  message:
    "Only the sign-up services (signups.ts, signup-changes.ts, count-fold.ts) call the sign-up store's writes: use signupChangesIn or a sign-up service",
}));
/** Database and Executor have one home outside db/: db/connection.ts (issue 50: one type, one module to import it from). */
const databaseTypesHome = {
  regex: '/db/database$',
  message: 'Import Database and Executor from db/connection.ts, their one home outside db/ (docs/architecture.md)',
};
const kyselyOnlyInDb = { name: 'kysely', message: 'Only server/src/db/ imports Kysely: stores take an Executor (db/database.ts)' };
const SIGNUP_SERVICES = ['server/src/services/signups.ts', 'server/src/services/signup-changes.ts', 'server/src/services/count-fold.ts'];
const DB_SIGNUP_WRITERS = [
  'server/src/db/stores/signups.ts',
  'server/src/db/stores/signup-fold.ts',
  'server/src/db/stores/fit-scores.ts',
  'server/src/db/migrations/**',
];
export const SERVER_RULE_BLOCKS = [
  {
    // db/: SQL lives here; each table is written by its store (waitlist_signups checked here); only dialects/ branches
    // on the engine (the migrator and the backups ask their engine: dialects/*-migrations.ts, snapshot-engines.ts).
    files: ['server/src/db/**/*.ts'],
    // fit-scores.ts writes the one column it derives (fit_score) and nothing else of a sign-up; signup-fold.ts is the
    // sign-up store's fold (its `counted`), split out of signups.ts for its length.
    ignores: [...DB_SIGNUP_WRITERS, 'server/src/db/dialects/**', ...SERVER_SOURCE_IGNORES],
    rules: { 'no-restricted-syntax': ['error', ...signupsOneWriter, ...dialectBranches, ...transactionInStore] },
  },
  {
    files: DB_SIGNUP_WRITERS,
    ignores: SERVER_SOURCE_IGNORES,
    rules: { 'no-restricted-syntax': ['error', ...dialectBranches, ...transactionInStore] },
  },
  {
    // services/: the rules of each use case; no SQL, and every change through use-case.ts.
    files: ['server/src/services/**/*.ts'],
    ignores: ['server/src/services/use-case.ts', ...SIGNUP_SERVICES, ...SERVER_SOURCE_IGNORES],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb, ...oneDoor, ...signupWritesFromSignupServices] },
  },
  { files: SIGNUP_SERVICES, ignores: SERVER_SOURCE_IGNORES, rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb, ...oneDoor] } },
  {
    files: ['server/src/services/use-case.ts'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb] },
  },
  {
    // Routes, the CLI, delivery and the plumbing: they call services (and stores for reads), never the query builder.
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/db/**', 'server/src/services/**', 'server/src/routes/**', ...SERVER_SOURCE_IGNORES],
    rules: { 'no-restricted-syntax': ['error', ...sqlOutsideDb, ...oneDoor, ...noDbHandle, ...signupWritesFromSignupServices] },
  },
  {
    // Routes as above, and a view is never mapped inline: each entity has one mapper in services/.
    files: ['server/src/routes/**/*.ts'],
    ignores: SERVER_SOURCE_IGNORES,
    rules: {
      'no-restricted-syntax': ['error', ...sqlOutsideDb, ...oneDoor, ...noDbHandle, ...noInlineMapper, ...signupWritesFromSignupServices],
    },
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

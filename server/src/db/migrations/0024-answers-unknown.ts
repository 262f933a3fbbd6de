import type { Migration } from './ddl';

// Migration 24: a sign-up's answers may be unknown (issue 38 item 5). A list of addresses a founder imports (a Mailchimp
// export, another waitlist) has no role, company size or outcomes: those people are stored with NULL there until they
// answer on their own page. The CHECK constraints stay as they were (NULL passes a CHECK; a wrong value still does
// not), and the public form still requires every answer (contract/src/schemas.ts). docs/decisions/0040.
// - PostgreSQL: DROP NOT NULL, a change of the catalogue only (no rewrite, no scan).
// - SQLite cannot drop a NOT NULL with ALTER TABLE. Its documented way for removing NOT NULL constraints without
//   rebuilding the table is an edit of the table's CREATE statement in sqlite_schema (https://sqlite.org/lang_altertable.html,
//   "making other kinds of table schema changes"): the migrator does it (migrator.ts: editSqliteSchema), in the
//   migration's transaction, instantly at any size.
const COLUMNS = ['role', 'company_size', 'desired_outcomes'] as const;

export const answersUnknown: Migration = {
  version: 24,
  name: 'answers may be unknown (imported without them)',
  postgres: [`ALTER TABLE waitlist_signups ${COLUMNS.map((c) => `ALTER COLUMN ${c} DROP NOT NULL`).join(', ')}`],
  sqlite: [],
  sqliteSchemaEdits: [{ table: 'waitlist_signups', replace: COLUMNS.map((c) => [`${c} TEXT NOT NULL,`, `${c} TEXT,`] as const) }],
};

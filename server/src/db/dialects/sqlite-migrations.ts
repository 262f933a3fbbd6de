import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { Migration, MigrationEngine } from '../migrations/ddl';
import type { Schema } from '../schema';

/**
 * SQLite's documented way of removing constraints without rebuilding a table (https://sqlite.org/lang_altertable.html,
 * "making other kinds of table schema changes"): with writable_schema on, the table's CREATE statement in sqlite_schema
 * is rewritten, and the schema version raised by one so every connection reads the schema again. better-sqlite3 opens
 * databases in defensive mode, which refuses writes to sqlite_schema: it is lifted for these statements only.
 */
async function editSqliteSchema(
  trx: Kysely<Schema>,
  sqlite: BetterSqlite3.Database | undefined,
  edits: NonNullable<Migration['sqliteSchemaEdits']>,
): Promise<void> {
  if (!sqlite) throw new Error('This migration edits the SQLite schema: migrate it with the database it opened (migrate(database))');
  const { rows } = await sql<{ schema_version: number }>`PRAGMA schema_version`.execute(trx);
  const version = Number(rows[0]!.schema_version);
  sqlite.unsafeMode(true);
  try {
    await sql`PRAGMA writable_schema = ON`.execute(trx);
    for (const { table, replace } of edits) {
      const found = await sql<{ sql: string }>`SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = ${table}`.execute(trx);
      let text = found.rows[0]?.sql;
      if (text === undefined) throw new Error(`No table ${table} to edit`);
      for (const [from, to] of replace) {
        const at = text.indexOf(from);
        if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`"${from}" is not once in the statement of ${table}`);
        text = text.slice(0, at) + to + text.slice(at + from.length);
      }
      await sql`UPDATE sqlite_schema SET sql = ${text} WHERE type = 'table' AND name = ${table}`.execute(trx);
    }
    await sql.raw(`PRAGMA schema_version = ${version + 1}`).execute(trx);
  } finally {
    try {
      await sql`PRAGMA writable_schema = OFF`.execute(trx);
    } finally {
      // Defensive mode back on, whatever happened above.
      sqlite.unsafeMode(false);
    }
  }
}

/**
 * How SQLite migrates (db/migrations/migrator.ts): one process owns the file, so no lock; every migration in a
 * transaction, its schema edits (`sqliteSchemaEdits`) after its statements. `sqlite`: the handle the edits need.
 */
export const sqliteMigrations = (sqlite?: BetterSqlite3.Database): MigrationEngine => ({
  lock: async () => undefined,
  unlock: async () => undefined,
  recordTable:
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))",
  async apply(connection, migration, record) {
    await connection.transaction().execute(async (trx) => {
      for (const statement of migration.sqlite) await sql.raw(statement).execute(trx);
      if (migration.sqliteSchemaEdits) await editSqliteSchema(trx, sqlite, migration.sqliteSchemaEdits);
      await record(trx);
    });
  },
});

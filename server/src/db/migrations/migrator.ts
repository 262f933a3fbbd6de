import type BetterSqlite3 from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import type { Schema } from '../schema';
import type { Migration } from './ddl';

const LOCK_KEY = 727274;

/** An index a `CREATE INDEX CONCURRENTLY` statement builds (for dropping one a killed run left invalid). */
const CONCURRENT_INDEX = /^\s*CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+(\w+)/i;

/**
 * Applies the pending ones of `list` (by version), each in a transaction of its own with its record in
 * schema_migrations, so a long migration never holds the tables the ones before it changed. On PostgreSQL a
 * session-level advisory lock, held on one connection for the whole run, serialises N copies starting at once, and a
 * migration marked `outsideTransaction` runs statement by statement (ddl.ts). Answers the versions it applied.
 */
export async function applyMigrations(
  db: Kysely<Schema>,
  dialect: DialectName,
  list: readonly Migration[],
  /** SQLite's handle, for a migration that edits the schema (`sqliteSchemaEdits`). */
  sqlite?: BetterSqlite3.Database,
): Promise<number[]> {
  return db.connection().execute(async (connection) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_lock(${LOCK_KEY})`.execute(connection);
    try {
      await sql
        .raw(
          dialect === 'postgres'
            ? `CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`
            : `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
        )
        .execute(connection);
      const done = new Set((await connection.selectFrom('schema_migrations').select('version').execute()).map((r) => Number(r.version)));
      const applied: number[] = [];
      for (const migration of [...list].sort((a, b) => a.version - b.version)) {
        if (done.has(migration.version)) continue;
        const record = (executor: Kysely<Schema>) =>
          // When it was done (a transaction's now() is when it began).
          executor
            .insertInto('schema_migrations')
            .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
            .execute();
        if (dialect === 'postgres' && migration.outsideTransaction) {
          for (const statement of migration.postgres) {
            const index = CONCURRENT_INDEX.exec(statement)?.[1];
            if (index) await dropInvalidIndex(connection, index);
            await sql.raw(statement).execute(connection);
          }
          await record(connection);
        } else {
          await connection.transaction().execute(async (trx) => {
            for (const statement of migration[dialect]) await sql.raw(statement).execute(trx);
            if (dialect === 'sqlite' && migration.sqliteSchemaEdits) await editSqliteSchema(trx, sqlite, migration.sqliteSchemaEdits);
            await record(trx);
          });
        }
        applied.push(migration.version);
      }
      return applied;
    } finally {
      if (dialect === 'postgres') await sql`SELECT pg_advisory_unlock(${LOCK_KEY})`.execute(connection);
    }
  });
}

/** A concurrent index build that died (a killed process, a cancelled statement) leaves the index invalid: drop it. */
async function dropInvalidIndex(connection: Kysely<Schema>, name: string): Promise<void> {
  const { rows } = await sql<{ valid: boolean }>`
    SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relname = ${name} AND pg_table_is_visible(c.oid)`.execute(connection);
  if (rows[0] && !rows[0].valid) await sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`).execute(connection);
}

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

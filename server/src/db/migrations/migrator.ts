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
export async function applyMigrations(db: Kysely<Schema>, dialect: DialectName, list: readonly Migration[]): Promise<number[]> {
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

import { sql, type Kysely } from 'kysely';
import type { MigrationEngine } from '../migrations/ddl';
import type { Schema } from '../schema';

const LOCK_KEY = 727274;

/** An index a `CREATE INDEX CONCURRENTLY` statement builds (for dropping one a killed run left invalid). */
const CONCURRENT_INDEX = /^\s*CREATE\s+(?:UNIQUE\s+)?INDEX\s+CONCURRENTLY\s+IF\s+NOT\s+EXISTS\s+(\w+)/i;

/** A concurrent index build that died (a killed process, a cancelled statement) leaves the index invalid: drop it. */
async function dropInvalidIndex(connection: Kysely<Schema>, name: string): Promise<void> {
  const { rows } = await sql<{ valid: boolean }>`
    SELECT i.indisvalid AS valid FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
    WHERE c.relname = ${name} AND pg_table_is_visible(c.oid)`.execute(connection);
  if (rows[0] && !rows[0].valid) await sql.raw(`DROP INDEX CONCURRENTLY IF EXISTS ${name}`).execute(connection);
}

/**
 * How PostgreSQL migrates (db/migrations/migrator.ts): a session-level advisory lock, held on one connection for the
 * whole run, serialises N copies starting at once; a migration marked `outsideTransaction` runs statement by statement
 * (`CREATE INDEX CONCURRENTLY`), an index a killed run left invalid dropped and built again.
 */
export const postgresMigrations: MigrationEngine = {
  lock: async (connection) => void (await sql`SELECT pg_advisory_lock(${LOCK_KEY})`.execute(connection)),
  unlock: async (connection) => void (await sql`SELECT pg_advisory_unlock(${LOCK_KEY})`.execute(connection)),
  recordTable:
    'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  async apply(connection, migration, record) {
    if (migration.outsideTransaction) {
      for (const statement of migration.postgres) {
        const index = CONCURRENT_INDEX.exec(statement)?.[1];
        if (index) await dropInvalidIndex(connection, index);
        await sql.raw(statement).execute(connection);
      }
      await record(connection);
      return;
    }
    await connection.transaction().execute(async (trx) => {
      for (const statement of migration.postgres) await sql.raw(statement).execute(trx);
      await record(trx);
    });
  },
};

import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connection';
import type { Schema } from '../schema';
import type { Migration } from './ddl';

/**
 * Applies the pending ones of `list` (by version) in one transaction, recording each in schema_migrations; on
 * PostgreSQL an advisory lock serialises N copies starting at once. Answers the versions it applied.
 */
export async function applyMigrations(db: Kysely<Schema>, dialect: DialectName, list: readonly Migration[]): Promise<number[]> {
  const applied: number[] = [];
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(727274)`.execute(trx);
    await sql
      .raw(
        dialect === 'postgres'
          ? `CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`
          : `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
      )
      .execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => Number(r.version)));
    for (const migration of [...list].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      for (const statement of migration[dialect]) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: migration.version, name: migration.name }).execute();
      applied.push(migration.version);
    }
  });
  return applied;
}

import { sql, type Kysely } from 'kysely';
import type { Schema } from '../schema';
import type { Migration, MigrationEngine } from './ddl';

/**
 * Applies the pending ones of `list` (by version), each with its record in schema_migrations, so a long migration
 * never holds the tables the ones before it changed. How each engine locks, records and runs a migration is its
 * `engine` (db/dialects/postgres-migrations.ts, sqlite-migrations.ts): this loop is the same for both. Answers the
 * versions it applied.
 */
export async function applyMigrations(db: Kysely<Schema>, engine: MigrationEngine, list: readonly Migration[]): Promise<number[]> {
  return db.connection().execute(async (connection) => {
    await engine.lock(connection);
    try {
      await sql.raw(engine.recordTable).execute(connection);
      const done = new Set((await connection.selectFrom('schema_migrations').select('version').execute()).map((r) => Number(r.version)));
      const applied: number[] = [];
      for (const migration of [...list].sort((a, b) => a.version - b.version)) {
        if (done.has(migration.version)) continue;
        await engine.apply(connection, migration, (executor) =>
          // When it was done (a transaction's now() is when it began).
          executor
            .insertInto('schema_migrations')
            .values({ version: migration.version, name: migration.name, applied_at: new Date().toISOString() })
            .execute(),
        );
        applied.push(migration.version);
      }
      return applied;
    } finally {
      await engine.unlock(connection);
    }
  });
}

import path from 'node:path';
import { sql } from 'kysely';
import type { Database } from './connection';
import { isNoSuchTable } from './errors';
import { dialectOfUrl, snapshotEngine, type SnapshotProgress } from './dialects/snapshot-engines';

/**
 * A consistent copy of the whole database while the server keeps serving, and putting one back (docs/decisions/0023):
 * what a backup is, whatever the engine; how each engine copies and restores is its SnapshotEngine
 * (db/dialects/snapshot-engines.ts).
 */

export { OWNER_ONLY_DIR, OWNER_ONLY_FILE, SnapshotToolMissing, pgConnection, type SnapshotProgress } from './dialects/snapshot-engines';

/** Whether a backup of `dialect` can be restored into the database DATABASE_URL (or DATA_DIR) names. */
export const sameEngine = (dialect: Database['dialect'], databaseUrl: string | undefined): boolean => dialectOfUrl(databaseUrl) === dialect;

/** The server takes its own backups only on SQLite; PostgreSQL is backed up with its own tools (docs/deployment.md). */
export const takesOwnBackups = (database: Database): boolean => snapshotEngine(database.dialect).takesOwnBackups;

/** What a backup's manifest says of the database: its schema version and how many sign-ups it holds (0 and 0 when empty). */
export async function databaseFacts(database: Database): Promise<{ schemaVersion: number; signups: number }> {
  try {
    const version = await sql<{ v: number | null }>`SELECT max(version) AS v FROM schema_migrations`.execute(database.db);
    const count = await database.db
      .selectFrom('waitlist_signups')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    return { schemaVersion: Number(version.rows[0]?.v ?? 0), signups: Number(count?.n ?? 0) };
  } catch (error) {
    if (isNoSuchTable(error)) return { schemaVersion: 0, signups: 0 };
    throw error;
  }
}

/** The file name a snapshot of this dialect gets. */
export const snapshotExtension = (dialect: Database['dialect']) => snapshotEngine(dialect).extension;

/** Writes a snapshot of `database` to `file` (which must not exist yet); `progress` hears of the bytes done. */
export const writeSnapshot = (database: Database, file: string, databaseUrl: string | undefined, progress?: SnapshotProgress) =>
  snapshotEngine(database.dialect).write(database, file, databaseUrl, progress);

/**
 * Puts a snapshot back. SQLite: the file replaces DATA_DIR's database (the server must be stopped: the file is swapped
 * under it). PostgreSQL: `pg_restore --clean` into the database, in one transaction.
 */
export const readSnapshot = (
  dialect: Database['dialect'],
  file: string,
  target: { dataDir: string; databaseUrl: string | undefined },
  progress?: SnapshotProgress,
) => snapshotEngine(dialect).read(file, target, progress);

export const backupNamePattern = /^waitlist-\d{8}T\d{6}Z\.(sqlite\.gz|pgdump)$/;
export const backupName = (at: Date, dialect: Database['dialect']) =>
  `waitlist-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.${snapshotExtension(dialect)}`;
export const manifestOf = (file: string) => `${file}.json`;
export const checksumOf = (file: string) => `${file}.sha256`;
export const inDir = (dir: string, name: string) => path.join(dir, name);

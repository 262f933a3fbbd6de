import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import { sqliteFile, type Database } from './connection';

/**
 * A consistent copy of the whole database while the server keeps serving, and putting one back (docs/decisions/0023).
 * SQLite: `VACUUM INTO` (a transaction-consistent copy, read while writers go on), gzipped. PostgreSQL: `pg_dump -Fc`
 * (one snapshot, compressed), restored with `pg_restore`; both tools must be installed where this runs.
 */

export class SnapshotToolMissing extends Error {}

/** Backups hold every person's data: readable and writable by the server's user only. */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIR = 0o700;

/**
 * How a PostgreSQL client tool reaches `databaseUrl`: the address without its password on the command line (which any
 * local user can read in /proc/PID/cmdline), the password in the tool's environment (PGPASSWORD), which only the
 * user running it can read.
 */
export function pgConnection(databaseUrl: string | undefined): { dbname: string; env: Record<string, string> } {
  if (!databaseUrl) throw new Error('No DATABASE_URL to reach PostgreSQL with');
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: `--dbname=${url.toString()}`, env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a PostgreSQL client tool on `databaseUrl`; a missing one is said plainly. */
function runTool(tool: 'pg_dump' | 'pg_restore', databaseUrl: string | undefined, args: string[]): Promise<void> {
  const connection = pgConnection(databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, connection.dbname], {
      stdio: ['ignore', 'ignore', 'pipe'],
      // The tool inherits the server's environment (PATH, PG* settings), not configuration read here; plus its password.
      // eslint-disable-next-line no-restricted-properties
      env: { ...process.env, ...connection.env },
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new SnapshotToolMissing(
              `${tool} is not installed: install PostgreSQL's client tools of the server's major version (Debian: apt-get install postgresql-client)`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} failed (exit ${code}): ${stderr.trim().slice(0, 500)}`)),
    );
  });
}

/** Which engine a database configured with (or without) DATABASE_URL runs on. */
const engineFor = (databaseUrl: string | undefined): Database['dialect'] => (databaseUrl ? 'postgres' : 'sqlite');

/** Whether a backup of `dialect` can be restored into the database DATABASE_URL (or DATA_DIR) names. */
export const sameEngine = (dialect: Database['dialect'], databaseUrl: string | undefined): boolean => engineFor(databaseUrl) === dialect;

/** The server takes its own backups only on SQLite; PostgreSQL is backed up with its own tools (docs/deployment.md). */
export const takesOwnBackups = (database: Database): boolean => database.dialect === 'sqlite';

/** A database that has no tables yet (never migrated): SQLite "no such table", PostgreSQL 42P01. */
const noSuchTable = (error: unknown) =>
  /no such table/i.test(String((error as { message?: unknown }).message)) || (error as { code?: unknown }).code === '42P01';

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
    if (noSuchTable(error)) return { schemaVersion: 0, signups: 0 };
    throw error;
  }
}

/** The file name a snapshot of this dialect gets. */
export const snapshotExtension = (dialect: Database['dialect']) => (dialect === 'sqlite' ? 'sqlite.gz' : 'pgdump');

/** Told how many bytes are done of how many (null: not known ahead, as pg_dump's output). */
export type SnapshotProgress = (done: number, total: number | null) => void;

/** A pass-through that counts the bytes going by and tells `progress` of the total `total`. */
const counting = (total: number, progress: SnapshotProgress | undefined) => {
  let done = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      done += chunk.length;
      progress?.(done, total);
      callback(null, chunk);
    },
  });
};

/** Reports the size of `file` while pg_dump writes it, until `work` ends. */
async function watchingSize<T>(file: string, progress: SnapshotProgress | undefined, work: Promise<T>): Promise<T> {
  if (!progress) return work;
  const timer = setInterval(() => {
    fs.promises.stat(file).then(
      (s) => progress(s.size, null),
      () => undefined,
    );
  }, 500);
  try {
    return await work;
  } finally {
    clearInterval(timer);
  }
}

/** Writes a snapshot of `database` to `file` (which must not exist yet); `progress` hears of the bytes done. */
export async function writeSnapshot(
  database: Database,
  file: string,
  databaseUrl: string | undefined,
  progress?: SnapshotProgress,
): Promise<void> {
  if (database.dialect === 'postgres') {
    // The file is made owner-only before the tool writes into it (it keeps the mode it finds).
    await (await fs.promises.open(file, 'wx', OWNER_ONLY_FILE)).close();
    const dump = runTool('pg_dump', databaseUrl, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`]);
    await watchingSize(file, progress, dump);
    return;
  }
  const raw = `${file}.partial.sqlite`;
  try {
    await sql`VACUUM INTO ${raw}`.execute(database.db);
    await pipeline(
      fs.createReadStream(raw),
      counting((await fs.promises.stat(raw)).size, progress),
      zlib.createGzip({ level: 6 }),
      fs.createWriteStream(file, { flags: 'wx', mode: OWNER_ONLY_FILE }),
    );
  } finally {
    await fs.promises.rm(raw, { force: true });
  }
}

/**
 * Puts a snapshot back. SQLite: the file replaces DATA_DIR's database (the server must be stopped: the file is swapped
 * under it). PostgreSQL: `pg_restore --clean` into the database, in one transaction.
 */
export async function readSnapshot(
  dialect: Database['dialect'],
  file: string,
  target: { dataDir: string; databaseUrl: string | undefined },
  progress?: SnapshotProgress,
): Promise<void> {
  if (dialect === 'postgres') {
    await runTool('pg_restore', target.databaseUrl, [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      file,
    ]);
    return;
  }
  const destination = sqliteFile(target.dataDir);
  const incoming = `${destination}.restoring`;
  await fs.promises.mkdir(target.dataDir, { recursive: true });
  await pipeline(
    fs.createReadStream(file),
    counting((await fs.promises.stat(file)).size, progress),
    zlib.createGunzip(),
    fs.createWriteStream(incoming),
  );
  // The old database's journal must not be replayed over the restored one.
  for (const suffix of ['-wal', '-shm']) await fs.promises.rm(`${destination}${suffix}`, { force: true });
  await fs.promises.rename(incoming, destination);
}

export const backupNamePattern = /^waitlist-\d{8}T\d{6}Z\.(sqlite\.gz|pgdump)$/;
export const backupName = (at: Date, dialect: Database['dialect']) =>
  `waitlist-${at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')}.${snapshotExtension(dialect)}`;
export const manifestOf = (file: string) => `${file}.json`;
export const checksumOf = (file: string) => `${file}.sha256`;
export const inDir = (dir: string, name: string) => path.join(dir, name);

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { sql } from 'kysely';
import type { Database, DialectName } from '../database';
import { sqliteFile } from './sqlite';

/**
 * How each engine copies the whole database while the server serves, and puts a copy back (db/snapshots.ts asks the
 * engine of the database, or of the backup; docs/decisions/0023). SQLite: `VACUUM INTO` (a transaction-consistent copy,
 * read while writers go on), gzipped. PostgreSQL: `pg_dump -Fc` (one snapshot, compressed), restored with
 * `pg_restore`; both tools must be installed where this runs.
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

export interface SnapshotEngine {
  /** The file name's ending of its snapshots. */
  extension: string;
  /** Whether the server takes its own backups (SQLite); PostgreSQL is backed up with its own tools (docs/deployment.md). */
  takesOwnBackups: boolean;
  /** Writes a snapshot of `database` to `file` (which must not exist yet); `progress` hears of the bytes done. */
  write(database: Database, file: string, databaseUrl: string | undefined, progress?: SnapshotProgress): Promise<void>;
  /** Puts a snapshot back into the database `target` names. */
  read(file: string, target: { dataDir: string; databaseUrl: string | undefined }, progress?: SnapshotProgress): Promise<void>;
}

const postgresSnapshots: SnapshotEngine = {
  extension: 'pgdump',
  takesOwnBackups: false,
  async write(_database, file, databaseUrl, progress) {
    // The file is made owner-only before the tool writes into it (it keeps the mode it finds).
    await (await fs.promises.open(file, 'wx', OWNER_ONLY_FILE)).close();
    const dump = runTool('pg_dump', databaseUrl, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`]);
    await watchingSize(file, progress, dump);
  },
  // `pg_restore --clean` into the database, in one transaction.
  async read(file, target) {
    await runTool('pg_restore', target.databaseUrl, [
      '--clean',
      '--if-exists',
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      file,
    ]);
  },
};

const sqliteSnapshots: SnapshotEngine = {
  extension: 'sqlite.gz',
  takesOwnBackups: true,
  async write(database, file, _databaseUrl, progress) {
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
  },
  // The file replaces DATA_DIR's database (the server must be stopped: the file is swapped under it).
  async read(file, target, progress) {
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
  },
};

/** The engine a database runs on, or a backup was taken on. */
export const snapshotEngine = (dialect: DialectName): SnapshotEngine => (dialect === 'postgres' ? postgresSnapshots : sqliteSnapshots);

/** Which engine a database configured with (or without) DATABASE_URL runs on. */
export const dialectOfUrl = (databaseUrl: string | undefined): DialectName => (databaseUrl ? 'postgres' : 'sqlite');

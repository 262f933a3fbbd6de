import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase, type Database } from '../db/connection';
import { migrateDatabase } from '../db/migrations';
import { createStores } from '../db/stores';
import {
  backupName,
  backupNamePattern,
  checksumOf,
  databaseFacts,
  manifestOf,
  OWNER_ONLY_DIR,
  OWNER_ONLY_FILE,
  readSnapshot,
  type SnapshotProgress,
  sameEngine,
  takesOwnBackups,
  writeSnapshot,
} from '../db/snapshots';
import { ledgerHash } from '../io/erasure-ledger';
import { ERASURE_LEDGER_KEY, createServices } from './index';
import { createUseCases } from './use-case';

/**
 * Backups and restores that honour erasure (docs/decisions/0023): a snapshot with a manifest (when it began, what it
 * holds, its SHA-256) and a `sha256sum` file beside it; a restore checks the sum first, refuses a database that holds
 * sign-ups unless forced, migrates, and erases again everyone the erasure ledger says was erased after the snapshot began.
 */
export interface BackupManifest {
  format: 'waitlist-backup/1';
  file: string;
  dialect: Database['dialect'];
  /** When the snapshot began: every sign-up acknowledged before it is in it. */
  created_at: string;
  schema_version: number;
  signups: number;
  bytes: number;
  sha256: string;
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const toolStores = (database: Database) => createStores(database);

/** Takes a backup into `outDir`; answers its path and manifest. */
export async function takeBackup(
  database: Database,
  options: { outDir: string; databaseUrl: string | undefined; now?: () => Date; progress?: SnapshotProgress },
): Promise<{ file: string; manifest: BackupManifest }> {
  // The erasure ledger's key goes into every backup, so a restore can read the ledger's hashes.
  const stores = toolStores(database);
  await createUseCases({ database, stores }).run(({ trx }) => stores.serverSecrets.getOrMake(trx, ERASURE_LEDGER_KEY));
  const startedAt = (options.now ?? (() => new Date()))();
  // The directory and every file in it are the server's user's only: a backup holds every person's data.
  await fs.promises.mkdir(options.outDir, { recursive: true, mode: OWNER_ONLY_DIR });
  await fs.promises.chmod(options.outDir, OWNER_ONLY_DIR);
  const { signups, schemaVersion: version } = await databaseFacts(database);
  const file = path.join(options.outDir, backupName(startedAt, database.dialect));
  // Written under another name and given its own only once whole, after its manifest and sum: a backup under its name
  // is complete, and one cut short (a crash, a full disk) is never listed, kept in place of a good one, or restored.
  const partial = partialOf(file);
  try {
    await database.withoutTimeouts(async () => writeSnapshot(database, partial, options.databaseUrl, options.progress));
    const [sha256, stat] = await Promise.all([sha256OfFile(partial), fs.promises.stat(partial)]);
    const manifest: BackupManifest = {
      format: 'waitlist-backup/1',
      file: path.basename(file),
      dialect: database.dialect,
      created_at: startedAt.toISOString(),
      schema_version: version,
      signups,
      bytes: stat.size,
      sha256,
    };
    await fs.promises.writeFile(manifestOf(file), `${JSON.stringify(manifest, null, 2)}\n`, { mode: OWNER_ONLY_FILE });
    await fs.promises.writeFile(checksumOf(file), `${sha256}  ${path.basename(file)}\n`, { mode: OWNER_ONLY_FILE });
    await fs.promises.rename(partial, file);
    return { file, manifest };
  } catch (error) {
    for (const f of [partial, manifestOf(file), checksumOf(file)]) await fs.promises.rm(f, { force: true });
    throw error;
  }
}

/** `npm run backup`: a backup taken from the command line, recorded in the audit trail. */
export async function takeBackupFromCommandLine(
  database: Database,
  options: { outDir: string; databaseUrl: string | undefined; progress?: SnapshotProgress },
) {
  const taken = await takeBackup(database, options);
  await createUseCases({ database, stores: toolStores(database) }).record({
    action: 'cli.backup',
    operatorId: null,
    target: taken.manifest.file,
    detail: `${taken.manifest.signups} sign-ups`,
  });
  return taken;
}

const partialOf = (file: string) => `${file}.partial`;
/** What a backup cut short by a crash leaves behind is removed by the next prune once it is this old. */
const LEFTOVER_AGE_MS = 24 * 3_600_000;

/** The backups in `dir`, newest first (by the time in their names). */
export async function listBackups(dir: string): Promise<BackupManifest[]> {
  if (!fs.existsSync(dir)) return [];
  const names = (await fs.promises.readdir(dir))
    .filter((name) => backupNamePattern.test(name))
    .sort()
    .reverse();
  const manifests: BackupManifest[] = [];
  for (const name of names) {
    try {
      const manifest = JSON.parse(await fs.promises.readFile(manifestOf(path.join(dir, name)), 'utf8')) as BackupManifest;
      // A manifest speaks only for the file beside it: one that names another (`../…`, an absolute path) is not a
      // backup, so nothing a manifest says can make the prune delete outside BACKUP_DIR.
      if (manifest.file === name) manifests.push(manifest);
    } catch {
      // A backup without its manifest (cut short): not one to list or keep.
    }
  }
  return manifests;
}

/**
 * Keeps the newest `keep` complete backups in `dir` (those with their manifest) and deletes the older ones with their
 * manifests and sums; what a backup cut short left behind goes once it is a day old (a backup may be under way now).
 * Answers how many backups it deleted.
 */
export async function pruneBackups(dir: string, keep: number, now = Date.now()): Promise<number> {
  const complete = await listBackups(dir);
  for (const { file: name } of complete.slice(keep)) {
    const file = path.join(dir, name);
    for (const f of [file, manifestOf(file), checksumOf(file)]) await fs.promises.rm(f, { force: true });
  }
  const kept = new Set(complete.map((m) => m.file));
  for (const name of await fs.promises.readdir(dir)) {
    // The backup a file belongs to: itself, or the name before `.partial`, `.json`, `.sha256` (and SQLite's raw copy).
    const backup = name.replace(/(\.(partial|sqlite|json|sha256))+$/, '');
    if (!backupNamePattern.test(backup) || kept.has(backup)) continue;
    const file = path.join(dir, name);
    const { mtimeMs } = await fs.promises.stat(file).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > LEFTOVER_AGE_MS) await fs.promises.rm(file, { force: true });
  }
  return Math.max(0, complete.length - keep);
}

export class RestoreRefused extends Error {}

/** How long before a snapshot began an erasure may have begun and still committed after it (transactions are short). */
const ERASURE_OVERLAP_MS = 10 * 60_000;

export interface RestoreResult {
  manifest: BackupManifest;
  signups: number;
  /** People the erasure ledger says were erased after the backup began, erased again. */
  erasedAgain: number;
  migrations: number[];
}

/**
 * Restores `file` into the configured database. Checks the sum first; refuses a database that already holds sign-ups
 * unless `force`; migrates; then applies the erasure ledger's entries newer than the backup.
 */
export async function restoreBackup(options: {
  file: string;
  dataDir: string;
  databaseUrl: string | undefined;
  ledgerFile: string | null;
  force: boolean;
  /** Told of the bytes of the backup read (the command line shows it on a terminal). */
  progress?: SnapshotProgress;
}): Promise<RestoreResult> {
  const manifestFile = manifestOf(options.file);
  if (!fs.existsSync(options.file)) throw new RestoreRefused(`No backup at ${options.file}`);
  if (!fs.existsSync(manifestFile))
    throw new RestoreRefused(`No manifest beside the backup (${path.basename(manifestFile)}): it cannot be checked`);
  const manifest = JSON.parse(await fs.promises.readFile(manifestFile, 'utf8')) as BackupManifest;
  const actual = await sha256OfFile(options.file);
  if (actual !== manifest.sha256)
    throw new RestoreRefused(
      `The backup's SHA-256 is ${actual}, its manifest says ${manifest.sha256}: the file is damaged. Nothing was changed.`,
    );
  if (!sameEngine(manifest.dialect, options.databaseUrl))
    throw new RestoreRefused(`This is a ${manifest.dialect} backup; the configured database is another engine. Nothing was changed.`);

  const before = openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, poolSize: 2 });
  try {
    const held = (await databaseFacts(before)).signups;
    if (held > 0 && !options.force) {
      throw new RestoreRefused(
        `The configured database holds ${held} sign-ups: restore over it with --force, or point DATA_DIR / DATABASE_URL at an empty one. Nothing was changed.`,
      );
    }
  } finally {
    await before.close();
  }
  await readSnapshot(manifest.dialect, options.file, { dataDir: options.dataDir, databaseUrl: options.databaseUrl }, options.progress);

  const database = openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir, poolSize: 2 });
  try {
    const migrations = await migrateDatabase(database);
    const stores = toolStores(database);
    const services = createServices(database, stores, { batchWindowMs: 0, webhookEndpoints: [], erasureLedgerFile: options.ledgerFile });
    // An erasure's time is when its transaction began; it may commit after the snapshot began and so be missing from
    // it with an earlier time. Entries from a while before the snapshot count too, for the very row they name (its id
    // and its address both): the order that matters is what committed, not the clocks.
    const begun = new Date(Date.parse(manifest.created_at) - ERASURE_OVERLAP_MS).toISOString();
    const entries = await services.ledger.since(begun);
    let erasedAgain = 0;
    if (entries.length > 0) {
      const key = await services.sharedSecrets.read(ERASURE_LEDGER_KEY);
      const after = entries.filter((e) => e.at >= manifest.created_at);
      const emails = new Set(after.map((e) => e.email));
      const ids = new Set(after.map((e) => e.signup));
      const rowsErased = new Set(entries.map((e) => `${e.signup} ${e.email}`));
      for await (const batch of stores.signupListing.addresses()) {
        for (const row of batch) {
          const [id, email] = [ledgerHash(key, String(row.id)), ledgerHash(key, row.email)];
          if (!ids.has(id) && !emails.has(email) && !rowsErased.has(`${id} ${email}`)) continue;
          if (await services.signups.erase(row.id, { kind: 'system' })) erasedAgain += 1;
        }
      }
    }
    await services.useCases.record({
      action: 'cli.restore',
      operatorId: null,
      target: manifest.file,
      detail: `backup of ${manifest.created_at}; ${erasedAgain} erased again from the ledger`,
    });
    return { manifest, signups: (await databaseFacts(database)).signups, erasedAgain, migrations };
  } finally {
    await database.close();
  }
}

export interface BackupStatus {
  /** Backups are taken by the server (BACKUP_DIR set, SQLite). */
  scheduled: boolean;
  everyHours: number;
  keep: number;
  latest: BackupManifest | null;
  lastFailure: { at: string; error: string } | null;
}

/**
 * The server's own backups (SQLite with BACKUP_DIR): one every BACKUP_EVERY_HOURS, the newest BACKUP_KEEP kept. A failure
 * is logged, counted in /metrics (`waitlist_backups_total{outcome="failed"}`) and shown in the console until the next
 * success. PostgreSQL is backed up by its own tools (docs/deployment.md).
 */
export function createBackupSchedule(options: {
  database: Database;
  dir: string | undefined;
  everyHours: number;
  keep: number;
  databaseUrl: string | undefined;
  metrics?: { count(name: 'backups', labels: { outcome: 'ok' | 'failed' }): void };
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void };
}) {
  const scheduled = Boolean(options.dir) && takesOwnBackups(options.database);
  let lastFailure: { at: string; error: string } | null = null;
  return {
    scheduled,
    async run(): Promise<void> {
      if (!scheduled || !options.dir) return;
      try {
        const latest = (await listBackups(options.dir))[0];
        // Not again before its time (a restart does not take one more).
        if (latest && Date.now() - Date.parse(latest.created_at) < options.everyHours * 3_600_000 * 0.95) return;
        const { file, manifest } = await takeBackup(options.database, { outDir: options.dir, databaseUrl: options.databaseUrl });
        await pruneBackups(options.dir, options.keep);
        lastFailure = null;
        options.metrics?.count('backups', { outcome: 'ok' });
        options.log.info({ file: path.basename(file), signups: manifest.signups, bytes: manifest.bytes }, 'backup taken');
      } catch (error) {
        lastFailure = { at: new Date().toISOString(), error: (error instanceof Error ? error.message : String(error)).slice(0, 300) };
        options.metrics?.count('backups', { outcome: 'failed' });
        options.log.error({ err: error }, 'backup failed');
      }
    },
    async status(): Promise<BackupStatus> {
      return {
        scheduled,
        everyHours: options.everyHours,
        keep: options.keep,
        latest: options.dir ? ((await listBackups(options.dir).catch(() => []))[0] ?? null) : null,
        lastFailure,
      };
    },
  };
}

export type BackupSchedule = ReturnType<typeof createBackupSchedule>;

/** The backups' state as the console's dashboard shows it. */

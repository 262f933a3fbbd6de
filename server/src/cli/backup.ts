import type { Writable } from 'node:stream';
import { erasureLedgerFile } from '../io/erasure-ledger';
import { terminalProgress } from '../lib/progress';
import { CLI_BUSY_TIMEOUT_MS, openDatabase } from '../db/connection';
import { SnapshotToolMissing } from '../db/snapshots';
import { RestoreRefused, restoreBackup, takeBackupFromCommandLine } from '../services/backups';

/** Exit codes: 0 done, 1 refused (a check failed, nothing changed), 2 usage, 3 failure. */
export const BACKUP_EXIT = { ok: 0, refused: 1, usage: 2, failure: 3 } as const;

interface Io {
  stdout: Writable;
  /** Progress goes here, and only when it is a terminal. */
  stderr: Writable & { isTTY?: boolean };
}

/** The server's own settings (env.ts parses them; the entry passes them in). */
interface Settings {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
  BACKUP_DIR?: string | undefined;
  ERASURE_LEDGER?: string | undefined;
}

/** `npm run backup -- [--out DIR]`: a snapshot while the server serves; the last line printed is the backup's path. */
export async function runBackupCli(argv: string[], env: Settings, io: Io): Promise<number> {
  const outAt = argv.indexOf('--out');
  const out = outAt >= 0 ? argv[outAt + 1] : env.BACKUP_DIR;
  const unknown = argv.filter((a, i) => a.startsWith('--') && a !== '--out' && i !== outAt + 1);
  if (!out || unknown.length > 0 || (outAt >= 0 && !argv[outAt + 1])) {
    io.stderr.write('Usage: npm run backup -- --out DIR   (or set BACKUP_DIR)\n');
    return BACKUP_EXIT.usage;
  }
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: 2, busyTimeoutMs: CLI_BUSY_TIMEOUT_MS });
  try {
    const progress = terminalProgress(io.stderr, io.stderr.isTTY === true, { label: 'Backing up', unit: 'bytes' });
    const { file, manifest } = await takeBackupFromCommandLine(database, {
      outDir: out,
      databaseUrl: env.DATABASE_URL,
      progress: (done, total) => progress.update(done, total),
    });
    progress.end();
    io.stdout.write(
      `Backup of ${manifest.signups} sign-ups (${database.description}), ${manifest.bytes} bytes, SHA-256 ${manifest.sha256}\n`,
    );
    io.stdout.write(`${file}\n`);
    return BACKUP_EXIT.ok;
  } catch (error) {
    io.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof SnapshotToolMissing ? BACKUP_EXIT.refused : BACKUP_EXIT.failure;
  } finally {
    await database.close();
  }
}

/** `npm run restore -- FILE [--force]`: into DATA_DIR or DATABASE_URL (stop the server first). */
export async function runRestoreCli(argv: string[], env: Settings, io: Io): Promise<number> {
  const force = argv.includes('--force');
  const files = argv.filter((a) => !a.startsWith('--'));
  if (files.length !== 1 || argv.some((a) => a.startsWith('--') && a !== '--force')) {
    io.stderr.write('Usage: npm run restore -- FILE [--force]   (into DATA_DIR or DATABASE_URL; stop the server first)\n');
    return BACKUP_EXIT.usage;
  }
  const restoreProgress = terminalProgress(io.stderr, io.stderr.isTTY === true, { label: 'Restoring', unit: 'bytes' });
  try {
    const result = await restoreBackup({
      file: files[0]!,
      dataDir: env.DATA_DIR,
      databaseUrl: env.DATABASE_URL,
      ledgerFile: erasureLedgerFile(env),
      force,
      progress: (done, total) => restoreProgress.update(done, total),
    });
    restoreProgress.end();
    io.stdout.write(
      `Restored the backup of ${result.manifest.created_at}: ${result.signups} sign-ups; ${result.erasedAgain} erased again from the erasure ledger; migrations applied: ${result.migrations.join(', ') || 'none'}\n`,
    );
    return BACKUP_EXIT.ok;
  } catch (error) {
    io.stderr.write(
      `Restore ${error instanceof RestoreRefused ? 'refused' : 'failed'}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return error instanceof RestoreRefused || error instanceof SnapshotToolMissing ? BACKUP_EXIT.refused : BACKUP_EXIT.failure;
  }
}

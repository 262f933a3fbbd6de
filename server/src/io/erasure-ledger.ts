import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The erasure ledger (docs/decisions/0023): every erasure is also written to a file outside the database, so a restore
 * from a backup taken before it can erase the person again. One JSON line per erasure: when, and keyed hashes (HMAC-SHA256
 * with a key kept in the database) of the address and of the sign-up's id. The file alone names nobody; with the
 * database it tells which rows to erase. Written before the erasure commits: an erasure that then fails leaves an entry
 * that erases, at a restore, someone who asked to be erased anyway.
 */
export interface LedgerEntry {
  at: string;
  email: string;
  signup: string;
}

/** ERASURE_LEDGER, or beside the backups (BACKUP_DIR), or beside the SQLite file (DATA_DIR). */
export const erasureLedgerFile = (settings: {
  ERASURE_LEDGER?: string | undefined;
  BACKUP_DIR?: string | undefined;
  DATA_DIR: string;
}): string => settings.ERASURE_LEDGER ?? path.join(settings.BACKUP_DIR ?? settings.DATA_DIR, 'erasure-ledger.jsonl');

export const ledgerHash = (key: string, value: string) => createHmac('sha256', key).update(value).digest('hex');

export interface ErasureLedger {
  /** Where it is written (null: nowhere, which the server warns about when backups are on). */
  readonly file: string | null;
  /** `executor`: the erasure's transaction, where the key is read (SQLite has one connection: it must not wait for another). */
  record(entry: { email: string; signupId: number; at: string }, executor?: unknown): Promise<void>;
  /** Entries written at or after `since` (ISO), oldest first. */
  since(since: string): Promise<LedgerEntry[]>;
  /** Which of `emails` the ledger says were erased (an import must not bring them back). */
  erasedAmong(emails: readonly string[]): Promise<Set<string>>;
}

export function createErasureLedger(file: string | null, key: (executor?: unknown) => Promise<string>): ErasureLedger {
  let cached: string | undefined;
  const ledger: ErasureLedger = {
    file,
    async record({ email, signupId, at }, executor) {
      if (!file) return;
      const secret = (cached ??= await key(executor));
      const line = `${JSON.stringify({ at, email: ledgerHash(secret, email), signup: ledgerHash(secret, String(signupId)) })}\n`;
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Appended and flushed to disk before the erasure commits.
      const handle = await fs.promises.open(file, 'a', 0o600);
      try {
        await handle.write(line);
        await handle.sync();
      } finally {
        await handle.close();
      }
    },
    async since(since) {
      if (!file || !fs.existsSync(file)) return [];
      const text = await fs.promises.readFile(file, 'utf8');
      return text
        .split('\n')
        .filter(Boolean)
        .flatMap((line) => {
          try {
            const entry = JSON.parse(line) as LedgerEntry;
            return typeof entry.at === 'string' && entry.at >= since ? [entry] : [];
          } catch {
            // A line cut short by a crash while it was written: the erasure it belonged to did not commit either.
            return [];
          }
        });
    },
    async erasedAmong(emails) {
      if (!file || emails.length === 0) return new Set();
      const hashes = new Set((await ledger.since('')).map((entry) => entry.email));
      if (hashes.size === 0) return new Set();
      const secret = (cached ??= await key());
      return new Set(emails.filter((email) => hashes.has(ledgerHash(secret, email))));
    },
  };
  return ledger;
}

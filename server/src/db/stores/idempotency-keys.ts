import type { Database } from '../connection';
import type { Executor } from '../connection';

/** The idempotency_keys table: a key a client sent with a sign-up, the hash of that request, and its row. */
export interface IdempotencyKeyRow {
  key: string;
  request_hash: string;
  signup_id: number;
  created_at: string;
}

export function createIdempotencyKeyStore(database: Database) {
  const { db } = database;
  return {
    /** The request hash stored under `key`, if any. */
    async requestHash(key: string): Promise<string | undefined> {
      const row = await db.selectFrom('idempotency_keys').select('request_hash').where('key', '=', key).executeTakeFirst();
      return row?.request_hash;
    },

    /** Inserts the keys that are free (in key order, so concurrent batches lock alike); answers how many were. */
    async insertFree(trx: Executor, rows: readonly IdempotencyKeyRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const sorted = [...rows].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      const inserted = await trx
        .insertInto('idempotency_keys')
        .values(sorted)
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .execute();
      return inserted.length;
    },

    /** Forgets keys created before `cutoff` (they hold a hash of personal data). */
    async pruneBefore(cutoff: string): Promise<number> {
      const result = await db.deleteFrom('idempotency_keys').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type IdempotencyKeyStore = ReturnType<typeof createIdempotencyKeyStore>;

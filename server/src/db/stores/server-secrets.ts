import { randomBytes } from 'node:crypto';
import type { Database } from '../connection';
import type { Executor } from '../connection';

/**
 * Keys every server copy shares without a setting (the proof of work's HMAC key, the erasure ledger's key): made by
 * whichever copy asks first (32 random bytes), read by every other. A backup holds them, so a restore brings back the
 * key its erasure ledger entries were written with.
 */
export function createServerSecrets(database: Database) {
  const { db } = database;
  return {
    /** The secret `name`, made on first use. `executor`: a transaction that needs it (SQLite has one connection). */
    async get(name: string, executor: Executor = db): Promise<string> {
      await executor
        .insertInto('server_secrets')
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await executor.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },

    async replace(name: string, value: string, executor: Executor = db): Promise<void> {
      await executor.updateTable('server_secrets').set({ value }).where('name', '=', name).execute();
    },

    /** Keeps `value` as `name` unless one is kept already; answers the value kept (the first copy's). */
    async claim(name: string, value: string, executor: Executor = db): Promise<string> {
      await executor
        .insertInto('server_secrets')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await executor.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}

export type ServerSecrets = ReturnType<typeof createServerSecrets>;

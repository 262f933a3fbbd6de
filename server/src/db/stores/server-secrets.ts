import { randomBytes } from 'node:crypto';
import type { Executor } from '../connection';

/**
 * Keys every server copy shares without a setting (the proof of work's HMAC key, the erasure ledger's key): made by
 * whichever copy asks first (32 random bytes), read by every other. A backup holds them, so a restore brings back the
 * key its erasure ledger entries were written with.
 */
export function createServerSecrets() {
  /** The secret `name` and whether `trx` made it just now (kept only if `trx` commits). */
  async function read(trx: Executor, name: string): Promise<{ value: string; made: boolean }> {
    const made = await trx
      .insertInto('server_secrets')
      .values({ name, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    const row = await trx.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
    return { value: row.value, made: made !== undefined };
  }

  return {
    read,
    /** The secret `name`, made on first use (services read it through services/shared-secrets.ts). */
    async getOrMake(trx: Executor, name: string): Promise<string> {
      return (await read(trx, name)).value;
    },

    async replace(trx: Executor, name: string, value: string): Promise<void> {
      await trx.updateTable('server_secrets').set({ value }).where('name', '=', name).execute();
    },

    /** Keeps `value` as `name` unless one is kept already; answers the value kept (the first copy's). */
    async claim(trx: Executor, name: string, value: string): Promise<string> {
      await trx
        .insertInto('server_secrets')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await trx.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },
  };
}

export type ServerSecrets = ReturnType<typeof createServerSecrets>;

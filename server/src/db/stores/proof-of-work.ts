import { randomBytes } from 'node:crypto';

import type { Database } from '../connection';
import type { Executor } from '../database';

/** The secrets every copy shares, and the solved challenges already used (each counts once). */
export function createProofOfWorkStore(database: Database) {
  const { db } = database;
  return {
    /** The shared secret `name`: made by whichever copy asks first (32 random bytes), read by every other. */
    async sharedSecret(name: string, executor: Executor = db): Promise<string> {
      await executor
        .insertInto('server_secrets')
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await executor.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
      return row.value;
    },

    /** Records a solution's signature as used; false when it was used before (a replay). */
    async spend(signature: string, expiresAt: Date): Promise<boolean> {
      const inserted = await db
        .insertInto('spent_challenges')
        .values({ signature, expires_at: expiresAt.toISOString() })
        .onConflict((oc) => oc.column('signature').doNothing())
        .returning('signature')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** Forgets used signatures whose challenge has expired (it could not be replayed anyway). */
    async pruneSpent(now: Date): Promise<number> {
      const result = await db.deleteFrom('spent_challenges').where('expires_at', '<', now.toISOString()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type ProofOfWorkStore = ReturnType<typeof createProofOfWorkStore>;

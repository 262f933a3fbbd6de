import type { Database } from '../connection';

/** The solved challenges already used (each counts once); the HMAC key is a server secret (server-secrets.ts). */
export function createProofOfWorkStore(database: Database) {
  const { db } = database;
  return {
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

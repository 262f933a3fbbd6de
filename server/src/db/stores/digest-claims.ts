import type { Executor } from '../connection';

/**
 * The operator_digests table (services/operator-digest.ts): one row per day a digest was queued, the day's claim
 * across every copy.
 */
export function createDigestClaims() {
  return {
    /** Claims `day`; answers false when another copy (or an earlier run) already did. */
    async claim(trx: Executor, day: string, at: string): Promise<boolean> {
      const claimed = await trx
        .insertInto('operator_digests')
        .values({ day, queued_at: at })
        .onConflict((oc) => oc.column('day').doNothing())
        .returning('day')
        .executeTakeFirst();
      return claimed !== undefined;
    },
  };
}

export type DigestClaims = ReturnType<typeof createDigestClaims>;

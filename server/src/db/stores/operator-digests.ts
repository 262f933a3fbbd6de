import type { Kysely } from 'kysely';
import type { Schema } from '../schema';

/** The operator_digests table: one row per day a digest was queued, the day's claim across every copy. */
export const operatorDigests = {
  /** Claims `day`; answers false when another copy (or an earlier run) already did. */
  async claim(trx: Kysely<Schema>, day: string, at: string): Promise<boolean> {
    const claimed = await trx
      .insertInto('operator_digests')
      .values({ day, queued_at: at })
      .onConflict((oc) => oc.column('day').doNothing())
      .returning('day')
      .executeTakeFirst();
    return claimed !== undefined;
  },
};

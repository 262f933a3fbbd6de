import type { Database } from '../connection';
import type { Executor } from '../connection';

/** Transient bounces (migration 18), as keyed hashes like the suppression list: counted until they suppress. */
export function createMailSoftBounces(database: Database) {
  const { db } = database;
  return {
    async add(executor: Executor, entry: { hash: string; cause: string | null; at: string }): Promise<void> {
      await executor
        .insertInto('mail_soft_bounces')
        .values({ address_hash: entry.hash, cause: entry.cause, created_at: entry.at })
        .execute();
    },

    /** How many transient bounces this address had since `since`. */
    async countSince(executor: Executor, hash: string, since: string): Promise<number> {
      const row = await executor
        .selectFrom('mail_soft_bounces')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('address_hash', '=', hash)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Forgets the address's transient bounces (it was suppressed, or proved it works). */
    async clear(executor: Executor, hash: string): Promise<void> {
      await executor.deleteFrom('mail_soft_bounces').where('address_hash', '=', hash).execute();
    },

    /** Drops what is older than `before` (the housekeeping job): only a window of them ever counts. */
    async prune(before: string): Promise<number> {
      const result = await db.deleteFrom('mail_soft_bounces').where('created_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MailSoftBounces = ReturnType<typeof createMailSoftBounces>;

import type { BucketState } from '../../lib/token-bucket';
import type { Database, Executor } from '../connection';

/** A bucket as read: its state, and the stored values a compare-and-set writes against. */
export interface StoredBucket extends BucketState {
  stored: { tokens: number; updated_at: Date | string };
}

/**
 * The mail budgets' token buckets (table `mail_budgets`), one row a bucket, so every copy draws from the same one. The
 * arithmetic is lib/token-bucket.ts; the read, the spend and the retry after a lost race are services/mail-budget.ts,
 * in one use case each.
 */
export function createMailBudgetStore(database: Database) {
  return {
    /** The bucket `name` in `trx`, or undefined before its first use. */
    async read(trx: Executor, name: string): Promise<StoredBucket | undefined> {
      const row = await trx.selectFrom('mail_budgets').select(['tokens', 'updated_at']).where('name', '=', name).executeTakeFirst();
      if (!row) return undefined;
      return { tokens: row.tokens, updatedAtMs: new Date(database.decodeTimestamp(row.updated_at)).getTime(), stored: row };
    },

    /** Makes the bucket `name` with `tokens` unless another copy just made it. */
    async create(trx: Executor, name: string, tokens: number, now: Date): Promise<void> {
      await trx
        .insertInto('mail_budgets')
        .values({ name, tokens, updated_at: now.toISOString() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
    },

    /** Stores what a spend left, only if the bucket is still as `before` was read; answers whether it was. */
    async write(trx: Executor, name: string, before: StoredBucket, tokens: number, at: Date): Promise<boolean> {
      const written = await trx
        .updateTable('mail_budgets')
        .set({ tokens, updated_at: at.toISOString() })
        .where('name', '=', name)
        .where('tokens', '=', before.stored.tokens)
        .where('updated_at', '=', before.stored.updated_at)
        .executeTakeFirst();
      return Number(written.numUpdatedRows) === 1;
    },
  };
}

export type MailBudgetStore = ReturnType<typeof createMailBudgetStore>;

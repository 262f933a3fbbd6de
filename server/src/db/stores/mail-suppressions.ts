import type { Database } from '../connection';
import type { Executor } from '../connection';
import type { SuppressionReason } from '../schema/mail';

export interface Suppression {
  reason: SuppressionReason;
  cause: string | null;
  createdAt: string;
}

/**
 * The suppression list (migration 17): keyed hashes of addresses that get no more mail, each with the reason recorded
 * (which reason replaces another: lib/feedback-strength.ts, applied by services/suppressions.ts).
 */
export function createMailSuppressions(database: Database) {
  const { db } = database;
  return {
    /** Adds the address's entry; one already there stays unless `replace`. */
    async add(
      executor: Executor,
      entry: { hash: string; reason: SuppressionReason; cause: string | null; at: string },
      replace: boolean,
    ): Promise<void> {
      await executor
        .insertInto('mail_suppressions')
        .values({ address_hash: entry.hash, reason: entry.reason, cause: entry.cause, created_at: entry.at })
        .onConflict((oc) =>
          replace
            ? oc.column('address_hash').doUpdateSet({ reason: entry.reason, cause: entry.cause, created_at: entry.at })
            : oc.column('address_hash').doNothing(),
        )
        .execute();
    },

    async find(hash: string, executor: Executor = db): Promise<Suppression | undefined> {
      const row = await executor.selectFrom('mail_suppressions').selectAll().where('address_hash', '=', hash).executeTakeFirst();
      return row && { reason: row.reason, cause: row.cause, createdAt: database.decodeTimestamp(row.created_at) };
    },

    /** The entries of these hashes (one statement: the mails a worker starts together are checked at once). */
    async findMany(hashes: readonly string[]): Promise<Map<string, Suppression>> {
      if (hashes.length === 0) return new Map();
      const rows = await db.selectFrom('mail_suppressions').selectAll().where('address_hash', 'in', hashes).execute();
      return new Map(
        rows.map((row) => [
          row.address_hash,
          { reason: row.reason, cause: row.cause, createdAt: database.decodeTimestamp(row.created_at) },
        ]),
      );
    },

    /** Removes the entry; false when there was none. */
    async remove(executor: Executor, hash: string): Promise<boolean> {
      const result = await executor.deleteFrom('mail_suppressions').where('address_hash', '=', hash).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** How many addresses each reason suppresses. */
    async counts(): Promise<Record<SuppressionReason, number>> {
      const rows = await db
        .selectFrom('mail_suppressions')
        .select((eb) => ['reason', eb.fn.countAll<number>().as('n')])
        .groupBy('reason')
        .execute();
      const counts: Record<SuppressionReason, number> = { 'hard-bounce': 0, 'soft-bounce': 0, complaint: 0, manual: 0 };
      for (const row of rows) counts[row.reason] = Number(row.n);
      return counts;
    },
  };
}

export type MailSuppressions = ReturnType<typeof createMailSuppressions>;

import type { Database, Executor } from '../connection';
import { FOLD_LOCK, createFitScores } from './fit-scores';
import type { SignupRowCodec } from './signup-rows';
import { READ_FOLD_WAIT_MS, type SignupCounts } from './signup-counts';

/**
 * One batch of the fold of new sign-ups into the console's kept counts (signup-counts.ts), for the sign-up store
 * (signups.ts): the rows' `counted` mark, their counts and their fit score's spread move together, in the transaction
 * the fold's service opens (services/count-fold.ts decides how many, how often and how fast).
 */
export function createSignupFold(database: Database, counts: SignupCounts, decode: SignupRowCodec['decode']) {
  const fitScores = createFitScores(database);
  return {
    /**
     * Folds up to `batch` sign-ups not yet counted, oldest first. One fold at a time in every copy (two deadlocked on
     * each other's rows): PostgreSQL skips rows another copy is folding, or, with `wait` (a read about to show the
     * counts), waits a moment for them and for another fold. Answers how many it folded, or -1 when another fold held
     * the lock (a read then reads without folding: that fold brings the figures up to date).
     */
    async foldBatch(trx: Executor, batch: number, wait: boolean): Promise<number> {
      if (!(await database.exclusive(trx, FOLD_LOCK, wait ? READ_FOLD_WAIT_MS : undefined))) return -1;
      const lock = wait ? database.waitLocked : database.skipLocked;
      const rows = await trx
        .updateTable('waitlist_signups')
        .set({ counted: 1 })
        .where('id', 'in', lock(trx.selectFrom('waitlist_signups').select('id').where('counted', '=', 0).orderBy('id').limit(batch)))
        .returningAll()
        .execute();
      const decoded = rows.map(decode);
      await counts.change(trx, [], decoded, { daily: true, current: true });
      await fitScores.rescoreFolded(trx, decoded);
      return rows.length;
    },

    /** How many sign-ups wait to be folded, counted up to `atMost`. */
    backlog: (atMost: number) => counts.backlog(atMost),

    /**
     * How a fold shares the writer (Database.writerSliceMs, bulkWritePauseMs): where sign-ups wait for the one writer
     * (SQLite) a transaction of background work should stay within the slice, and a bulk writer pauses between two.
     */
    pacing: { sliceMs: database.writerSliceMs, bulkPauseMs: database.bulkWritePauseMs },
  };
}

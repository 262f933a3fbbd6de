import type { Database } from '../connection';
import { FOLD_LOCK, createFitScores } from './fit-scores';
import type { SignupRowCodec } from './signup-rows';
import { BURST_BACKLOG, FOLD_BATCH, READ_FOLD_WAIT_MS, type SignupCounts } from './signup-counts';

/** How a fold goes: rows a transaction, how many at most, whether it waits for another fold, and its pause. */
export interface FoldOptions {
  limit?: number;
  atMost?: number;
  wait?: boolean;
  pauseMs?: number;
  /** The pause is at least as long as the transaction took: the fold takes at most half of the database's time. */
  paced?: boolean;
}

/** The fold of new sign-ups into the console's kept counts (signup-counts.ts), for the sign-up store (signups.ts). */
export function createSignupFold(database: Database, counts: SignupCounts, decode: SignupRowCodec['decode']) {
  const fitScores = createFitScores(database);

  /**
   * Folds sign-ups not yet counted into the kept counts, oldest first, `limit` a transaction, until none is left or
   * `atMost` are folded. PostgreSQL: rows another copy is folding are skipped, or, with `wait` (a read about to show
   * the counts), waited for, so the read sees them counted. Answers how many it folded.
   */
  async function foldIntoCounts({
    limit = FOLD_BATCH,
    atMost = Infinity,
    wait = false,
    pauseMs = 0,
    paced = false,
  }: FoldOptions): Promise<number> {
    const { db } = database;
    const lock = wait ? database.waitLocked : database.skipLocked;
    // A burst left a backlog: the planner learns the tables' new size first (the console's reads meanwhile plan with it).
    if (!wait && (await counts.backlog(BURST_BACKLOG)) >= BURST_BACKLOG) await database.refreshStatistics(['waitlist_signups', 'outbox']);
    let folded = 0;
    for (;;) {
      const started = performance.now();
      const n = await db.transaction().execute(async (trx) => {
        // One fold at a time in every copy (two deadlocked on each other's rows); a console read waits a moment for
        // another fold and otherwise reads without folding (that fold brings the figures up to date).
        if (!(await database.exclusive(trx, FOLD_LOCK, wait ? READ_FOLD_WAIT_MS : undefined))) return -1;
        const rows = await trx
          .updateTable('waitlist_signups')
          .set({ counted: 1 })
          .where('id', 'in', lock(trx.selectFrom('waitlist_signups').select('id').where('counted', '=', 0).orderBy('id').limit(limit)))
          .returningAll()
          .execute();
        const decoded = rows.map(decode);
        await counts.change(trx, [], decoded, { daily: true, current: true });
        await fitScores.rescoreFolded(trx, decoded);
        return rows.length;
      });
      if (n < 0) return folded;
      folded += n;
      if (n < limit || folded >= atMost) return folded;
      const pause = paced ? Math.max(pauseMs, performance.now() - started) : pauseMs;
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  return { foldIntoCounts };
}

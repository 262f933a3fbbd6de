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
  /**
   * The background fold: the pause is at least as long as the transaction took (the fold takes at most half of the
   * database's time), and where the database bounds a writer's transaction (`Database.writerSliceMs`, SQLite: the
   * server's reads wait on its one connection for a whole transaction) the next batch is sized from the last one's rate
   * to stay within it (between 10 rows and `limit`). While such a fold works through a backlog, a read's fold (`wait`)
   * is sized from its rate too: right after a burst of 450,000 on SQLite 100 rows took 40-80 ms of the read's time.
   * With no backlog a read folds up to `limit`, whatever the timing.
   */
  paced?: boolean;
}

/** The smallest batch a time-sliced fold takes: below it a transaction's own cost outweighs its rows. */
const MIN_SLICE_ROWS = 10;

/** What this copy knows of its housekeeping fold's progress through a backlog, shared by every store on the database. */
interface FoldState {
  /**
   * Rows a millisecond of the background fold's last full batch while it works through a backlog; undefined when it has
   * none (it folded what was waiting): a read then folds up to its whole batch.
   */
  rowsPerMs: number | undefined;
  /**
   * The background fold found a burst (BURST_BACKLOG or more waiting) and has not caught up yet. A console read then
   * folds nothing: its figures lag by thousands whatever it adds, and its 100 rows cost it most of its time (right after
   * 450,000 on PostgreSQL the reads that fold first had their worst at 137-231 ms, the others within 50).
   */
  inBurst: boolean;
}

/**
 * One state per open database: the console's reads fold through stores of their own (the listing, the insight, the
 * visits each make one), and they must see what the housekeeping fold's store learnt. Each store keeping its own made a
 * read's fold blind to the backlog: it always took its whole batch.
 */
const foldStates = new WeakMap<Database, FoldState>();

/** The fold of new sign-ups into the console's kept counts (signup-counts.ts), for the sign-up store (signups.ts). */
export function createSignupFold(database: Database, counts: SignupCounts, decode: SignupRowCodec['decode']) {
  const fitScores = createFitScores(database);
  let state = foldStates.get(database);
  if (!state) foldStates.set(database, (state = { rowsPerMs: undefined, inBurst: false }));
  const fold = state;
  const sliced = (limit: number, sliceMs: number) =>
    fold.rowsPerMs === undefined ? limit : Math.max(MIN_SLICE_ROWS, Math.min(limit, Math.floor(fold.rowsPerMs * sliceMs)));

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
    if (wait && fold.inBurst) return 0;
    const lock = wait ? database.waitLocked : database.skipLocked;
    // A burst left a backlog: the planner learns the tables' new size first (the console's reads meanwhile plan with it).
    if (!wait) {
      fold.inBurst = (await counts.backlog(BURST_BACKLOG)) >= BURST_BACKLOG;
      if (fold.inBurst) await database.refreshStatistics(['waitlist_signups', 'outbox']);
    }
    let folded = 0;
    const sliceMs = paced || wait ? database.writerSliceMs : undefined;
    let batch = sliceMs === undefined ? limit : sliced(limit, sliceMs);
    // A read folds one slice at most.
    const most = wait && sliceMs !== undefined ? Math.min(atMost, batch) : atMost;
    for (;;) {
      const started = performance.now();
      const n = await db.transaction().execute(async (trx) => {
        // One fold at a time in every copy (two deadlocked on each other's rows); a console read waits a moment for
        // another fold and otherwise reads without folding (that fold brings the figures up to date).
        if (!(await database.exclusive(trx, FOLD_LOCK, wait ? READ_FOLD_WAIT_MS : undefined))) return -1;
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
      });
      if (n < 0) return folded;
      const took = performance.now() - started;
      if (paced && sliceMs !== undefined) fold.rowsPerMs = n === batch ? n / Math.max(took, 1) : undefined;
      folded += n;
      if (n < batch && !wait) fold.inBurst = false;
      if (n < batch || folded >= most) return folded;
      if (sliceMs !== undefined) batch = sliced(limit, sliceMs);
      const pause = paced ? Math.max(pauseMs, took) : pauseMs;
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  return { foldIntoCounts };
}

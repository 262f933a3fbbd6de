import type { Stores } from '../db/stores';
import { BURST_BACKLOG, FOLD_BATCH, READ_FOLD_BATCH } from '../db/stores/signup-counts';
import type { UseCases } from './use-case';

/** How a fold goes: rows a transaction, how many at most, and its pause. */
export interface FoldOptions {
  limit?: number;
  atMost?: number;
  pauseMs?: number;
  /**
   * The background fold: the pause is at least as long as the transaction took (the fold takes at most half of the
   * database's time), and where the database bounds a writer's transaction (`Database.writerSliceMs`, SQLite: the
   * server's reads wait on its one connection for a whole transaction) the next batch is sized from the last one's rate
   * to stay within it (between 10 rows and `limit`). While such a fold works through a backlog, a read's fold is sized
   * from its rate too: right after a burst of 450,000 on SQLite 100 rows took 40-80 ms of the read's time. With no
   * backlog a read folds up to `limit`, whatever the timing.
   */
  paced?: boolean;
}

/** The smallest batch a time-sliced fold takes: below it a transaction's own cost outweighs its rows. */
const MIN_SLICE_ROWS = 10;

/**
 * The fold of new sign-ups into the console's kept counts (docs/decisions/0021, 0033): a sign-up is counted when it is
 * folded in, so its insert never waits on a shared counter. The housekeeping job folds what arrived (`run`), an import
 * folds its own rows, and a console read folds the last few before it reads the counts (`beforeRead`). Each batch is a
 * use case's transaction (db/stores/signup-fold.ts: foldBatch).
 */
export function createCountFold({ stores, useCases }: { stores: Pick<Stores, 'signups' | 'plannerStatistics'>; useCases: UseCases }) {
  const { signups } = stores;
  /** What this copy knows of its housekeeping fold's progress through a backlog (every read of this copy sees it). */
  const state = {
    /**
     * Rows a millisecond of the background fold's last full batch while it works through a backlog; undefined when it has
     * none (it folded what was waiting): a read then folds up to its whole batch.
     */
    rowsPerMs: undefined as number | undefined,
    /**
     * The background fold found a burst (BURST_BACKLOG or more waiting) and has not caught up yet. A console read then
     * folds nothing: its figures lag by thousands whatever it adds, and its 100 rows cost it most of its time (right after
     * 450,000 on PostgreSQL the reads that fold first had their worst at 137-231 ms, the others within 50).
     */
    inBurst: false,
  };
  const sliced = (limit: number, sliceMs: number) =>
    state.rowsPerMs === undefined ? limit : Math.max(MIN_SLICE_ROWS, Math.min(limit, Math.floor(state.rowsPerMs * sliceMs)));

  /**
   * Folds sign-ups not yet counted, oldest first, `limit` a transaction, until none is left or `atMost` are folded.
   * `wait`: a read about to show the counts, which waits a moment for rows another copy is folding. Answers how many.
   */
  async function fold({ limit = FOLD_BATCH, atMost = Infinity, pauseMs = 0, paced = false }: FoldOptions, wait = false): Promise<number> {
    if (wait && state.inBurst) return 0;
    // A burst left a backlog: the planner learns the tables' new size first (the console's reads meanwhile plan with it).
    if (!wait) {
      state.inBurst = (await signups.foldBacklog(BURST_BACKLOG)) >= BURST_BACKLOG;
      if (state.inBurst) await stores.plannerStatistics.refresh();
    }
    let folded = 0;
    const sliceMs = paced || wait ? signups.foldPacing.sliceMs : undefined;
    let batch = sliceMs === undefined ? limit : sliced(limit, sliceMs);
    // A read folds one slice at most.
    const most = wait && sliceMs !== undefined ? Math.min(atMost, batch) : atMost;
    for (;;) {
      const started = performance.now();
      const size = batch;
      const n = await useCases.run(({ trx }) => signups.foldBatch(trx, size, wait));
      if (n < 0) return folded;
      const took = performance.now() - started;
      if (paced && sliceMs !== undefined) state.rowsPerMs = n === batch ? n / Math.max(took, 1) : undefined;
      folded += n;
      if (n < batch && !wait) state.inBurst = false;
      if (n < batch || folded >= most) return folded;
      if (sliceMs !== undefined) batch = sliced(limit, sliceMs);
      const pause = paced ? Math.max(pauseMs, took) : pauseMs;
      if (pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  return {
    /**
     * Folds everything pending, `limit` rows a transaction; `pauseMs` between them lets another process's writers in
     * (SQLite has one writer, and one that commits back to back starves the others). `paced`: the pause is at least as
     * long as the transaction took, so a fold of a burst's backlog takes at most half of the database's time and the
     * console's reads beside it keep theirs (issue 36 item 5: a 250-row transaction took up to 270 ms on PostgreSQL
     * right after 450,000 sign-ups, and reads waited behind fold after fold).
     */
    run: (options: FoldOptions = {}) => fold(options),
    /**
     * What a console read folds in before it reads the counts: one batch at most, so a read never waits for a backlog
     * (a big import folds its rows itself; the housekeeping job folds the rest within 30 s). The list's total does not
     * fold: it counts the rows waiting (signup-listing.ts).
     */
    beforeRead: () => fold({ limit: READ_FOLD_BATCH, atMost: READ_FOLD_BATCH }, true),
    /** A bulk writer's fold (an import's): its batches with the database's pause between two. */
    bulk: (limit: number) => fold({ limit, pauseMs: signups.foldPacing.bulkPauseMs }),
  };
}

export type CountFold = ReturnType<typeof createCountFold>;

import { DEFAULT_FIT_WEIGHTS, type AdminFitSpread, type AdminFitWeights, type FitWeights } from '@waitlist/contract';
import type { Stores } from '../db/stores';
import { DEFAULT_FIT, type FitNow } from './signup-views';
import type { UseCases } from './use-case';

/** Sign-ups rescored per statement after a change of weights (a range of ids: each statement's work is bounded). */
const RESCORE_STEP = 25_000;
/** The first step where the walk shares one writer with the sign-ups; the next ones are sized from its rate. */
const SHARED_WRITER_FIRST_STEP = 1_000;
const SHARED_WRITER_MIN_STEP = 100;
/**
 * The dashboard's spread of the score is counted live on a small list; from this many sign-ups on (a count of every
 * row took 380 ms at 450,000 on PostgreSQL) it is counted in the background every minute and read from memory.
 */
const SPREAD_LIVE_BELOW = 50_000;
const SPREAD_EVERY_MS = 60_000;

/**
 * The fit score's weights (issue 36 item 2; docs/decisions/0031): the version in force, kept in memory by each copy
 * (refreshed every few seconds by the housekeeping job, so a sign-up is scored without a read), an owner's change as
 * a new version with its audit entry, and the rescoring of every sign-up after it, in ranges of ids, set-based.
 */
export function createFitRules({ stores, useCases }: { stores: Stores; useCases: UseCases }) {
  let inForce: FitNow = DEFAULT_FIT;
  let rescoring: Promise<number> | null = null;
  let spread: { at: number; bands: AdminFitSpread['bands'] } | null = null;
  let counting: Promise<AdminFitSpread['bands']> | null = null;
  const countSpread = () =>
    (counting ??= stores.signupListing
      .fitSpread()
      .then((bands) => {
        spread = { at: Date.now(), bands };
        return bands;
      })
      .finally(() => {
        counting = null;
      }));

  async function refresh(): Promise<FitNow> {
    const rules = await stores.fitScores.current();
    inForce = rules ? { version: rules.version, weights: rules.weights } : DEFAULT_FIT;
    return inForce;
  }

  /**
   * Walks the ids after the version's mark to the end, rewriting every score the weights in force change. Where the
   * sign-ups share the one writer (SQLite: its driver also holds the server's thread for a whole statement), each
   * statement is sized to the writer's slice from the last one's rate and followed by a pause, so sign-ups keep their
   * speed: walking straight on, a million rows held every sign-up back for the whole 6 s (bench:fit --signups).
   */
  async function rescoreAll(): Promise<number> {
    let changed = 0;
    const { pauseMs, sliceMs } = stores.fitScores.pacing;
    const shared = pauseMs > 0 && sliceMs !== undefined;
    // Again when an owner set new weights while a walk of the older ones was under way (this copy's `refresh` tells):
    // the walk stops at its next step and the new weights' walk starts, so a caller's `rescore()` ends with the
    // weights in force applied to everybody, whichever walk it joined.
    for (;;) {
      const rules = await stores.fitScores.current();
      if (!rules) return changed;
      const end = await stores.fitScores.maxId();
      let step = shared ? SHARED_WRITER_FIRST_STEP : RESCORE_STEP;
      for (let after = rules.rescoredThrough; after < end && inForce.version <= rules.version;) {
        const through = Math.min(end, after + step);
        const started = performance.now();
        changed += await useCases.run(({ trx }) => stores.fitScores.rescoreRange(trx, rules.version, rules.weights, after, through));
        if (shared) {
          const idsPerMs = (through - after) / Math.max(performance.now() - started, 1);
          step = Math.max(SHARED_WRITER_MIN_STEP, Math.min(RESCORE_STEP, Math.floor(idsPerMs * sliceMs)));
          await new Promise((resolve) => setTimeout(resolve, pauseMs));
        }
        after = through;
      }
      if (inForce.version <= rules.version) return changed;
    }
  }

  /** Rescores every sign-up after the mark of the weights in force; one run at a time in a copy. */
  const rescore = (): Promise<number> =>
    (rescoring ??= rescoreAll().finally(() => {
      rescoring = null;
    }));

  return {
    rescore,

    /** The spread of the score over the people on the list (FIT_BANDS): live on a small list, else as of the last minute. */
    async spread(): Promise<AdminFitSpread['bands']> {
      if ((await stores.fitScores.maxId()) < SPREAD_LIVE_BELOW) return stores.signupListing.fitSpread();
      if (!spread) return countSpread();
      if (Date.now() - spread.at > SPREAD_EVERY_MS) void countSpread().catch(() => undefined);
      return spread.bands;
    },

    /** The housekeeping job's count of the spread on a large list, so the dashboard reads it from memory. */
    async refreshSpread(): Promise<void> {
      if ((await stores.fitScores.maxId()) >= SPREAD_LIVE_BELOW) await countSpread();
    },
    /** The weights in force (no read: kept current by `refresh`). */
    now: (): FitNow => inForce,
    refresh,

    /** What the console shows: the weights, who set them when, and how far the rescoring has come. */
    async view(): Promise<AdminFitWeights> {
      const rules = await stores.fitScores.current();
      const end = rules ? await stores.fitScores.maxId() : 0;
      const remaining = rules ? Math.max(0, end - rules.rescoredThrough) : 0;
      const by =
        rules?.createdBy == null ? null : ((await stores.operatorAccounts.list()).find((o) => o.id === rules.createdBy)?.email ?? null);
      return {
        version: rules?.version ?? 1,
        weights: rules?.weights ?? DEFAULT_FIT_WEIGHTS,
        updated_at: rules?.createdAt ?? null,
        updated_by: by,
        rescoring: { done: remaining === 0, remaining },
      };
    },

    /** An owner's new weights: a new version, audited; every sign-up is rescored right after (in the background). */
    async set(weights: FitWeights, operatorId: number): Promise<number> {
      const version = await useCases.run(async (change) => {
        const v = await stores.fitScores.add(change.trx, weights, operatorId, change.at);
        await change.audit({ action: 'fit.weights', operatorId, target: `fit:${v}`, detail: `version ${v}` });
        return v;
      });
      await refresh();
      void rescore().catch(() => undefined); // the housekeeping job goes on where this stopped
      return version;
    },
  };
}

export type FitRules = ReturnType<typeof createFitRules>;

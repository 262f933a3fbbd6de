import type { Stores } from '../db/stores';
import { refilled, stampAfter, type BucketShape } from '../lib/token-bucket';
import type { UseCases } from './use-case';

/** Another copy changed the bucket between our read and our write: read again. */
class LostRace extends Error {}

type BudgetDeps = { stores: Pick<Stores, 'mailBudget' | 'outbox'>; useCases: UseCases };

/**
 * Runs `spend` on the tokens the bucket `name` holds at `now` and stores what it leaves, in one use case: the bucket is
 * read, then written by a compare-and-set on what was read (a copy that lost the race reads again), and whatever
 * `spend` writes commits with it, so two copies never spend one token twice. A missing bucket is made full.
 */
async function withBucket<T>(
  { stores, useCases }: BudgetDeps,
  name: string,
  shape: BucketShape,
  now: Date,
  spend: (trx: Parameters<Stores['mailBudget']['read']>[0], tokens: number) => Promise<{ left: number; result: T }>,
): Promise<T> {
  for (;;) {
    const outcome = await useCases
      .run(async ({ trx }) => {
        const bucket = await stores.mailBudget.read(trx, name);
        if (!bucket) {
          await stores.mailBudget.create(trx, name, shape.capacity, now);
          return { retry: true as const };
        }
        const { left, result } = await spend(trx, refilled(bucket, shape, now));
        if (!(await stores.mailBudget.write(trx, name, bucket, left, stampAfter(bucket, now)))) throw new LostRace();
        return { retry: false as const, result };
      })
      .catch((error: unknown) => {
        if (error instanceof LostRace) return { retry: true as const };
        throw error;
      });
    if (!outcome.retry) return outcome.result;
  }
}

/**
 * The mail budget for sign-ups that came without proof of work (docs/decisions/0017-proof-of-work-and-mail-budget.md).
 * Their confirmation mails are queued held; the delivery worker frees them at `unverifiedPerHour` an hour (a token
 * bucket in the database, so every copy draws from one), oldest first, and none is ever dropped. Sign-ups with a
 * valid solution, and every other mail, are never held. A botnet can still fill the list, but no longer makes us
 * write to more than this many strangers an hour.
 */
export const UNVERIFIED_BUDGET = 'unverified-signups';

export function createMailBudget(deps: BudgetDeps, settings: { unverifiedPerHour: number | null }) {
  const perHour = settings.unverifiedPerHour;
  const { outbox } = deps.stores;
  return {
    /** Whether a sign-up's confirmation waits for the budget: only without proof of work, and only with a budget. */
    holds: (verified: boolean) => perHour !== null && !verified,
    /** Frees what the budget allows now, oldest first (the mail worker calls this before each round). */
    async release(now: Date): Promise<number> {
      if (perHour === null || !(await outbox.anyHeld())) return 0;
      // The rows are freed in the bucket's own transaction, so a token is never spent twice.
      return withBucket(deps, UNVERIFIED_BUDGET, { capacity: perHour, perMs: perHour / 3_600_000 }, now, async (trx, tokens) => {
        const affordable = Math.floor(tokens);
        if (affordable < 1) return { left: tokens, result: 0 };
        const count = await outbox.releaseHeld(trx, affordable);
        return { left: tokens - count, result: count };
      });
    },
    /** For the console: how many wait, and the budget they wait for. */
    async status() {
      return { held: await outbox.heldCount(), perHour };
    },
  };
}

export type MailBudget = ReturnType<typeof createMailBudget>;

export const BULK_PACE = 'bulk-mail';

/**
 * The pace of the bulk lane (invitation waves, updates to the list): `perMinute` mails a minute across every copy,
 * spread evenly. The bucket holds one second's share (relays count per second: a tenth of a minute at once was
 * refused by some), so after a quiet spell at most that leaves at once, then the share of each moment as it comes.
 */
export function createBulkMailPace(deps: BudgetDeps, perMinute: number) {
  const shape = { capacity: Math.max(1, Math.ceil(perMinute / 60)), perMs: perMinute / 60_000 };
  return {
    perMinute,
    /** Takes up to `want` whole tokens (the bucket made full when new); answers how many it got. */
    take: (want: number, now: Date) =>
      withBucket(deps, BULK_PACE, shape, now, async (_trx, tokens) => {
        const got = Math.max(0, Math.min(want, Math.floor(tokens)));
        return { left: tokens - got, result: got };
      }),
    /** Returns tokens taken but not used (never above the bucket's size). */
    giveBack: (unused: number, now: Date) =>
      withBucket(deps, BULK_PACE, shape, now, async (_trx, tokens) => ({
        left: Math.min(shape.capacity, tokens + unused),
        result: undefined,
      })),
  };
}

export type BulkMailPace = ReturnType<typeof createBulkMailPace>;

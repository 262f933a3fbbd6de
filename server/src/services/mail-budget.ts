import type { MailBudgetStore } from '../db/stores/mail-budget';

/**
 * The mail budget for sign-ups that came without proof of work (docs/decisions/0017-proof-of-work-and-mail-budget.md).
 * Their confirmation mails are queued held; the delivery worker frees them at `unverifiedPerHour` an hour (a token
 * bucket in the database, so every copy draws from one), oldest first, and none is ever dropped. Sign-ups with a
 * valid solution, and every other mail, are never held. A botnet can still fill the list, but no longer makes us
 * write to more than this many strangers an hour.
 */
export const UNVERIFIED_BUDGET = 'unverified-signups';

export function createMailBudget(store: MailBudgetStore, settings: { unverifiedPerHour: number | null }) {
  const perHour = settings.unverifiedPerHour;
  return {
    /** Whether a sign-up's confirmation waits for the budget: only without proof of work, and only with a budget. */
    holds: (verified: boolean) => perHour !== null && !verified,
    /** Frees what the budget allows now (the mail worker calls this before each round). */
    release: (now: Date) => (perHour === null ? Promise.resolve(0) : store.release({ name: UNVERIFIED_BUDGET, perHour, now })),
    /** For the console: how many wait, and the budget they wait for. */
    async status() {
      return { held: await store.heldCount(), perHour };
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
export function createBulkMailPace(store: MailBudgetStore, perMinute: number) {
  const shape = { capacity: Math.max(1, Math.ceil(perMinute / 60)), perMs: perMinute / 60_000 };
  return {
    perMinute,
    take: (want: number, now: Date) => store.take(BULK_PACE, shape, want, now),
    giveBack: (unused: number, now: Date) => store.giveBack(BULK_PACE, shape, unused, now),
  };
}

export type BulkMailPace = ReturnType<typeof createBulkMailPace>;

import { sql } from 'kysely';
import { sha256 } from '../../lib/crypto';
import type { Database } from '../connection';

/**
 * Sign-in attempts per account and client network: the first FREE_ATTEMPTS in a row are checked at once; after
 * that the next attempt waits 1 s, then 2 s, 4 s … doubling up to MAX_DELAY_MS (15 tries in the first hour, then 4
 * an hour). Only attempts from the same network wait, so a stranger hammering a founder's public address never
 * keeps the founder out, and a success from anywhere forgets nothing but its own network's count.
 */
export const FREE_ATTEMPTS = 3;
const FIRST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 15 * 60 * 1000;
/** A count no attempt has touched for a day is forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long the next attempt waits after `attempts` unsuccessful ones in a row. */
export function delayAfter(attempts: number): number {
  if (attempts < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(attempts - FREE_ATTEMPTS, 20));
}

const iso = (ms: number) => new Date(ms).toISOString();
/**
 * When the next attempt may come after `failures`: none while the attempts are free. (Not "now": parallel attempts
 * each read the clock when they began, and one that began a millisecond before another's "now" was turned away.)
 */
const lockedUntil = (now: number, failures: number) => {
  const delay = delayAfter(failures);
  return delay === 0 ? null : iso(now + delay);
};

/** Rows that count attempts per client address (while Redis is down) rather than failures per account. */
const ADDRESS_KEY_PREFIX = 'address:';
/** Rows that count an account's wrong second factors from every network together. */
const FACTOR_KEY_PREFIX = 'factor:';
/** Rows that count the people an operator read in the console within the hour (issue 34 item 5). */
const READS_KEY_PREFIX = 'reads:';

/**
 * Failed sign-ins per account and client network, shared by every server copy through the database. While Redis is
 * down it also counts the per-address sign-in limit (countAddressAttempt), so that limit stays shared instead of
 * failing open.
 */
export function createSignInThrottle(database: Database) {
  const { db } = database;
  const factorKey = (operatorId: number) => FACTOR_KEY_PREFIX + sha256(String(operatorId));

  /** Counts one event under `key` in a fixed window (one upsert, atomic): the count so far and the ms until the window ends. */
  async function countInWindow(key: string, windowMs: number, now: number, amount = 1): Promise<{ current: number; ttlMs: number }> {
    const nowIso = iso(now);
    const windowEnd = iso(now + windowMs);
    const row = await db
      .insertInto('operator_login_throttle')
      .values({ account_key: key, failures: amount, locked_until: windowEnd, updated_at: nowIso })
      .onConflict((oc) =>
        oc.column('account_key').doUpdateSet({
          failures: sql<number>`CASE WHEN operator_login_throttle.locked_until <= ${nowIso} THEN ${amount} ELSE operator_login_throttle.failures + ${amount} END`,
          locked_until: sql<string>`CASE WHEN operator_login_throttle.locked_until <= ${nowIso} THEN ${windowEnd} ELSE operator_login_throttle.locked_until END`,
          updated_at: nowIso,
        }),
      )
      .returning(['failures', 'locked_until'])
      .executeTakeFirstOrThrow();
    return { current: Number(row.failures), ttlMs: Math.max(0, new Date(row.locked_until!).getTime() - now) };
  }

  return {
    /**
     * Claims the right to check one password for this key (a hash of the account and the client network, so
     * unknown accounts are throttled too and no address is stored). The attempt is counted as a failure before the
     * password is checked (clear() forgets it on success), by a compare-and-set on the count, so parallel guesses
     * cannot slip past the delay. Answers null when the password may be checked, or when the next attempt may come.
     */
    async claimAttempt(key: string, now = Date.now()): Promise<number | null> {
      const nowIso = iso(now);
      for (;;) {
        const row = await db
          .selectFrom('operator_login_throttle')
          .select(['failures', 'locked_until'])
          .where('account_key', '=', key)
          .executeTakeFirst();
        if (!row) {
          const inserted = await db
            .insertInto('operator_login_throttle')
            .values({ account_key: key, failures: 1, locked_until: lockedUntil(now, 1), updated_at: nowIso })
            .onConflict((oc) => oc.column('account_key').doNothing())
            .returning('account_key')
            .executeTakeFirst();
          if (inserted) return null;
          continue;
        }
        const nextAllowed = row.locked_until ? new Date(row.locked_until).getTime() : 0;
        if (nextAllowed > now) return nextAllowed;
        const failures = Number(row.failures);
        const claimed = await db
          .updateTable('operator_login_throttle')
          .set({ failures: failures + 1, locked_until: lockedUntil(now, failures + 1), updated_at: nowIso })
          .where('account_key', '=', key)
          .where('failures', '=', failures)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) === 1) return null;
        // Another attempt claimed this turn first: look again (it has usually set a wait by now).
      }
    },

    /**
     * Starts the wait a failed attempt earned from the moment its answer is given: the password check between the claim
     * and the answer takes a noticeable time on a busy machine (scrypt), and the wait must not be spent on it. Only
     * ever moves the wait later.
     */
    async restartWait(key: string, now = Date.now()): Promise<void> {
      const row = await db
        .selectFrom('operator_login_throttle')
        .select(['failures', 'locked_until'])
        .where('account_key', '=', key)
        .executeTakeFirst();
      const until = row ? lockedUntil(now, Number(row.failures)) : null;
      if (!row || !until || (row.locked_until && new Date(row.locked_until).getTime() >= Date.parse(until))) return;
      await db
        .updateTable('operator_login_throttle')
        .set({ locked_until: until })
        .where('account_key', '=', key)
        .where('failures', '=', Number(row.failures))
        .execute();
    },

    /**
     * Counts one sign-in attempt under a rate-limit key (route and client address) in a fixed window, atomically
     * (one upsert), and answers the count so far and the ms until the window ends. The key is stored hashed; in
     * these rows `failures` is the attempts in the window and `locked_until` the window's end.
     */
    async countAddressAttempt(key: string, windowMs: number, now = Date.now()): Promise<{ current: number; ttlMs: number }> {
      return countInWindow(ADDRESS_KEY_PREFIX + sha256(key), windowMs, now);
    },

    /** Counts one wrong second factor of `operatorId`, whatever the network, in a window of `windowMs`. */
    countWrongFactor(operatorId: number, windowMs: number, now = Date.now()): Promise<{ current: number; ttlMs: number }> {
      return countInWindow(factorKey(operatorId), windowMs, now);
    },

    /** Counts `people` read by `reader` (an operator's id, or `api-key:ID`) in a window of `windowMs`; answers the count so far. */
    countPeopleRead(
      reader: number | string,
      people: number,
      windowMs: number,
      now = Date.now(),
    ): Promise<{ current: number; ttlMs: number }> {
      return countInWindow(READS_KEY_PREFIX + sha256(String(reader)), windowMs, now, people);
    },

    /** The wrong second factors of `operatorId` in the current window, and the ms until it ends (0 and 0 when none). */
    async wrongFactors(operatorId: number, now = Date.now()): Promise<{ current: number; ttlMs: number }> {
      const row = await db
        .selectFrom('operator_login_throttle')
        .select(['failures', 'locked_until'])
        .where('account_key', '=', factorKey(operatorId))
        .executeTakeFirst();
      const ends = row?.locked_until ? new Date(row.locked_until).getTime() : 0;
      return ends > now ? { current: Number(row!.failures), ttlMs: ends - now } : { current: 0, ttlMs: 0 };
    },

    async clear(accountKey: string): Promise<void> {
      await db.deleteFrom('operator_login_throttle').where('account_key', '=', accountKey).execute();
    },

    async pruneStale(now = Date.now()): Promise<number> {
      const result = await db
        .deleteFrom('operator_login_throttle')
        .where('updated_at', '<', iso(now - FORGET_AFTER_MS))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

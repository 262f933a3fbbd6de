import { sql } from 'kysely';
import { sha256 } from '../../lib/crypto';
import type { Database } from '../connection';

/** Per-account lockout: this many consecutive failures lock the account for LOCKOUT_MS. */
export const LOCKOUT_FAILURES = 5;
const LOCKOUT_MS = 15 * 60 * 1000;
/** A count no attempt has touched for a day is forgotten. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

/** Rows that count attempts per client address (while Redis is down) rather than failures per account. */
const ADDRESS_KEY_PREFIX = 'address:';

/**
 * Failed sign-ins per account key (a hash of what was typed, so unknown accounts are throttled too and no address
 * is stored), shared by every server copy through the database. While Redis is down it also counts the per-address
 * sign-in limit (countAddressAttempt), so that limit stays shared instead of failing open.
 */
export function createSignInThrottle(database: Database) {
  const { db } = database;

  return {
    /**
     * Counts an attempt for this account key before the password is checked, atomically (one upsert), so parallel
     * guesses cannot slip past the limit. Answers the lock's end (ms) when this attempt must be refused.
     */
    async registerAttempt(accountKey: string, now = Date.now()): Promise<number | null> {
      const nowIso = iso(now);
      const row = await db
        .insertInto('operator_login_throttle')
        .values({ account_key: accountKey, failures: 1, locked_until: null, updated_at: nowIso })
        .onConflict((oc) =>
          oc.column('account_key').doUpdateSet({
            // A lock that has run out starts a fresh count.
            failures: sql<number>`CASE WHEN operator_login_throttle.locked_until IS NOT NULL AND operator_login_throttle.locked_until <= ${nowIso} THEN 1 ELSE operator_login_throttle.failures + 1 END`,
            locked_until: sql<
              string | null
            >`CASE WHEN operator_login_throttle.locked_until IS NOT NULL AND operator_login_throttle.locked_until <= ${nowIso} THEN NULL ELSE operator_login_throttle.locked_until END`,
            updated_at: nowIso,
          }),
        )
        .returning(['failures', 'locked_until'])
        .executeTakeFirstOrThrow();
      const lockedUntil = row.locked_until ? new Date(row.locked_until).getTime() : null;
      if (lockedUntil && lockedUntil > now) return lockedUntil;
      // More attempts in flight than allowed: refuse the surplus even before the lock is written.
      if (Number(row.failures) > LOCKOUT_FAILURES) return now + LOCKOUT_MS;
      return null;
    },

    /** After a wrong password: the LOCKOUT_FAILURES-th attempt in a row locks the account key. */
    async recordFailure(accountKey: string, now = Date.now()): Promise<void> {
      await db
        .updateTable('operator_login_throttle')
        .set({ locked_until: iso(now + LOCKOUT_MS), updated_at: iso(now) })
        .where('account_key', '=', accountKey)
        .where('failures', '>=', LOCKOUT_FAILURES)
        .where('locked_until', 'is', null)
        .execute();
    },

    /**
     * Counts one sign-in attempt under a rate-limit key (route and client address) in a fixed window, atomically
     * (one upsert), and answers the count so far and the ms until the window ends. The key is stored hashed; in
     * these rows `failures` is the attempts in the window and `locked_until` the window's end.
     */
    async countAddressAttempt(key: string, windowMs: number, now = Date.now()): Promise<{ current: number; ttlMs: number }> {
      const nowIso = iso(now);
      const windowEnd = iso(now + windowMs);
      const row = await db
        .insertInto('operator_login_throttle')
        .values({ account_key: ADDRESS_KEY_PREFIX + sha256(key), failures: 1, locked_until: windowEnd, updated_at: nowIso })
        .onConflict((oc) =>
          oc.column('account_key').doUpdateSet({
            failures: sql<number>`CASE WHEN operator_login_throttle.locked_until <= ${nowIso} THEN 1 ELSE operator_login_throttle.failures + 1 END`,
            locked_until: sql<string>`CASE WHEN operator_login_throttle.locked_until <= ${nowIso} THEN ${windowEnd} ELSE operator_login_throttle.locked_until END`,
            updated_at: nowIso,
          }),
        )
        .returning(['failures', 'locked_until'])
        .executeTakeFirstOrThrow();
      return { current: Number(row.failures), ttlMs: Math.max(0, new Date(row.locked_until!).getTime() - now) };
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

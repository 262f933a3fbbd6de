import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/databases';
import { useTestDatabase } from '../../test/app';
import { FREE_ATTEMPTS, MAX_DELAY_MS, createSignInThrottle, delayAfter } from './sign-in-throttle';

const WINDOW = 60_000;

describe.each(DIALECTS)('the per-address sign-in count in the database (while Redis is down) on %s', (dialect) => {
  const handle = useTestDatabase(dialect);

  it('counts attempts per key in a fixed window, then starts a fresh window', async () => {
    const throttle = createSignInThrottle(handle.database);
    const start = Date.parse('2026-11-23T10:00:00.000Z');
    expect(await throttle.countAddressAttempt('POST/api/admin/session-10.0.0.1', WINDOW, start)).toEqual({ current: 1, ttlMs: WINDOW });
    expect(await throttle.countAddressAttempt('POST/api/admin/session-10.0.0.1', WINDOW, start + 20_000)).toEqual({
      current: 2,
      ttlMs: 40_000,
    });
    expect(await throttle.countAddressAttempt('POST/api/admin/session-10.0.0.2', WINDOW, start + 20_000)).toEqual({
      current: 1,
      ttlMs: WINDOW,
    });
    expect(await throttle.countAddressAttempt('POST/api/admin/session-10.0.0.1', WINDOW, start + WINDOW)).toEqual({
      current: 1,
      ttlMs: WINDOW,
    });
  });

  it('counts parallel attempts exactly (one upsert each) and stores no address', async () => {
    const throttle = createSignInThrottle(handle.database);
    const now = Date.now();
    const counts = await Promise.all(
      Array.from({ length: 20 }, () => throttle.countAddressAttempt('POST/api/admin/session-10.9.8.7', WINDOW, now)),
    );
    expect(counts.map((c) => c.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const keys = await handle.database.db.selectFrom('operator_login_throttle').select('account_key').execute();
    expect(keys.map((k) => k.account_key).join(' ')).not.toMatch(/10\.9\.8\.7|10\.0\.0/);
  });
});

describe.each(DIALECTS)('the per-account-and-network sign-in delays on %s', (dialect) => {
  const handle = useTestDatabase(dialect);
  const start = Date.parse('2026-11-23T10:00:00.000Z');

  it(`lets ${FREE_ATTEMPTS} parallel attempts through whatever moment each read the clock (one read it a millisecond earlier)`, async () => {
    const throttle = createSignInThrottle(handle.database);
    expect(await throttle.claimAttempt('skew', start + 5)).toBeNull();
    expect(await throttle.claimAttempt('skew', start + 3)).toBeNull();
    expect(await throttle.claimAttempt('skew', start + 4)).toBeNull();
    expect(await throttle.claimAttempt('skew', start + 2)).toBe(start + 4 + 1000);
  });

  it(`checks ${FREE_ATTEMPTS} attempts at once, then makes each wait 1 s, 2 s, 4 s … up to 15 minutes`, async () => {
    const throttle = createSignInThrottle(handle.database);
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect(await throttle.claimAttempt('k', start)).toBeNull();
    expect(await throttle.claimAttempt('k', start)).toBe(start + 1000);
    // A refused attempt is not counted: asking again and again does not push the wait further.
    expect(await throttle.claimAttempt('k', start + 999)).toBe(start + 1000);
    expect(await throttle.claimAttempt('k', start + 1000)).toBeNull();
    expect(await throttle.claimAttempt('k', start + 1000)).toBe(start + 3000);
    expect([0, 1, 2, 3, 4, 10, 11, 12, 13, 50, 1000].map(delayAfter)).toEqual([
      0,
      0,
      0,
      1000,
      2000,
      128_000,
      256_000,
      512_000,
      MAX_DELAY_MS,
      MAX_DELAY_MS,
      MAX_DELAY_MS,
    ]);
    // Other keys (another account, or the same account from another network) are untouched.
    expect(await throttle.claimAttempt('other', start + 1000)).toBeNull();
    // A success forgets the count.
    await throttle.clear('k');
    expect(await throttle.claimAttempt('k', start + 1001)).toBeNull();
  });

  it('lets a guesser who tries every second through 15 times in the first hour and 4 times an hour after', async () => {
    const throttle = createSignInThrottle(handle.database);
    const hour = 3600_000;
    const triesIn = async (from: number, to: number) => {
      let checked = 0;
      for (let now = from; now < to;) {
        const next = await throttle.claimAttempt('guesser', now);
        if (next === null) checked++;
        // A patient guesser comes back exactly when allowed; an impatient one every second (the same count).
        now = next === null ? now + 1000 : Math.max(now + 1000, next);
      }
      return checked;
    };
    const first = await triesIn(start, start + hour);
    const later = await triesIn(start + hour, start + 5 * hour);
    console.info(
      `[sign-in throttle] one account from one network: ${first} passwords checked in the first hour, ${later / 4} an hour after`,
    );
    expect(first).toBe(15);
    expect(later).toBe(16);
  });

  it('counts parallel attempts exactly: of 12 at once, 3 are checked', async () => {
    const throttle = createSignInThrottle(handle.database);
    const answers = await Promise.all(Array.from({ length: 12 }, () => throttle.claimAttempt(`parallel-${dialect}`, start)));
    expect(answers.filter((a) => a === null)).toHaveLength(FREE_ATTEMPTS);
    expect(answers.filter((a) => a === start + 1000)).toHaveLength(12 - FREE_ATTEMPTS);
  });
});

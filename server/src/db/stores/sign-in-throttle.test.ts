import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/databases';
import { useTestDatabase } from '../../test/app';
import { createSignInThrottle } from './sign-in-throttle';

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

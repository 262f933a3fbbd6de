import { describe, expect, it } from 'vitest';
import {
  HASHES_IN_FLIGHT,
  MAX_WAITING,
  PasswordCheckBusy,
  hashPassword,
  passwordCheckLoad,
  passwordProblem,
  verifyPassword,
} from './passwords';

describe('operator passwords', () => {
  it('verifies the right password and refuses a wrong one or a malformed stored hash', async () => {
    const stored = await hashPassword('correct horse battery staple');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery staple', stored)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', stored)).toBe(false);
    expect(await verifyPassword('correct horse battery staple', 'scrypt$x$8$1$abc$')).toBe(false);
    expect(passwordProblem('short')).toMatch(/at least 12/);
    expect(passwordProblem('x'.repeat(1025))).toMatch(/at most 1024/);
  });

  it(`runs at most ${HASHES_IN_FLIGHT} hashes at once, lets ${MAX_WAITING} wait, and refuses the rest at once`, async () => {
    const stored = await hashPassword('a password of some length');
    const extra = 6;
    const checks = Array.from({ length: HASHES_IN_FLIGHT + MAX_WAITING + extra }, () =>
      verifyPassword('a wrong password guess', stored).then(
        (ok) => {
          // Sampled as each check ends: never more than the bound running, however many were asked for.
          expect(passwordCheckLoad().inFlight).toBeLessThanOrEqual(HASHES_IN_FLIGHT);
          return ok ? 'match' : 'wrong';
        },
        (error: unknown) => (error instanceof PasswordCheckBusy ? 'busy' : 'error'),
      ),
    );
    expect(passwordCheckLoad()).toEqual({ inFlight: HASHES_IN_FLIGHT, waiting: MAX_WAITING });
    const results = await Promise.all(checks);
    expect(results.filter((r) => r === 'wrong')).toHaveLength(HASHES_IN_FLIGHT + MAX_WAITING);
    expect(results.filter((r) => r === 'busy')).toHaveLength(extra);
    expect(passwordCheckLoad()).toEqual({ inFlight: 0, waiting: 0 });
  }, 60_000);
});

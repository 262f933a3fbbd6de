import type { Stores } from '../db/stores';
import { sha256 } from '../lib/crypto';
import { PasswordCheckBusy, dummyPasswordHash, passwordChecksBusy, verifyPassword } from '../lib/passwords';
import type { SecondFactors } from './second-factors';
import { SignInRefused } from './sign-in-refusal';
import { MAIL_TOPICS } from './signup-events';
import type { UseCases } from './use-case';

/**
 * Wrong second factors an account takes in an hour from all networks together; past them only a passkey or a recovery
 * code signs it in until the hour ends, and the operator is mailed once (someone holds their password).
 */
export const WRONG_FACTORS_PER_HOUR = 10;
const FACTOR_WINDOW_MS = 60 * 60 * 1000;

export interface PasswordCheckDeps {
  stores: Pick<Stores, 'operatorAccounts' | 'signInThrottle'>;
  secondFactors: SecondFactors;
  useCases: UseCases;
}

/**
 * One more wrong second factor of an account (a password sign-in's, or one after the identity provider's); the one that
 * reaches the cap mails the operator, once an hour.
 */
export function createWrongFactorCount({ stores, useCases }: Pick<PasswordCheckDeps, 'stores' | 'useCases'>) {
  return async function countWrongFactor(operatorId: number): Promise<void> {
    const { current } = await stores.signInThrottle.countWrongFactor(operatorId, FACTOR_WINDOW_MS);
    if (current !== WRONG_FACTORS_PER_HOUR) return;
    await useCases.run(async (change) => {
      await change.mail([
        { signupId: null, topic: MAIL_TOPICS.operatorFactorGuessing, payload: { operatorId, wrong: current }, at: change.at },
      ]);
      await change.audit({ action: 'two-factor.guessing', operatorId, outcome: 'failed', detail: `${current} wrong codes within an hour` });
    });
  };
}

/**
 * An operator's password and second factor, as signing in and proving it again (services/sign-in.ts) check them:
 * the same throttle, the same counting of wrong codes, the same refusals.
 */
export function createPasswordCheck({ stores, secondFactors, useCases }: PasswordCheckDeps) {
  const countWrongFactor = createWrongFactorCount({ stores, useCases });

  /**
   * The password and, for an operator with a second factor, a current code or a recovery code (a code is good once).
   * Counted per account and client network: a stranger's guesses slow the stranger, never the account's owner. Codes
   * stop counting once the account has taken WRONG_FACTORS_PER_HOUR wrong ones from anywhere: a million-code space is
   * no protection against someone who holds the password and many networks. `action` names the failures' entries.
   */
  return async function checkPassword(
    input: { email: string; password: string; totp?: string | undefined; recoveryCode?: string | undefined; network: string },
    action: string,
  ): Promise<{ operatorId: number; detail: string }> {
    const fail = async (operatorId: number | null, detail: string, throttleKey: string) => {
      await stores.signInThrottle.restartWait(throttleKey);
      await useCases.record({ action, operatorId, outcome: 'failed', detail });
    };
    if (passwordChecksBusy()) throw new SignInRefused({ reason: 'busy' });
    const throttleKey = sha256(`${input.email}\n${input.network}`);
    const nextAllowed = await stores.signInThrottle.claimAttempt(throttleKey);
    if (nextAllowed) throw new SignInRefused({ reason: 'locked', retryAfterMs: nextAllowed - Date.now() });
    const operator = await stores.operatorAccounts.findForSignIn(input.email);
    let ok: boolean;
    try {
      // Unknown e-mails cost one scrypt too, so timing does not reveal which accounts exist.
      ok = await verifyPassword(input.password, operator?.passwordHash ?? (await dummyPasswordHash()));
    } catch (error) {
      if (error instanceof PasswordCheckBusy) throw new SignInRefused({ reason: 'busy' });
      throw error;
    }
    if (!operator || !ok) {
      await fail(operator?.id ?? null, operator ? 'wrong password' : 'no such operator', throttleKey);
      throw new SignInRefused({ reason: 'bad-credentials' });
    }
    if (input.totp) {
      const wrong = await stores.signInThrottle.wrongFactors(operator.id);
      if (wrong.current >= WRONG_FACTORS_PER_HOUR) {
        await fail(operator.id, 'codes refused for the hour', throttleKey);
        throw new SignInRefused({ reason: 'second-factor-capped', retryAfterMs: wrong.ttlMs });
      }
    }
    const factor = await secondFactors.check(operator.id, { totp: input.totp, recoveryCode: input.recoveryCode });
    if (factor === 'required') {
      await fail(operator.id, 'second factor needed', throttleKey);
      throw new SignInRefused({ reason: 'second-factor-required' });
    }
    if (factor === 'passkey-required') {
      await fail(operator.id, 'passkey needed', throttleKey);
      throw new SignInRefused({ reason: 'passkey-required' });
    }
    if (factor === 'invalid') {
      await fail(operator.id, 'wrong or used second factor', throttleKey);
      await countWrongFactor(operator.id);
      throw new SignInRefused({ reason: 'second-factor-invalid' });
    }
    await stores.signInThrottle.clear(throttleKey);
    return {
      operatorId: operator.id,
      detail: factor === 'none' ? 'password' : input.totp ? 'password and code' : 'password and recovery code',
    };
  };
}

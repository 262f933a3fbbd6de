import type { OperatorRole } from '@waitlist/contract';
import type { Stores } from '../db/stores';
import { sha256 } from '../lib/crypto';
import { PasswordCheckBusy, dummyPasswordHash, passwordChecksBusy, verifyPassword } from '../lib/passwords';
import type { Passkeys } from './passkeys';
import type { SecondFactors } from './second-factors';
import type { TeamService } from './team';
import { MAIL_TOPICS } from './signup-events';
import type { Change, UseCases } from './use-case';

/**
 * Signing in to the console and out again (docs/decisions/0014, 0015, 0022): the password with its second factor,
 * a passkey, an invitation's first password; each ends in a fresh session (no fixation: the one the browser came
 * with is revoked), recorded in the audit trail in the same transaction. Failed attempts are recorded too, and slow
 * down the next attempt on the same account from the same network (db/stores/sign-in-throttle.ts).
 */

export type SignInRefusal =
  | { reason: 'busy' }
  | { reason: 'locked'; retryAfterMs: number }
  | { reason: 'bad-credentials' }
  | { reason: 'second-factor-required' }
  | { reason: 'passkey-required' }
  | { reason: 'second-factor-invalid' }
  | { reason: 'second-factor-capped'; retryAfterMs: number }
  | { reason: 'passkey-refused' };

/**
 * Wrong second factors an account takes in an hour from all networks together; past them only a passkey or a recovery
 * code signs it in until the hour ends, and the operator is mailed once (someone holds their password).
 */
export const WRONG_FACTORS_PER_HOUR = 10;
const FACTOR_WINDOW_MS = 60 * 60 * 1000;

export class SignInRefused extends Error {
  constructor(readonly refusal: SignInRefusal) {
    super(`sign-in refused: ${refusal.reason}`);
  }
}

/** A session just started: its token (for the cookie, shown nowhere else) and who it is. */
export interface StartedSession {
  token: string;
  expiresAt: number;
  operator: { operatorId: number; email: string; role: OperatorRole; totp: boolean; passkeys: number; enrolmentRequired: boolean };
}

/** Where a sign-in comes from: the session it replaces, the browser (shown in the operator's session list). */
export interface SignInContext {
  previousToken: string | undefined;
  userAgent: string | undefined;
}

export interface SignInDeps {
  stores: Pick<Stores, 'operatorAccounts' | 'operatorSessions' | 'signInThrottle'>;
  secondFactors: SecondFactors;
  passkeys: Passkeys;
  team: TeamService;
  useCases: UseCases;
}

export function createSignIn({ stores, secondFactors, passkeys, team, useCases }: SignInDeps) {
  const { operatorSessions: sessions } = stores;
  /** A refused attempt: recorded, and the wait it earned starts now that its answer is given. */
  const failed = async (operatorId: number | null, detail: string, throttleKey?: string) => {
    if (throttleKey) await stores.signInThrottle.restartWait(throttleKey);
    await useCases.record({ action: 'session.sign-in', operatorId, outcome: 'failed', detail });
  };

  /** One more wrong second factor of the account; the one that reaches the cap mails the operator, once an hour. */
  async function countWrongFactor(operatorId: number): Promise<void> {
    const { current } = await stores.signInThrottle.countWrongFactor(operatorId, FACTOR_WINDOW_MS);
    if (current !== WRONG_FACTORS_PER_HOUR) return;
    await useCases.run(async (change) => {
      await change.mail([
        { signupId: null, topic: MAIL_TOPICS.operatorFactorGuessing, payload: { operatorId, wrong: current }, at: change.at },
      ]);
      await change.audit({ action: 'two-factor.guessing', operatorId, outcome: 'failed', detail: `${current} wrong codes within an hour` });
    });
  }

  /** A fresh session for `operatorId` in `change` (the sign-in's audit entry commits with it). */
  async function startSession(change: Change, operatorId: number, context: SignInContext): Promise<{ token: string; expiresAt: number }> {
    if (context.previousToken) await sessions.delete(context.previousToken, change.trx);
    return sessions.create(change.trx, operatorId, context.userAgent);
  }

  /** The session as the guard will see it (role, second factors), once it is committed. */
  async function describe(started: { token: string; expiresAt: number }): Promise<StartedSession> {
    const session = await sessions.resolve(started.token);
    if (!session) throw new SignInRefused({ reason: 'bad-credentials' });
    const enrolmentRequired = secondFactors.required(session.role) && !session.totp && session.passkeys === 0;
    return { ...started, operator: { ...session, enrolmentRequired } };
  }

  return {
    /**
     * E-mail, password and, for an operator with TOTP, a current code or a recovery code. Counted per account and
     * client network: a stranger's guesses slow the stranger, never the account's owner.
     */
    async withPassword(
      input: { email: string; password: string; totp?: string | undefined; recoveryCode?: string | undefined; network: string },
      context: SignInContext,
    ): Promise<StartedSession> {
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
        await failed(operator?.id ?? null, operator ? 'wrong password' : 'no such operator', throttleKey);
        throw new SignInRefused({ reason: 'bad-credentials' });
      }
      // The password was right; an operator with a second factor needs it too (a code is good once). Codes stop counting
      // once the account has taken WRONG_FACTORS_PER_HOUR wrong ones from anywhere: a million-code space is no
      // protection against someone who holds the password and many networks.
      if (input.totp) {
        const wrong = await stores.signInThrottle.wrongFactors(operator.id);
        if (wrong.current >= WRONG_FACTORS_PER_HOUR) {
          await failed(operator.id, 'codes refused for the hour', throttleKey);
          throw new SignInRefused({ reason: 'second-factor-capped', retryAfterMs: wrong.ttlMs });
        }
      }
      const factor = await secondFactors.check(operator.id, { totp: input.totp, recoveryCode: input.recoveryCode });
      if (factor === 'required') {
        await failed(operator.id, 'second factor needed', throttleKey);
        throw new SignInRefused({ reason: 'second-factor-required' });
      }
      if (factor === 'passkey-required') {
        await failed(operator.id, 'passkey needed', throttleKey);
        throw new SignInRefused({ reason: 'passkey-required' });
      }
      if (factor === 'invalid') {
        await failed(operator.id, 'wrong or used second factor', throttleKey);
        await countWrongFactor(operator.id);
        throw new SignInRefused({ reason: 'second-factor-invalid' });
      }
      await stores.signInThrottle.clear(throttleKey);
      const detail = factor === 'none' ? 'password' : input.totp ? 'password and code' : 'password and recovery code';
      return describe(
        await useCases.run(async (change) => {
          const started = await startSession(change, operator.id, context);
          await change.audit({ action: 'session.sign-in', operatorId: operator.id, detail });
          return started;
        }),
      );
    },

    /** A passkey's answer to the challenge of `handle` (the authenticator proves the operator: user verification). */
    async withPasskey(input: { handle: string; response: Record<string, unknown> }, context: SignInContext): Promise<StartedSession> {
      const proved = await passkeys.verifySignIn(input.handle, input.response);
      if (!proved) {
        await failed(null, 'passkey not accepted');
        throw new SignInRefused({ reason: 'passkey-refused' });
      }
      return describe(
        await useCases.run(async (change) => {
          const started = await startSession(change, proved.operatorId, context);
          await change.audit({ action: 'session.sign-in', operatorId: proved.operatorId, detail: `passkey:${proved.passkeyId}` });
          return started;
        }),
      );
    },

    /** An invited teammate chose their password (services/team.ts): they are signed in at once. */
    async afterJoining(input: { token: string; password: string }, context: SignInContext): Promise<StartedSession> {
      const joined = await team.acceptInvitation(input.token, input.password);
      return describe(await useCases.run((change) => startSession(change, joined.operatorId, context)));
    },

    /** Signs out: this session ends. */
    async signOut(operator: { operatorId: number; token: string }): Promise<void> {
      await useCases.run(async (change) => {
        await sessions.delete(operator.token, change.trx);
        await change.audit({ action: 'session.sign-out', operatorId: operator.operatorId });
      });
    },

    /** Ends one of the operator's own sessions (a lost laptop); false when they have none by that id. */
    async endSession(operatorId: number, sessionId: string): Promise<boolean> {
      return useCases.run(async (change) => {
        const ended = await sessions.endFor(change.trx, operatorId, sessionId);
        await change.audit({ action: 'session.end', operatorId, ...(ended ? {} : { outcome: 'failed' as const, detail: 'not found' }) });
        return ended;
      });
    },

    /** Ends every other session of the operator; answers how many ended. */
    async endOtherSessions(operatorId: number, keepSessionId: string): Promise<number> {
      return useCases.run(async (change) => {
        const ended = await sessions.endOthers(change.trx, operatorId, keepSessionId);
        await change.audit({ action: 'session.end-others', operatorId, detail: `${ended} ended` });
        return ended;
      });
    },
  };
}

export type SignIn = ReturnType<typeof createSignIn>;

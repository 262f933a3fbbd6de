import { FRESH_PROOF_MS, type OperatorRole } from '@waitlist/contract';
import type { Stores } from '../db/stores';
import { hashPassword, passwordProblem } from '../lib/passwords';
import { WRONG_FACTORS_PER_HOUR, createPasswordCheck, createWrongFactorCount } from './password-check';
import { SignInRefused } from './sign-in-refusal';
import type { Passkeys } from './passkeys';
import type { SecondFactors } from './second-factors';
import { TeamRuleError, type TeamService } from './team';
import { noticeOfSignInChange } from './sign-in-notices';
import type { Change, UseCases } from './use-case';
import type { OperatorSessionService } from './operator-sessions';

/**
 * Signing in to the console and out again (docs/decisions/0014, 0015, 0022): the password with its second factor,
 * a passkey, an invitation's first password; each ends in a fresh session (no fixation: the one the browser came
 * with is revoked), recorded in the audit trail in the same transaction. Failed attempts are recorded too, and slow
 * down the next attempt on the same account from the same network (db/stores/sign-in-throttle.ts).
 */

export { SignInRefused, type SignInRefusal } from './sign-in-refusal';
export { WRONG_FACTORS_PER_HOUR } from './password-check';

/** A session just started: its token (for the cookie, shown nowhere else) and who it is. */
export interface StartedSession {
  token: string;
  expiresAt: number;
  operator: {
    operatorId: number;
    email: string;
    role: OperatorRole;
    totp: boolean;
    passkeys: number;
    enrolmentRequired: boolean;
    provedAt: number;
    /** Whole addresses, or masked ones (a viewer unless an owner let them). */
    seesAddresses: boolean;
  };
}

/** Where a sign-in comes from: the session it replaces, the browser (shown in the operator's session list). */
export interface SignInContext {
  previousToken: string | undefined;
  userAgent: string | undefined;
}

/** The signed-in operator who proves who they are again (routes pass request.operator). */
export interface ProvingOperator {
  operatorId: number;
  email: string;
  token: string;
}

export interface SignInDeps {
  stores: Pick<Stores, 'operatorAccounts' | 'operatorSessions' | 'signInThrottle'>;
  sessions: OperatorSessionService;
  secondFactors: SecondFactors;
  passkeys: Passkeys;
  team: TeamService;
  useCases: UseCases;
  /** Whether owners require this operator to sign in through the identity provider (services/sso.ts). */
  ssoRequired?: (operatorId: number) => Promise<boolean>;
  now?: () => Date;
}

export function createSignIn({
  stores,
  sessions: sessionService,
  secondFactors,
  passkeys,
  team,
  useCases,
  ssoRequired = async () => false,
  now = () => new Date(),
}: SignInDeps) {
  const { operatorSessions: sessions } = stores;
  const checkPassword = createPasswordCheck({ stores, secondFactors, useCases });
  /** A refused attempt: recorded, and the wait it earned starts now that its answer is given. */
  const failed = (operatorId: number | null, detail: string) =>
    useCases.record({ action: 'session.sign-in', operatorId, outcome: 'failed', detail });
  const countWrongFactor = createWrongFactorCount({ stores, useCases });
  /** Asked after the password or passkey proved the operator, so the refusal tells a stranger nothing. */
  async function refuseWithoutSso(operatorId: number): Promise<void> {
    if (!(await ssoRequired(operatorId))) return;
    await failed(operatorId, 'single sign-on required');
    throw new SignInRefused({ reason: 'sso-required' });
  }
  /** A session for an operator the identity provider vouched for (and their second factor, if they have one). */
  const ssoSession = async (operatorId: number, detail: string, context: SignInContext) =>
    describe(
      await useCases.run(async (change) => {
        const started = await startSession(change, operatorId, context);
        await change.audit({ action: 'session.sign-in', operatorId, detail });
        return started;
      }),
    );

  /** A fresh session for `operatorId` in `change` (the sign-in's audit entry commits with it). */
  async function startSession(change: Change, operatorId: number, context: SignInContext): Promise<{ token: string; expiresAt: number }> {
    if (context.previousToken) await sessionService.end(change.trx, context.previousToken);
    return sessionService.open(change.trx, operatorId, context.userAgent);
  }

  /** The session as the guard will see it (role, second factors), once it is committed. */
  async function describe(started: { token: string; expiresAt: number }): Promise<StartedSession> {
    const session = await sessionService.resolve(started.token);
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
      const { operatorId, detail } = await checkPassword(input, 'session.sign-in');
      await refuseWithoutSso(operatorId);
      return describe(
        await useCases.run(async (change) => {
          const started = await startSession(change, operatorId, context);
          await change.audit({ action: 'session.sign-in', operatorId, detail });
          return started;
        }),
      );
    },

    /**
     * A signed-in operator proves who they are again (password and second factor, or a passkey), so the next five
     * minutes of this session may change how they sign in. Counted and throttled exactly as a sign-in is: a stolen
     * session cannot guess the password or codes any faster here. Answers until when the proof counts.
     */
    async proveAgain(
      operator: ProvingOperator,
      given: (
        | { password: string; totp?: string | undefined; recoveryCode?: string | undefined }
        | { handle: string; response: Record<string, unknown> }
      ) & {
        network: string;
      },
    ): Promise<number> {
      let detail: string;
      if ('handle' in given) {
        const proved = await passkeys.verifySignIn(given.handle, given.response);
        if (!proved || proved.operatorId !== operator.operatorId) {
          await useCases.record({
            action: 'session.proof',
            operatorId: operator.operatorId,
            outcome: 'failed',
            detail: 'passkey not accepted',
          });
          throw new SignInRefused({ reason: 'passkey-refused' });
        }
        detail = `passkey:${proved.passkeyId}`;
      } else {
        const checked = await checkPassword({ ...given, email: operator.email }, 'session.proof');
        if (checked.operatorId !== operator.operatorId) throw new SignInRefused({ reason: 'bad-credentials' });
        detail = checked.detail;
      }
      const at = now();
      await useCases.run(async (change) => {
        await sessions.markProved(change.trx, operator.token, at.toISOString());
        await change.audit({ action: 'session.proof', operatorId: operator.operatorId, detail });
      });
      return at.getTime() + FRESH_PROOF_MS;
    },

    /**
     * Before a change to how the operator signs in: the proof given with it (the sign-in's fields), or one made in this
     * session within FRESH_PROOF_MS (the sign-in counts). Refuses with `proof-required` otherwise.
     */
    async requireFreshProof(
      operator: ProvingOperator & { provedAt: number },
      given: { password?: string | undefined; totp?: string | undefined; recoveryCode?: string | undefined; network: string },
    ): Promise<void> {
      if (given.password !== undefined) {
        await this.proveAgain(operator, { ...given, password: given.password });
        return;
      }
      if (now().getTime() - operator.provedAt > FRESH_PROOF_MS) throw new SignInRefused({ reason: 'proof-required' });
    },

    /** The operator chooses a new password (after a fresh proof): their other sessions end, and they are told by mail. */
    async changePassword(operator: { operatorId: number; sessionId: string }, newPassword: string): Promise<void> {
      const problem = passwordProblem(newPassword);
      if (problem) {
        await useCases.record({ action: 'operator.password', operatorId: operator.operatorId, outcome: 'failed', detail: 'weak-password' });
        throw new TeamRuleError('weak-password', problem);
      }
      const passwordHash = await hashPassword(newPassword);
      await useCases.run(async (change) => {
        await stores.operatorAccounts.setPassword(change.trx, operator.operatorId, passwordHash);
        const ended = await sessions.endOthers(change.trx, operator.operatorId, operator.sessionId);
        await change.audit({ action: 'operator.password', operatorId: operator.operatorId, detail: `${ended} other sessions ended` });
        await noticeOfSignInChange(change, operator.operatorId, 'password');
      });
    },

    /** A passkey's answer to the challenge of `handle` (the authenticator proves the operator: user verification). */
    /**
     * A passkey signs its operator in; where single sign-on is required, only as the second half of a sign-in through
     * the provider (`afterProviderFor`: the operator the provider vouched for, from the ticket; issue 47 item 7).
     */
    async withPasskey(
      input: { handle: string; response: Record<string, unknown> },
      context: SignInContext,
      afterProviderFor?: number,
    ): Promise<StartedSession> {
      const proved = await passkeys.verifySignIn(input.handle, input.response);
      if (!proved) {
        await failed(null, 'passkey not accepted');
        throw new SignInRefused({ reason: 'passkey-refused' });
      }
      const afterProvider = afterProviderFor === proved.operatorId;
      if (!afterProvider) await refuseWithoutSso(proved.operatorId);
      return describe(
        await useCases.run(async (change) => {
          const started = await startSession(change, proved.operatorId, context);
          const detail = `${afterProvider ? 'single sign-on and ' : ''}passkey:${proved.passkeyId}`;
          await change.audit({ action: 'session.sign-in', operatorId: proved.operatorId, detail });
          return started;
        }),
      );
    },

    /** The identity provider vouched for an operator who has no code to give (services/sso.ts: finish). */
    withSso: (operatorId: number, context: SignInContext) => ssoSession(operatorId, 'single sign-on', context),

    /**
     * The operator's own code after the identity provider (their ticket was good): a current code of their app or a
     * recovery code, counted as a password sign-in's codes are.
     */
    async withSsoCode(
      operatorId: number,
      given: { totp?: string | undefined; recoveryCode?: string | undefined },
      context: SignInContext,
    ): Promise<StartedSession> {
      const wrong = await stores.signInThrottle.wrongFactors(operatorId);
      if (given.totp && wrong.current >= WRONG_FACTORS_PER_HOUR) {
        await failed(operatorId, 'single sign-on: codes refused for the hour');
        throw new SignInRefused({ reason: 'second-factor-capped', retryAfterMs: wrong.ttlMs });
      }
      const factor = await secondFactors.check(operatorId, given);
      if (factor !== 'ok') {
        await failed(operatorId, 'single sign-on: wrong or used second factor');
        if (factor === 'invalid') await countWrongFactor(operatorId);
        throw new SignInRefused({ reason: 'second-factor-invalid' });
      }
      return ssoSession(operatorId, given.totp ? 'single sign-on and code' : 'single sign-on and recovery code', context);
    },

    /** An invited teammate chose their password (services/team.ts): they are signed in at once. */
    async afterJoining(input: { token: string; password: string }, context: SignInContext): Promise<StartedSession> {
      const joined = await team.acceptInvitation(input.token, input.password);
      return describe(await useCases.run((change) => startSession(change, joined.operatorId, context)));
    },

    /** Signs out: this session ends. */
    async signOut(operator: { operatorId: number; token: string }): Promise<void> {
      await useCases.run(async (change) => {
        await sessionService.end(change.trx, operator.token);
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

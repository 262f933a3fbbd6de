import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminSessionInfoSchema,
  adminSessionListSchema,
  adminSessionParamsSchema,
  adminSignInSchema,
  adminInvitationAcceptSchema,
  adminPasskeySignInSchema,
  adminWebauthnOptionsSchema,
  normalizeEmail,
  type AdminSessionInfo,
  type OperatorRole,
} from '@waitlist/contract';
import type { Database } from '../../db/connection';
import { auditLogs } from '../../db/stores/audit-logs';
import type { OperatorAccounts } from '../../db/stores/operator-accounts';
import type { OperatorSessions } from '../../db/stores/operator-sessions';
import { TeamRuleError, type OperatorService } from '../../services/operators';
import type { SignInThrottle } from '../../db/stores/sign-in-throttle';
import { HttpError } from '../../http/http-error';
import { limitedBy, tooManyRequests } from '../../http/rate-limit';
import type { RateLimitRule } from '../../http/rate-limits';
import { sha256 } from '../../lib/crypto';
import { sessionToken, signedInOperator } from './guards';
import { clientNetwork } from '../../lib/client-network';
import { PasswordCheckBusy, dummyPasswordHash, passwordChecksBusy, verifyPassword } from '../../lib/passwords';

export interface SessionRoutesOptions {
  database: Database;
  operators: OperatorService;
  accounts: OperatorAccounts;
  sessions: OperatorSessions;
  throttle: SignInThrottle;
  /** The session cookie's name (`__Host-` prefixed on an https site). */
  cookieName: string;
  /** SITE_URL is https: the cookie is Secure whatever the request looks like behind a proxy. */
  secureCookies: boolean;
  /** rate-limits.ts: signIn (the per-account-and-network delays stay when it is off). */
  signInRateLimit: RateLimitRule | null;
}

/** Path `/` and no Domain, as the `__Host-` prefix requires; Secure on an https site or an https request. */
const cookieOptions = (request: FastifyRequest, secureSite: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: secureSite || request.protocol === 'https' }) as const;

/** "12 seconds", "1 minute", "15 minutes": how long a refused sign-in waits. */
const inWords = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
};

const unauthenticatedNow = () => new HttpError(401, ADMIN_ERROR_CODES.unauthenticated, 'Sign in to continue');

/** Every hashing slot is taken (lib/passwords): answered at once, so a flood cannot queue the owner for long. */
const busy = () =>
  new HttpError(503, ADMIN_ERROR_CODES.busy, 'Many sign-ins are being checked right now. Try again in a moment.', null, {
    'retry-after': '1',
  });

const sessionInfo = (
  operator: { operatorId: number; email: string; role: OperatorRole; totp: boolean; passkeys: number; enrolmentRequired: boolean },
  expiresAt: number,
): AdminSessionInfo => ({
  operator: { id: operator.operatorId, email: operator.email, role: operator.role },
  expires_at: new Date(expiresAt).toISOString(),
  two_factor: { totp: operator.totp, passkeys: operator.passkeys },
  enrolment_required: operator.enrolmentRequired,
});

const wrongSecondFactor = () =>
  new HttpError(
    401,
    ADMIN_ERROR_CODES.totpInvalid,
    'That code is wrong or was used already: use the newest code of your app, or a recovery code',
  );

/** /session: sign in (the one route without a session), who am I, sign out. Logs carry operator ids, never addresses. */
export async function sessionRoutes(parent: FastifyInstance, options: SessionRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { accounts, sessions, throttle } = options;

  app.post(
    '/session',
    {
      bodyLimit: 16 * 1024,
      schema: { body: adminSignInSchema, response: { 200: adminSessionInfoSchema } },
      schemaErrorFormatter: () => new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, 'Send your e-mail and password'),
      config: {
        signedOut: true,
        // While Redis is down this limit is counted in the database rather than failing open (docs/deployment.md).
        ...limitedBy(options.signInRateLimit, { whenRedisFails: throttle.countAddressAttempt }),
      },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      if (passwordChecksBusy()) throw busy();
      // Counted per account and client network: a stranger's guesses slow the stranger, never the account's owner.
      const throttleKey = sha256(`${email}\n${clientNetwork(request.ip)}`);
      const nextAllowed = await throttle.claimAttempt(throttleKey);
      if (nextAllowed) {
        request.log.warn('admin sign-in refused: too soon after failed attempts from this network');
        const waitMs = nextAllowed - Date.now();
        throw tooManyRequests(
          `Too many failed sign-ins for this account from your network. Try again in ${inWords(waitMs)}.`,
          waitMs,
          ADMIN_ERROR_CODES.locked,
        );
      }

      const operator = await accounts.findForSignIn(email);
      let ok: boolean;
      try {
        // Unknown e-mails cost one scrypt too, so timing does not reveal which accounts exist.
        ok = await verifyPassword(request.body.password, operator?.passwordHash ?? (await dummyPasswordHash()));
      } catch (error) {
        if (error instanceof PasswordCheckBusy) throw busy();
        throw error;
      }
      const audit = (outcome: 'ok' | 'failed', detail: string, operatorId = operator?.id ?? null) =>
        auditLogs.operator(options.database.db, { action: 'session.sign-in', operatorId, outcome, detail });
      if (!operator || !ok) {
        request.log.info({ operatorId: operator?.id ?? null }, 'admin sign-in failed');
        await audit('failed', operator ? 'wrong password' : 'no such operator');
        throw new HttpError(401, ADMIN_ERROR_CODES.badCredentials, 'The e-mail or password is not correct');
      }
      // The password was right; an operator with a second factor needs it too (a code is good once).
      const factor = await options.operators.checkSecondFactor(operator.id, {
        totp: request.body.totp,
        recoveryCode: request.body.recovery_code,
      });
      if (factor === 'required') {
        await audit('failed', 'second factor needed');
        throw new HttpError(401, ADMIN_ERROR_CODES.totpRequired, 'Enter the code from your authenticator app (or a recovery code)');
      }
      if (factor === 'invalid') {
        request.log.info({ operatorId: operator.id }, 'admin sign-in failed: second factor');
        await audit('failed', 'wrong or used second factor');
        throw wrongSecondFactor();
      }
      await throttle.clear(throttleKey);
      await audit('ok', factor === 'none' ? 'password' : request.body.totp ? 'password and code' : 'password and recovery code');
      return startSession(request, reply, operator.id);
    },
  );

  /** A fresh token on every sign-in; any session the browser came with is revoked (no fixation). */
  async function startSession(request: FastifyRequest, reply: FastifyReply, operatorId: number) {
    const previous = sessionToken(request, options.cookieName);
    if (previous) await sessions.delete(previous);
    const userAgent = request.headers['user-agent'];
    const { token, expiresAt } = await sessions.create(operatorId, typeof userAgent === 'string' ? userAgent : undefined);
    const session = await sessions.resolve(token);
    if (!session) throw unauthenticatedNow();
    request.log.info({ operatorId }, 'admin signed in');
    reply.setCookie(options.cookieName, token, cookieOptions(request, options.secureCookies));
    const enrolmentRequired = options.operators.secondFactorRequired(session.role) && !session.totp && session.passkeys === 0;
    return reply.code(200).send(sessionInfo({ ...session, enrolmentRequired }, expiresAt));
  }

  // Signing in with a passkey instead of password and code: the authenticator proves the operator (user verification).
  const signedOutLimited = {
    signedOut: true,
    ...limitedBy(options.signInRateLimit, { whenRedisFails: throttle.countAddressAttempt }),
  };
  app.post('/session/passkey/options', { schema: { response: { 200: adminWebauthnOptionsSchema } }, config: signedOutLimited }, async () =>
    options.operators.passkeySignInOptions(),
  );
  app.post(
    '/session/passkey',
    {
      bodyLimit: 32 * 1024,
      schema: { body: adminPasskeySignInSchema, response: { 200: adminSessionInfoSchema } },
      config: signedOutLimited,
    },
    async (request, reply) => {
      const proved = await options.operators.verifyPasskeySignIn(request.body.handle, request.body.response);
      if (!proved) {
        await auditLogs.operator(options.database.db, {
          action: 'session.sign-in',
          operatorId: null,
          outcome: 'failed',
          detail: 'passkey not accepted',
        });
        throw new HttpError(
          401,
          ADMIN_ERROR_CODES.badCredentials,
          'That passkey was not accepted: try again, or sign in with your password',
        );
      }
      await auditLogs.operator(options.database.db, {
        action: 'session.sign-in',
        operatorId: proved.operatorId,
        detail: `passkey:${proved.passkeyId}`,
      });
      return startSession(request, reply, proved.operatorId);
    },
  );

  // An invited teammate chooses their password (the token comes from the mail's link) and is signed in.
  app.post(
    '/invitations/accept',
    {
      bodyLimit: 16 * 1024,
      schema: { body: adminInvitationAcceptSchema, response: { 200: adminSessionInfoSchema } },
      config: signedOutLimited,
    },
    async (request, reply) => {
      try {
        const joined = await options.operators.acceptInvitation(request.body.token, request.body.password);
        return startSession(request, reply, joined.operatorId);
      } catch (error) {
        if (error instanceof TeamRuleError) {
          throw new HttpError(error.code === 'weak-password' ? 400 : 410, ADMIN_ERROR_CODES.invalidRequest, error.message);
        }
        throw error;
      }
    },
  );

  const own = { role: 'viewer', enrolment: true } as const;
  app.get('/session', { schema: { response: { 200: adminSessionInfoSchema } }, config: own }, async (request) => {
    const operator = signedInOperator(request);
    return sessionInfo(operator, operator.expiresAt);
  });

  app.delete('/session', { config: { ...own, audit: 'session.sign-out' } }, async (request, reply) => {
    const { token, operatorId } = signedInOperator(request);
    await sessions.delete(token);
    request.log.info({ operatorId }, 'admin signed out');
    reply.clearCookie(options.cookieName, cookieOptions(request, options.secureCookies));
    return reply.code(204).send();
  });

  // The operator's own sessions: where they are signed in, and a way to end the others (a lost laptop).
  app.get('/sessions', { schema: { response: { 200: adminSessionListSchema } }, config: own }, async (request) => {
    const { operatorId, sessionId } = signedInOperator(request);
    const items = await sessions.listFor(operatorId);
    return {
      items: items.map((s) => ({
        id: s.id,
        started_at: s.startedAt,
        last_used_at: s.lastUsedAt,
        browser: s.userAgent,
        current: s.id === sessionId,
      })),
    };
  });

  app.delete(
    '/sessions/:id',
    { schema: { params: adminSessionParamsSchema }, config: { ...own, audit: 'session.end' } },
    async (request, reply) => {
      const { operatorId } = signedInOperator(request);
      if (!(await sessions.endFor(operatorId, request.params.id)))
        throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No session of yours with this id');
      request.log.info({ operatorId }, 'admin ended one of their sessions');
      return reply.code(204).send();
    },
  );

  app.post('/sessions/end-others', { config: { ...own, audit: 'session.end-others' } }, async (request) => {
    const { operatorId, sessionId } = signedInOperator(request);
    const ended = await sessions.endOthers(operatorId, sessionId);
    request.log.info({ operatorId, ended }, 'admin ended their other sessions');
    return { ended };
  });
}

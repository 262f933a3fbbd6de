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
  adminSessionsEndedSchema,
} from '@waitlist/contract';
import { toSessionInfo, toSessionListItem } from '../../services/operator-views';
import type { OperatorSessionService } from '../../services/operator-sessions';
import type { SignInThrottle } from '../../db/stores/sign-in-throttle';
import { HttpError } from '../../http/http-error';
import { limitedBy, tooManyRequests } from '../../http/rate-limiter';
import type { RateLimitRule } from '../../http/rate-limit-rules';
import { clientNetwork } from '../../lib/client-network';
import { SignInRefused, type SignIn, type StartedSession } from '../../services/sign-in';
import type { Passkeys } from '../../services/passkeys';
import { TeamRuleError } from '../../services/team';
import { sessionToken, signedInOperator } from './guards';

export interface SessionRoutesOptions {
  signIn: SignIn;
  passkeys: Passkeys;
  /** The operator's own session list (a read). */
  sessions: Pick<OperatorSessionService, 'listFor'>;
  /** Counts sign-in attempts in the database while Redis is down (rate-limit-rules.ts: signIn). */
  throttle: SignInThrottle;
  /** The session cookie's name (`__Host-` prefixed on an https site). */
  cookieName: string;
  /** SITE_URL is https: the cookie is Secure whatever the request looks like behind a proxy. */
  secureCookies: boolean;
  /** rate-limit-rules.ts: signIn (the per-account-and-network delays stay when it is off). */
  signInRateLimit: RateLimitRule | null;
  /**
   * The operator whose sign-in through the identity provider waits for their passkey (services/sso.ts: the ticket in
   * SSO_PASSKEY_COOKIE, once, 5 minutes): their passkey then completes it even where single sign-on is required.
   */
  takeSsoPasskeyTicket: (ticket: string | undefined) => Promise<number | undefined>;
}

/** The ticket of a provider's sign-in that waits for the operator's passkey (Strict, this path only, 5 minutes). */
export const SSO_PASSKEY_COOKIE = 'wl_sso_passkey';
export const SSO_PASSKEY_PATH = '/api/admin/session/passkey';

/** Path `/` and no Domain, as the `__Host-` prefix requires; Secure on an https site or an https request. */
export const cookieOptions = (request: FastifyRequest, secureSite: boolean) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: secureSite || request.protocol === 'https' }) as const;

/** "12 seconds", "1 minute", "15 minutes": how long a refused sign-in waits. */
const inWords = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
};

/** Every hashing slot is taken (lib/passwords): answered at once, so a flood cannot queue the owner for long. */
const busy = () =>
  new HttpError(503, ADMIN_ERROR_CODES.busy, 'Many sign-ins are being checked right now. Try again in a moment.', null, {
    'retry-after': '1',
  });

const wrongSecondFactor = () =>
  new HttpError(
    401,
    ADMIN_ERROR_CODES.totpInvalid,
    'That code is wrong or was used already: use the newest code of your app, or a recovery code',
  );

/** A refused sign-in (or proof) as the console reads it (the codes are in the contract's ADMIN_ERROR_CODES). */
export function refusalAnswer(error: unknown): never {
  if (!(error instanceof SignInRefused)) throw error;
  const { refusal } = error;
  switch (refusal.reason) {
    case 'busy':
      throw busy();
    case 'locked':
      throw tooManyRequests(
        `Too many failed sign-ins for this account from your network. Try again in ${inWords(refusal.retryAfterMs)}.`,
        refusal.retryAfterMs,
        ADMIN_ERROR_CODES.locked,
      );
    case 'second-factor-required':
      throw new HttpError(401, ADMIN_ERROR_CODES.totpRequired, 'Enter the code from your authenticator app (or a recovery code)');
    case 'passkey-required':
      throw new HttpError(
        401,
        ADMIN_ERROR_CODES.passkeyRequired,
        'This account signs in with its passkey: use your passkey below, or one of your recovery codes',
      );
    case 'second-factor-capped':
      throw tooManyRequests(
        `Too many wrong codes for this account within the hour. Sign in with your passkey or a recovery code, or try a code again in ${inWords(refusal.retryAfterMs)}.`,
        refusal.retryAfterMs,
        ADMIN_ERROR_CODES.secondFactorCapped,
      );
    case 'second-factor-invalid':
      throw wrongSecondFactor();
    case 'passkey-refused':
      throw new HttpError(401, ADMIN_ERROR_CODES.badCredentials, 'That passkey was not accepted: try again, or sign in with your password');
    case 'sso-required':
      throw new HttpError(
        403,
        ADMIN_ERROR_CODES.ssoRequired,
        'Your team signs in through its identity provider: use "Sign in with your organisation\'s account"',
      );
    case 'proof-required':
      throw new HttpError(
        401,
        ADMIN_ERROR_CODES.proofRequired,
        'Confirm it is you: give your password (and a code from your app) or use your passkey, then try again',
      );
    default:
      throw new HttpError(401, ADMIN_ERROR_CODES.badCredentials, 'The e-mail or password is not correct');
  }
}

/** /session: sign in (the one route without a session), who am I, sign out. Logs carry operator ids, never addresses. */
export async function sessionRoutes(parent: FastifyInstance, options: SessionRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { signIn, sessions, throttle } = options;
  const contextOf = (request: FastifyRequest) => {
    const userAgent = request.headers['user-agent'];
    return { previousToken: sessionToken(request, options.cookieName), userAgent: typeof userAgent === 'string' ? userAgent : undefined };
  };
  /** The session just started: its cookie, and who it is. */
  const started = (request: FastifyRequest, reply: FastifyReply, session: StartedSession) => {
    request.log.info({ operatorId: session.operator.operatorId }, 'admin signed in');
    reply.setCookie(options.cookieName, session.token, cookieOptions(request, options.secureCookies));
    return reply.code(200).send(toSessionInfo(session.operator, session.expiresAt));
  };

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
      const session = await signIn
        .withPassword(
          {
            email: normalizeEmail(request.body.email),
            password: request.body.password,
            totp: request.body.totp,
            recoveryCode: request.body.recovery_code,
            network: clientNetwork(request.ip),
          },
          contextOf(request),
        )
        .catch((error: unknown) => {
          if (error instanceof SignInRefused) request.log.info({ reason: error.refusal.reason }, 'admin sign-in refused');
          return refusalAnswer(error);
        });
      return started(request, reply, session);
    },
  );

  // Signing in with a passkey instead of password and code: the authenticator proves the operator (user verification).
  const signedOutLimited = {
    signedOut: true,
    ...limitedBy(options.signInRateLimit, { whenRedisFails: throttle.countAddressAttempt }),
  };
  app.post('/session/passkey/options', { schema: { response: { 200: adminWebauthnOptionsSchema } }, config: signedOutLimited }, async () =>
    options.passkeys.signInOptions(),
  );
  app.post(
    '/session/passkey',
    {
      bodyLimit: 32 * 1024,
      schema: { body: adminPasskeySignInSchema, response: { 200: adminSessionInfoSchema } },
      config: signedOutLimited,
    },
    async (request, reply) => {
      // After the identity provider: the ticket says which operator it vouched for; their passkey completes the sign-in.
      const ticket = request.cookies[SSO_PASSKEY_COOKIE];
      if (ticket !== undefined) reply.clearCookie(SSO_PASSKEY_COOKIE, { path: SSO_PASSKEY_PATH });
      const afterProvider = await options.takeSsoPasskeyTicket(ticket);
      const session = await signIn.withPasskey(request.body, contextOf(request), afterProvider).catch(refusalAnswer);
      return started(request, reply, session);
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
      const session = await signIn.afterJoining(request.body, contextOf(request)).catch((error: unknown) => {
        if (error instanceof TeamRuleError) {
          throw new HttpError(error.code === 'weak-password' ? 400 : 410, ADMIN_ERROR_CODES.invalidRequest, error.message);
        }
        throw error;
      });
      return started(request, reply, session);
    },
  );

  const own = { role: 'viewer', enrolment: true } as const;
  app.get('/session', { schema: { response: { 200: adminSessionInfoSchema } }, config: own }, async (request) => {
    const operator = signedInOperator(request);
    return toSessionInfo(operator, operator.expiresAt);
  });

  app.delete('/session', { config: own }, async (request, reply) => {
    const operator = signedInOperator(request);
    await signIn.signOut(operator);
    request.log.info({ operatorId: operator.operatorId }, 'admin signed out');
    reply.clearCookie(options.cookieName, cookieOptions(request, options.secureCookies));
    return reply.code(204).send();
  });

  // The operator's own sessions: where they are signed in, and a way to end the others (a lost laptop).
  app.get('/sessions', { schema: { response: { 200: adminSessionListSchema } }, config: own }, async (request) => {
    const { operatorId, sessionId } = signedInOperator(request);
    return { items: (await sessions.listFor(operatorId)).map((s) => toSessionListItem(s, sessionId)) };
  });

  app.delete('/sessions/:id', { schema: { params: adminSessionParamsSchema }, config: own }, async (request, reply) => {
    const { operatorId } = signedInOperator(request);
    if (!(await signIn.endSession(operatorId, request.params.id)))
      throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No session of yours with this id');
    request.log.info({ operatorId }, 'admin ended one of their sessions');
    return reply.code(204).send();
  });

  app.post('/sessions/end-others', { schema: { response: { 200: adminSessionsEndedSchema } }, config: own }, async (request) => {
    const { operatorId, sessionId } = signedInOperator(request);
    const ended = await signIn.endOtherSessions(operatorId, sessionId);
    request.log.info({ operatorId, ended }, 'admin ended their other sessions');
    return { ended };
  });
}

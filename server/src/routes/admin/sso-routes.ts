import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminSessionInfoSchema,
  adminSsoCodeSchema,
  adminSsoInvitationStartSchema,
  adminSsoOfferSchema,
  adminSsoStartSchema,
  adminSsoSchema,
  adminSsoUpdateSchema,
} from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { limitedBy } from '../../http/rate-limiter';
import type { RateLimitRule } from '../../http/rate-limit-rules';
import type { SignInThrottle } from '../../db/stores/sign-in-throttle';
import { toSessionInfo } from '../../services/operator-views';
import { SignInRefused, type SignIn, type StartedSession } from '../../services/sign-in';
import { SsoRefused, type Sso } from '../../services/sso';
import { freshProofBy, withoutProof } from './fresh-proof';
import { sessionToken } from './guards';
import { SSO_PASSKEY_COOKIE, SSO_PASSKEY_PATH, cookieOptions, refusalAnswer } from './session-routes';

export interface SsoRoutesOptions {
  sso: Sso;
  signIn: SignIn;
  throttle: SignInThrottle;
  cookieName: string;
  secureCookies: boolean;
  signInRateLimit: RateLimitRule | null;
  /** SITE_URL: the callback's address as the provider sent the browser to it (behind any proxy). */
  siteUrl: string;
  /** Wakes the mail worker: the other owners are told of a policy change. */
  mailQueued: () => void;
}

/** The browser's sign-in on its way through the provider, and one waiting for its code: cookies of their own paths. */
const ON_ITS_WAY = 'wl_sso';
const WAITING_FOR_CODE = 'wl_sso_code';

/**
 * Single sign-on (issue 37 item 4; docs/decisions/0037): GET /sso/start sends the browser to the provider, GET
 * /sso/callback takes it back and signs the operator in (or asks for their own code first: POST /session/sso-code);
 * owners set the policy and the domains' roles at /sso. Every refusal lands on the sign-in page with its reason.
 */
export async function ssoRoutes(parent: FastifyInstance, options: SsoRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { sso, signIn } = options;
  const freshProof = freshProofBy(signIn);
  const signedOut = { signedOut: true, ...limitedBy(options.signInRateLimit, { whenRedisFails: options.throttle.countAddressAttempt }) };
  const contextOf = (request: FastifyRequest) => {
    const userAgent = request.headers['user-agent'];
    return { previousToken: sessionToken(request, options.cookieName), userAgent: typeof userAgent === 'string' ? userAgent : undefined };
  };
  // The provider sends the browser back with a top-level GET from its own site: only a Lax cookie comes along.
  const shortCookie = (request: FastifyRequest, path: string, seconds: number, sameSite: 'lax' | 'strict') =>
    ({ ...cookieOptions(request, options.secureCookies), path, sameSite, maxAge: seconds }) as const;
  const toSignInPage = (reply: FastifyReply, outcome: string) => reply.redirect(`/admin?sso=${outcome}`, 303);
  const signedIn = (request: FastifyRequest, reply: FastifyReply, session: StartedSession) => {
    request.log.info({ operatorId: session.operator.operatorId }, 'admin signed in through the identity provider');
    reply.setCookie(options.cookieName, session.token, cookieOptions(request, options.secureCookies));
  };

  app.get('/session/sso', { schema: { response: { 200: adminSsoOfferSchema } }, config: { signedOut: true } }, async () => ({
    offered: sso.configured,
  }));

  app.get('/sso/start', { config: signedOut }, async (request, reply) => {
    if (!sso.configured) throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'Single sign-on is not set up (OIDC_ISSUER)');
    try {
      const { url, handle } = await sso.start();
      reply.setCookie(ON_ITS_WAY, handle, shortCookie(request, '/api/admin/sso', 600, 'lax'));
      return reply.redirect(url.toString(), 303);
    } catch (error) {
      if (!(error instanceof SsoRefused)) throw error;
      request.log.warn({ reason: error.reason, detail: error.detail }, 'single sign-on could not start');
      return toSignInPage(reply, error.reason);
    }
  });

  // From an invitation's link (the console's Join page): the token proves the invitation, the provider the person.
  app.post(
    '/sso/start',
    { bodyLimit: 4 * 1024, schema: { body: adminSsoInvitationStartSchema, response: { 200: adminSsoStartSchema } }, config: signedOut },
    async (request, reply) => {
      if (!sso.configured) throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'Single sign-on is not set up (OIDC_ISSUER)');
      try {
        const { url, handle } = await sso.start(request.body.invitation);
        reply.setCookie(ON_ITS_WAY, handle, shortCookie(request, '/api/admin/sso', 600, 'lax'));
        return { url: url.toString() };
      } catch (error) {
        if (!(error instanceof SsoRefused)) throw error;
        if (error.reason === 'invitation-over')
          throw new HttpError(
            410,
            ADMIN_ERROR_CODES.invalidRequest,
            'This invitation link is used, withdrawn or expired: ask an owner for a new one',
          );
        throw new HttpError(503, ADMIN_ERROR_CODES.busy, 'Your identity provider could not be reached: try again');
      }
    },
  );

  app.get('/sso/callback', { config: signedOut }, async (request, reply) => {
    reply.clearCookie(ON_ITS_WAY, { path: '/api/admin/sso' });
    if (!sso.configured) throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'Single sign-on is not set up (OIDC_ISSUER)');
    try {
      const outcome = await sso.finish(new URL(request.url, options.siteUrl), request.cookies[ON_ITS_WAY]);
      if (outcome.owes === 'code') {
        reply.setCookie(WAITING_FOR_CODE, outcome.ticket, shortCookie(request, '/api/admin/session/sso-code', 300, 'strict'));
        return toSignInPage(reply, 'code');
      }
      if (outcome.owes === 'passkey') {
        reply.setCookie(SSO_PASSKEY_COOKIE, outcome.ticket, shortCookie(request, SSO_PASSKEY_PATH, 300, 'strict'));
        return toSignInPage(reply, 'passkey');
      }
      signedIn(request, reply, await signIn.withSso(outcome.operatorId, contextOf(request)));
      return reply.redirect('/admin', 303);
    } catch (error) {
      if (error instanceof SsoRefused) {
        request.log.info({ reason: error.reason }, 'single sign-on refused');
        return toSignInPage(reply, error.reason);
      }
      throw error;
    }
  });

  app.post(
    '/session/sso-code',
    { bodyLimit: 4 * 1024, schema: { body: adminSsoCodeSchema, response: { 200: adminSessionInfoSchema } }, config: signedOut },
    async (request, reply) => {
      reply.clearCookie(WAITING_FOR_CODE, { path: '/api/admin/session/sso-code' });
      const operatorId = await sso.takeSecondFactorTicket(request.cookies[WAITING_FOR_CODE]);
      if (operatorId === undefined) {
        throw new HttpError(
          410,
          ADMIN_ERROR_CODES.invalidRequest,
          'This sign-in is over (5 minutes, one try): sign in through your provider again',
        );
      }
      const session = await signIn
        .withSsoCode(operatorId, { totp: request.body.totp, recoveryCode: request.body.recovery_code }, contextOf(request))
        .catch((error: unknown) => {
          if (error instanceof SignInRefused) request.log.info({ reason: error.refusal.reason }, 'admin sign-in refused');
          return refusalAnswer(error);
        });
      signedIn(request, reply, session);
      return reply.code(200).send(toSessionInfo(session.operator, session.expiresAt));
    },
  );

  app.get('/sso', { schema: { response: { 200: adminSsoSchema } }, config: { role: 'owner' } }, async () => sso.view());

  app.put(
    '/sso',
    { schema: { body: adminSsoUpdateSchema, response: { 200: adminSsoSchema } }, config: { role: 'owner' } },
    async (request) => {
      // Who signs in how is a lasting change: a fresh proof first, and the other owners are mailed (issue 47 item 4).
      const operator = await freshProof(request, request.body);
      try {
        const answer = await sso.update(operator, withoutProof(request.body));
        options.mailQueued();
        return answer;
      } catch (error) {
        if (error instanceof SsoRefused) throw new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, error.detail);
        throw error;
      }
    },
  );
}

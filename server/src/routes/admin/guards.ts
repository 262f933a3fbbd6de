import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_ERROR_CODES, roleAllows, type ApiScope, type OperatorRole } from '@waitlist/contract';
import type { OperatorSessionService } from '../../services/operator-sessions';
import type { ApiKeys } from '../../services/api-keys';
import type { Reader } from '../../services/readers';
import type { UseCases } from '../../services/use-case';
import { HttpError } from '../../http/http-error';
import { bearerToken, requireScope } from '../../http/api-key-auth';

export interface SignedIn {
  operatorId: number;
  email: string;
  role: OperatorRole;
  /** Second factors the operator has. */
  totp: boolean;
  passkeys: number;
  token: string;
  /** The session in use (the first characters of its hash). */
  sessionId: string;
  expiresAt: number;
  /** When the operator last proved who they are in this session (the sign-in, or POST /me/proof since). */
  provedAt: number;
  /** Owners, members, and viewers an owner let: whole addresses; other viewers see them masked (a•••@volvo.com). */
  seesAddresses: boolean;
  /** REQUIRE_2FA asks this operator for a second factor they do not have: they may only enrol until they do. */
  enrolmentRequired: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: SignedIn | null;
  }
  interface FastifyContextConfig {
    /** Routes reachable without a session: signing in, accepting an invitation. */
    signedOut?: boolean;
    /**
     * The least role that may use the route (viewer < member < owner). Every admin route declares one: a route without
     * it is refused to everybody, and routes/admin/roles.test.ts fails.
     */
    role?: OperatorRole;
    /** Reachable while REQUIRE_2FA asks the operator to enrol a second factor first (their session, their factors). */
    enrolment?: boolean;
    /** Also open to a request without a session that sends an API key with this scope (issue 37 item 5). */
    apiScope?: ApiScope;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Longer cookies are not tokens we gave out: refused without a database look-up. */
const MAX_TOKEN_LENGTH = 100;

const withoutDefaultPort = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/**
 * The host (and port) of an Origin header; compared without the scheme so a TLS-terminating proxy that does not
 * forward the protocol (TRUST_PROXY unset) cannot lock operators out. `null` and garbage never match.
 */
function originHost(origin: string): string | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? withoutDefaultPort(url.host) : null;
  } catch {
    return null;
  }
}

/** The session token a request came with (in the cookie named `cookieName`), when it could be one of ours. */
export function sessionToken(request: FastifyRequest, cookieName: string): string | undefined {
  const token = request.cookies[cookieName];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : undefined;
}

const unauthenticated = (hint: string | null = null) => new HttpError(401, ADMIN_ERROR_CODES.unauthenticated, 'Sign in to continue', hint);

/** The signed-in operator of a request the session guard let through. */
export function signedInOperator(request: FastifyRequest): SignedIn {
  if (!request.operator) throw unauthenticated();
  return request.operator;
}

/** Who reads on a route open to API keys (`apiScope`): the signed-in operator, or the key the request came with. */
export function readerOf(request: FastifyRequest): Reader {
  const key = request.apiKey;
  if (key?.kind === 'key') return { operatorId: null, seesAddresses: true, apiKey: { id: key.id, name: key.name } };
  return signedInOperator(request);
}

/** What a refused or failed attempt is recorded as: on which sign-up, or which thing. */
function auditSubject(request: FastifyRequest): { signupId: number | null; target: string | null } {
  const url = (request.routeOptions.url ?? '').replace(/^\/api\/admin/, '');
  const id = (request.params as { id?: unknown } | undefined)?.id;
  const idText = typeof id === 'number' || typeof id === 'string' ? String(id) : null;
  const section = url.split('/').filter(Boolean)[0] ?? null;
  if (section === 'signups' && idText && /^\d+$/.test(idText)) return { signupId: Number(idText), target: null };
  return { signupId: null, target: section && idText ? `${section}:${idText}` : section };
}

/**
 * The console's guards, in order: a state change must come from our own origin (cross-site request forgery;
 * SameSite=Strict is the second line), then every route but signing in needs a live session. Answers are never
 * cached. Registered with fastify-plugin so the hooks cover the routes registered beside it.
 */
export const adminGuards = fp(
  async (
    app: FastifyInstance,
    options: {
      sessions: Pick<OperatorSessionService, 'resolve'>;
      cookieName: string;
      /** The audit trail's door (services/use-case.ts): refused attempts, and actions that failed on the way. */
      record: UseCases['record'];
      /** REQUIRE_2FA: whether this role must have a second factor first. */
      secondFactorRequired: (role: OperatorRole) => boolean;
      /** Scoped API keys, for the routes that declare an `apiScope`. */
      apiKeys: ApiKeys;
    },
  ) => {
    app.decorateRequest('operator', null);

    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method)) return;
      const origin = request.headers.origin;
      const fetchSite = request.headers['sec-fetch-site'];
      if (
        (origin !== undefined && originHost(origin) !== withoutDefaultPort(request.host)) ||
        fetchSite === 'cross-site' ||
        fetchSite === 'same-site'
      ) {
        request.log.warn(
          { origin: typeof origin === 'string' ? origin.slice(0, 200) : undefined },
          'admin request from a foreign origin refused',
        );
        throw new HttpError(403, ADMIN_ERROR_CODES.foreignOrigin, 'Cross-origin requests are not allowed here');
      }
    });

    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.signedOut) return;
      const token = sessionToken(request, options.cookieName);
      // An API key instead of a session (a server, never a browser: it sends no cookie), on a route open to its scope.
      if (!token && bearerToken(request) !== undefined) {
        const scope = request.routeOptions.config.apiScope;
        if (!scope)
          throw new HttpError(403, ADMIN_ERROR_CODES.forbidden, 'An API key cannot use this endpoint: an operator signs in for it');
        await requireScope(options.apiKeys, request, scope, () => unauthenticated(`Send a live API key with the scope ${scope}.`));
        return;
      }
      const session = token ? await options.sessions.resolve(token) : undefined;
      if (!session || !token) throw unauthenticated('POST /api/admin/session with your e-mail and password.');
      const enrolmentRequired = options.secondFactorRequired(session.role) && !session.totp && session.passkeys === 0;
      request.operator = { ...session, token, enrolmentRequired };
      const required = request.routeOptions.config.role;
      if (!required) {
        request.log.error({ route: request.routeOptions.url }, 'admin route declares no role: refused to everybody');
        throw new HttpError(403, ADMIN_ERROR_CODES.forbidden, 'This endpoint is not open to any role');
      }
      if (enrolmentRequired && !request.routeOptions.config.enrolment) {
        throw new HttpError(403, ADMIN_ERROR_CODES.enrolmentRequired, 'Set up a second factor (an authenticator app or a passkey) first');
      }
      if (!roleAllows(session.role, required)) {
        throw new HttpError(
          403,
          ADMIN_ERROR_CODES.forbidden,
          `Your role (${session.role}) cannot do this; it needs ${required === 'owner' ? 'an owner' : `a ${required}`}`,
        );
      }
    });

    // A service records each action in the action's own transaction (services/use-case.ts), and its refusals; what no
    // service saw is recorded here: a refusal by these guards (role, origin, second factor) on any route, reads
    // included, and a state change that failed on the way (5xx). Written before the answer leaves.
    app.addHook('onSend', async (request, reply, payload) => {
      const operator = request.operator;
      const status = reply.statusCode;
      const refused = status === 403;
      if (!operator || !(refused || (status >= 500 && !SAFE_METHODS.has(request.method)))) return payload;
      try {
        await options.record({
          action: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`.slice(0, 100),
          operatorId: operator.operatorId,
          outcome: refused ? 'refused' : 'failed',
          ...auditSubject(request),
          detail: `HTTP ${status}`,
        });
      } catch (error) {
        request.log.error({ err: error }, 'could not write the audit trail');
      }
      return payload;
    });

    // Personal data: never cached by the browser or a proxy.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'admin-guards' },
);

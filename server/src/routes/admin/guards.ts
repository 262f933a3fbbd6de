import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_ERROR_CODES } from '@waitlist/contract';
import type { OperatorSessions } from '../../db/stores/operator-sessions';
import { HttpError } from '../../http/http-error';

export interface SignedIn {
  operatorId: number;
  email: string;
  token: string;
  /** The session in use (the first characters of its hash). */
  sessionId: string;
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    operator: SignedIn | null;
  }
  interface FastifyContextConfig {
    /** The one admin route reachable without a session: signing in. */
    signedOut?: boolean;
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

/**
 * The console's guards, in order: a state change must come from our own origin (cross-site request forgery;
 * SameSite=Strict is the second line), then every route but signing in needs a live session. Answers are never
 * cached. Registered with fastify-plugin so the hooks cover the routes registered beside it.
 */
export const adminGuards = fp(
  async (app: FastifyInstance, options: { sessions: OperatorSessions; cookieName: string }) => {
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
      const session = token ? await options.sessions.resolve(token) : undefined;
      if (!session || !token) throw unauthenticated('POST /api/admin/session with your e-mail and password.');
      request.operator = { ...session, token };
    });

    // Personal data: never cached by the browser or a proxy.
    app.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });
  },
  { name: 'admin-guards' },
);

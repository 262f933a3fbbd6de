import type { FastifyRequest } from 'fastify';
import { INSUFFICIENT_SCOPE, type ApiScope } from '@waitlist/contract';
import type { ApiKeyChecker, KeyHolder } from '../lib/api-key-check';
import { HttpError } from './http-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a request was let in with (console keys and keys from the environment), if any. */
    apiKey: KeyHolder | null;
  }
}

/** Longer tokens are none of ours: refused without hashing or a database look-up. */
const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/i;

/** The token of `Authorization: Bearer …`, when the header is one. */
export const bearerToken = (request: FastifyRequest): string | undefined => BEARER.exec(request.headers.authorization ?? '')?.[1];

/** 403 for a key used outside its scopes: the scope it lacks in `details` and in WWW-Authenticate (RFC 6750 §3.1). */
export const insufficientScope = (scope: ApiScope) =>
  new HttpError(
    403,
    INSUFFICIENT_SCOPE,
    `This key lacks the scope ${scope}`,
    'An owner can make a key with this scope in the console (Team, API keys).',
    { 'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"` },
    scope,
  );

/**
 * Lets a request in with a key that has `scope` (a key made in the console or one set in the environment) and notes
 * which key on `request.apiKey`; without a token, or with one that is no live key, throws `unauthenticated()` (each
 * area answers 401 in its own shape); with a key that lacks the scope, 403 naming it.
 */
export async function requireScope(
  apiKeys: ApiKeyChecker,
  request: FastifyRequest,
  scope: ApiScope,
  unauthenticated: () => HttpError,
): Promise<KeyHolder> {
  const token = bearerToken(request);
  if (token === undefined) throw unauthenticated();
  const check = await apiKeys.check(token, scope);
  if (!check.ok) throw check.problem === 'scope' ? insufficientScope(check.scope) : unauthenticated();
  request.apiKey = check.holder;
  return check.holder;
}

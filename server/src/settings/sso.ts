import * as z from 'zod/mini';
import { OPERATOR_ROLES } from '@waitlist/contract';
import { domainList } from './fields';

/** A provider on this machine may speak plain HTTP (a test's, a developer's); any other must be https. */
const LOOPBACK = /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/;

/** Single sign-on to the console with OpenID Connect (docs/decisions/0037; docs/deployment.md, "Single sign-on"). */
export const ssoSettings = {
  /** The provider's issuer (Entra ID: https://login.microsoftonline.com/<tenant>/v2.0; Google: https://accounts.google.com). */
  OIDC_ISSUER: z.optional(
    z.string().check(
      z.refine((v) => v.startsWith('https://') || LOOPBACK.test(v), 'must be an https URL (http only on localhost)'),
      z.refine((v) => URL.canParse(v), 'must be a URL'),
    ),
  ),
  /** The console's client at the provider (a confidential web client, with /api/admin/sso/callback as redirect URI). */
  OIDC_CLIENT_ID: z.optional(z.string().check(z.regex(/^[\x21-\x7e]{1,300}$/, 'must be printable characters without spaces'))),
  OIDC_CLIENT_SECRET: z.optional(z.string().check(z.regex(/^[\x21-\x7e]{1,500}$/, 'must be printable characters without spaces'))),
  /** Addresses of these domains may join through the provider (invited addresses of any domain may too). */
  OIDC_ALLOWED_DOMAINS: z._default(domainList, []),
  /** The role of a newcomer through the provider, unless an owner set one for their domain. */
  OIDC_DEFAULT_ROLE: z._default(z.enum(OPERATOR_ROLES, { error: 'must be owner, member or viewer' }), 'viewer'),
};

/** The three that turn it on go together. */
export function ssoProblem(env: {
  OIDC_ISSUER?: string | undefined;
  OIDC_CLIENT_ID?: string | undefined;
  OIDC_CLIENT_SECRET?: string | undefined;
}) {
  const set = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
  return set === 0 || set === 3 ? null : 'OIDC_ISSUER: OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are set together';
}

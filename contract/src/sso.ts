import * as z from 'zod/mini';
import { OPERATOR_ROLES, freshProofFields } from './team';

/** Single sign-on to the console with OpenID Connect (issue 37 item 4). */

/** Where the console's sign-in through the identity provider starts and comes back (the provider's redirect URI). */
export const SSO_START_PATH = '/api/admin/sso/start';
export const SSO_CALLBACK_PATH = '/api/admin/sso/callback';

/** Why a sign-in through the provider did not let the person in (the console's sign-in page says it in words). */
export const SSO_REFUSALS = [
  'not-configured',
  'expired',
  'provider',
  'unverified-email',
  'not-allowed',
  'other-subject',
  'unreachable',
  /** The provider's address is not verified or not of an allowed domain: an account or invitation needs its own link. */
  'link-needed',
  /** An owner removed this operator: they join again only when invited. */
  'removed',
  /** The invitation the sign-in started from is used, withdrawn or expired. */
  'invitation-over',
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

const domain = z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a domain such as example.com'), z.maxLength(253));

/** GET /api/admin/sso (owners). */
export const adminSsoSchema = z.object({
  configured: z.boolean(),
  issuer: z.nullable(z.string()),
  allowed_domains: z.array(z.string()),
  default_role: z.enum(OPERATOR_ROLES),
  /** Everybody signs in through the provider but the break-glass owner. */
  required: z.boolean(),
  break_glass_operator_id: z.nullable(z.number()),
  domain_roles: z.array(z.object({ domain: z.string(), role: z.enum(OPERATOR_ROLES) })),
});
export type AdminSso = z.infer<typeof adminSsoSchema>;

/** PUT /api/admin/sso (owners). */
export const adminSsoUpdateSchema = z.strictObject({
  required: z.boolean(),
  break_glass_operator_id: z.nullable(z.number().check(z.int(), z.positive())),
  domain_roles: z
    .array(
      z.strictObject({
        domain: z.pipe(
          z.string(),
          z.pipe(
            z.transform((v: string) => v.trim().toLowerCase()),
            domain,
          ),
        ),
        role: z.enum(OPERATOR_ROLES),
      }),
    )
    .check(
      z.maxLength(50),
      z.refine((roles) => new Set(roles.map((r) => r.domain)).size === roles.length, 'each domain once'),
    ),
  /** Who signs in how is a lasting change: it needs a fresh proof (within five minutes, or given here; issue 47 item 4). */
  ...freshProofFields,
});
export type AdminSsoUpdate = z.infer<typeof adminSsoUpdateSchema>;

/**
 * POST /api/admin/sso/start (signed out): a sign-in through the provider started from an invitation's link, which the
 * invited person joins with whatever address the provider gives (issue 47 item 1). Answers where to send the browser.
 */
export const adminSsoInvitationStartSchema = z.strictObject({ invitation: z.string().check(z.minLength(20), z.maxLength(100)) });
export const adminSsoStartSchema = z.object({ url: z.string() });

/** GET /api/admin/session/sso (signed out): whether the sign-in page offers the provider. */
export const adminSsoOfferSchema = z.object({ offered: z.boolean() });

/** POST /api/admin/session/sso-code: the operator's own code after the provider (the ticket is in a cookie). */
export const adminSsoCodeSchema = z.strictObject({
  totp: z.optional(z.string().check(z.regex(/^\d{6}$/, 'six digits'))),
  recovery_code: z.optional(z.string().check(z.maxLength(64))),
});

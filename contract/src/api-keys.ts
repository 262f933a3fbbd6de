import * as z from 'zod/mini';
import { trimmedText } from './campaigns';
import { freshProofFields } from './team';
import { MAX_EXPIRY_DAYS } from './limits';

/**
 * Scoped API keys (issue 37 item 5): an owner makes a key for one client (the product, an integration, the seed's
 * client, a metrics scraper) with only the scopes it needs. A key is sent as `Authorization: Bearer KEY`; a use outside
 * its scopes answers 403 with the scope it lacks.
 */
export const API_SCOPES = ['signups:read', 'signups:write', 'access:redeem', 'metrics:read'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** A key's name: who uses it ("Product sign-up", "HubSpot sync"). */
export const API_KEY_NAME_MAX_LENGTH = 100;
/** A key as handed out: `wlk_` and 43 characters of base64url (256 random bits). */
export const API_KEY_PREFIX = 'wlk_';

/** POST /api/admin/api-keys. Without `expires_in_days` the key lasts until it is revoked. */
export const adminApiKeyCreateSchema = z.strictObject({
  name: trimmedText(API_KEY_NAME_MAX_LENGTH, 'the name'),
  scopes: z
    .array(z.enum(API_SCOPES))
    .check(z.minLength(1, 'choose at least one scope'), z.maxLength(API_SCOPES.length, 'each scope once'))
    .check(z.refine((scopes) => new Set(scopes).size === scopes.length, 'each scope once')),
  expires_in_days: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_EXPIRY_DAYS))),
  /** A key outlives the session: it needs a fresh proof (within five minutes, or given here; issue 47 item 4). */
  ...freshProofFields,
});
export type AdminApiKeyCreate = z.infer<typeof adminApiKeyCreateSchema>;

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

export const adminApiKeySchema = z.object({
  id: z.number(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  /** The key's last four characters: enough to tell keys apart, not to use one. */
  hint: z.string(),
  state: z.enum(API_KEY_STATES),
  /** Who made it (their address at the time). */
  created_by: z.nullable(z.string()),
  created_at: z.string(),
  expires_at: z.nullable(z.string()),
  /** The last request it was accepted on (to the minute). */
  last_used_at: z.nullable(z.string()),
  revoked_at: z.nullable(z.string()),
});
export type AdminApiKey = z.infer<typeof adminApiKeySchema>;

/** A key set in the server's environment: it keeps working and is shown as such (its value never). */
export const adminEnvironmentKeySchema = z.object({
  setting: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  note: z.string(),
});
export type AdminEnvironmentKey = z.infer<typeof adminEnvironmentKeySchema>;

export const adminApiKeyListSchema = z.object({ items: z.array(adminApiKeySchema), environment: z.array(adminEnvironmentKeySchema) });
export type AdminApiKeyList = z.infer<typeof adminApiKeyListSchema>;

/** The answer to making a key: the key itself, this once. */
export const adminApiKeyCreatedSchema = z.object({ ...adminApiKeySchema.shape, key: z.string() });
export type AdminApiKeyCreated = z.infer<typeof adminApiKeyCreatedSchema>;

/** The error code of a key used outside its scopes (403), with the scope it lacks in `required_scope`. */
export const INSUFFICIENT_SCOPE = 'insufficient_scope';

import * as z from 'zod/mini';
import { trimmedText } from './campaigns';
import { MAX_EXPIRY_DAYS } from './limits';
import { DEFAULT_PARTNER_CODE_DAYS, PARTNER_CODE_MAX_CLAIMS } from './partner-codes';

/** The console's partner codes (partner-codes.ts says what they are). */

/** POST /api/admin/partner-codes. */
export const adminPartnerCodeCreateSchema = z.strictObject({
  label: trimmedText(200, 'the label'),
  claim_limit: z.number().check(z.int(), z.minimum(1), z.maximum(PARTNER_CODE_MAX_CLAIMS)),
  expires_in_days: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_EXPIRY_DAYS)), DEFAULT_PARTNER_CODE_DAYS),
});
export type AdminPartnerCodeCreate = z.infer<typeof adminPartnerCodeCreateSchema>;

/** What a code can do now: let people join, or not and why. */
export const PARTNER_CODE_STATES = ['active', 'expired', 'full', 'withdrawn'] as const;
export type PartnerCodeState = (typeof PARTNER_CODE_STATES)[number];

export const adminPartnerCodeSchema = z.object({
  id: z.number(),
  label: z.string(),
  /** The code's last four characters: enough to tell codes apart, not to use one. */
  hint: z.string(),
  claim_limit: z.number(),
  claims: z.number(),
  state: z.enum(PARTNER_CODE_STATES),
  expires_at: z.string(),
  revoked_at: z.nullable(z.string()),
  created_at: z.string(),
});
export type AdminPartnerCode = z.infer<typeof adminPartnerCodeSchema>;
export const adminPartnerCodeListSchema = z.object({ items: z.array(adminPartnerCodeSchema) });

/** The answer to making a code: the code itself, this once. */
export const adminPartnerCodeCreatedSchema = z.object({ ...adminPartnerCodeSchema.shape, code: z.string() });
export type AdminPartnerCodeCreated = z.infer<typeof adminPartnerCodeCreatedSchema>;

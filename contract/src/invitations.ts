import * as z from 'zod/mini';
import { adminSegmentSchema } from './admin';
import { ownWordsSchema, sendFeedbackShape, trimmedText } from './campaigns';
import { EMAIL_MAX_LENGTH, MAX_EXPIRY_DAYS } from './limits';

/**
 * From the list to pilots (issue 23): invitation waves, the personal invitation a person accepts, and the access
 * code the product redeems (POST /api/access/redeem with the product's key).
 */
export const ACCESS_REDEEM_PATH = '/api/access/redeem';
/** The redeem API's error codes (its answers have the one error shape, `{code, message, details, hint}`). */
export const ACCESS_ERROR_CODES = {
  unauthenticated: 'unauthenticated',
  invalidRequest: 'invalid_request',
  unknownCode: 'unknown_code',
  alreadyRedeemed: 'already_redeemed',
  expired: 'expired',
} as const;
/** The query parameter ACCESS_REDIRECT_URL receives the personal access code in. */
export const ACCESS_CODE_PARAM = 'code';
export const DEFAULT_INVITATION_DAYS = 30;
export const MAX_WAVE_SIZE = 10_000;

const positiveId = z.number().check(z.int(), z.positive());

/** Why a person of a wave's selection was not invited. */
export const WAVE_SKIP_REASONS = ['not-confirmed', 'already-invited', 'not-found'] as const;
export type WaveSkipReason = (typeof WAVE_SKIP_REASONS)[number];

/** POST /api/admin/waves: the people of a selection (`ids`) or of a segment (`filter`, the oldest `limit` first). */
export const adminWaveCreateSchema = z
  .strictObject({
    name: trimmedText(200, 'the name'),
    ids: z.optional(z.array(positiveId).check(z.minLength(1), z.maxLength(MAX_WAVE_SIZE))),
    filter: z.optional(adminSegmentSchema),
    /** A saved segment's id instead of `filter` (issue 48 item 2). */
    segment: z.optional(positiveId),
    limit: z.optional(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_WAVE_SIZE))),
    /** Which of a segment go first: the oldest sign-ups (default) or the best fits (issue 36: "the best N of a filter"). */
    order: z.optional(z.enum(['oldest', 'best_fit'])),
    /** The founders' own words in either language (Markdown subset); absent: the standard invitation. */
    message: z.optional(ownWordsSchema),
    expires_in_days: z._default(z.number().check(z.int(), z.minimum(1), z.maximum(MAX_EXPIRY_DAYS)), DEFAULT_INVITATION_DAYS),
  })
  .check(
    z.refine(
      (body) => [body.ids, body.filter, body.segment].filter((given) => given !== undefined).length === 1,
      'Send one of ids (a selection), filter or segment (a saved segment)',
    ),
    z.refine((body) => body.limit === undefined || body.ids === undefined, 'limit goes with filter or segment'),
    z.refine((body) => body.order === undefined || body.ids === undefined, 'order goes with filter or segment'),
  );
export type AdminWaveCreate = z.infer<typeof adminWaveCreateSchema>;

export const adminWaveCreatedSchema = z.object({
  id: z.number(),
  invited: z.number(),
  skipped: z.number(),
  /** Each person of the selection who was not invited, and why. */
  skips: z.array(z.object({ id: z.number(), reason: z.enum(WAVE_SKIP_REASONS) })),
});
export type AdminWaveCreated = z.infer<typeof adminWaveCreatedSchema>;

export const adminWaveSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Who it went to, in words (a saved segment, the list's filter, or the people chosen); null for older ones. */
  audience: z.nullable(z.string()),
  invited: z.number(),
  accepted: z.number(),
  redeemed: z.number(),
  expires_at: z.string(),
  created_at: z.string(),
  /** `paused`: it passed a bounce or complaint limit and waits for an owner (issue 35 item 4). */
  state: z.enum(['sending', 'paused', 'sent']),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  ...sendFeedbackShape,
});
export type AdminWave = z.infer<typeof adminWaveSchema>;
export const adminWaveListSchema = z.object({ items: z.array(adminWaveSchema) });

/** POST /api/access/redeem: the code a person brings to the product, with the address they sign up there with. */
export const accessRedeemSchema = z.strictObject({
  code: z.string().check(z.minLength(1), z.maxLength(64)),
  email: z.string().check(z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH)),
});

export const accessRedeemedSchema = z.object({
  email: z.string(),
  /** null: not known (the person was imported from a list of addresses and has not answered yet). */
  role: z.nullable(z.string()),
  company_size: z.nullable(z.string()),
  desired_outcomes: z.nullable(z.array(z.string())),
  locale: z.string(),
  wave: z.string(),
});
export type AccessRedeemed = z.infer<typeof accessRedeemedSchema>;

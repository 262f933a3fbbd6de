import * as z from 'zod/mini';
import { adminSegmentAnswerSchema, adminSegmentSchema } from './admin';
import { isValidEmail, normalizeEmail } from './schemas';

/**
 * Updates to the list (issue 23): a message in each language for the confirmed, not opted-out people a segment
 * selects when sending starts. English is required: a person whose language has no text gets the English one.
 */
export const CAMPAIGN_STATES = ['draft', 'sending', 'paused', 'sent', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

export const CAMPAIGN_SUBJECT_MAX_LENGTH = 200;
export const CAMPAIGN_BODY_MAX_LENGTH = 20_000;

/** Text trimmed on the way in, then 1 to `max` characters; `what` names it in the error. */
export const trimmedText = (max: number, what: string) =>
  z.pipe(
    z.string(),
    z.pipe(
      z.transform((v: string) => v.trim()),
      z.string().check(z.minLength(1, `${what} must not be empty`), z.maxLength(max, `${what} must be at most ${max} characters`)),
    ),
  );

export const campaignMessagePartSchema = z.strictObject({
  subject: trimmedText(CAMPAIGN_SUBJECT_MAX_LENGTH, 'the subject'),
  /** Markdown: paragraphs, headings, lists, **bold**, *italic*, [links](https://…). */
  body: trimmedText(CAMPAIGN_BODY_MAX_LENGTH, 'the body'),
});
export type CampaignMessagePart = z.infer<typeof campaignMessagePartSchema>;

/** The founders' own words in either language (a wave's invitation: both optional, the catalogue's words otherwise). */
export const ownWordsSchema = z.strictObject({ en: z.optional(campaignMessagePartSchema), sv: z.optional(campaignMessagePartSchema) });
export type OwnWords = z.infer<typeof ownWordsSchema>;

/** What a reader of `locale` gets: the Swedish text for Swedish readers when there is one, else the English. */
export function messageInLocale<P>(message: { en: P; sv?: P | undefined }, locale: string): P;
export function messageInLocale<P>(message: { en?: P | undefined; sv?: P | undefined }, locale: string): P | undefined;
export function messageInLocale<P>(message: { en?: P | undefined; sv?: P | undefined }, locale: string): P | undefined {
  return (locale === 'sv' ? message.sv : undefined) ?? message.en;
}

export const campaignMessageSchema = z.strictObject({
  en: campaignMessagePartSchema,
  sv: z.optional(campaignMessagePartSchema),
});
export type CampaignMessage = z.infer<typeof campaignMessageSchema>;

/** POST /api/admin/campaigns: a draft. */
export const adminCampaignCreateSchema = z
  .strictObject({
    name: trimmedText(200, 'the name'),
    /** The list's filter as the operator set it, or (`segment`) a saved segment's id (issue 48 item 2). */
    filter: z.optional(adminSegmentSchema),
    segment: z.optional(z.number().check(z.int(), z.positive())),
    message: campaignMessageSchema,
  })
  .check(z.refine((body) => body.filter === undefined || body.segment === undefined, 'Send either filter or segment, not both'));
export type AdminCampaignCreate = z.infer<typeof adminCampaignCreateSchema>;

/** POST /api/admin/campaigns/:id/test: one copy, marked as a test, to this address. */
export const adminCampaignTestSchema = z.strictObject({
  to: z.pipe(z.string().check(z.refine(isValidEmail, { error: 'must be a valid e-mail address' })), z.transform(normalizeEmail)),
  locale: z.optional(z.enum(['en', 'sv'])),
});

export const adminCampaignCreatedSchema = z.object({ id: z.number(), recipients: z.number() });

const storedPart = z.object({ subject: z.string(), body: z.string() });

/**
 * What came back of a bulk send (issue 35 item 4), beside sent and failed: permanent and transient bounces and
 * complaints, and the rates the send is judged by (of what it tried, sent + failed; 0 before anything was tried).
 * `paused_at` and `pause_reason`: set while it waits for an owner after passing a limit.
 */
export const sendFeedbackShape = {
  hard_bounces: z.number(),
  soft_bounces: z.number(),
  complaints: z.number(),
  bounce_rate: z.number(),
  complaint_rate: z.number(),
  /** Refusals of our mail or our server (DMARC, a blocklist, policy): never a suppression (issue 45). */
  refusals: z.number(),
  refusal_rate: z.number(),
  paused_at: z.nullable(z.string()),
  pause_reason: z.nullable(z.string()),
};

/** GET /api/admin/campaigns/:id (and each item of the list). */
export const adminCampaignSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** Who it was made for, in words (a saved segment's name and filter, or the list's filter); null for older ones. */
  audience: z.nullable(z.string()),
  state: z.enum(CAMPAIGN_STATES),
  /** Draft: how many the segment selects now; after sending started: how many were queued. */
  recipients: z.number(),
  sent: z.number(),
  failed: z.number(),
  pending: z.number(),
  /** Not sent: cancelled with the campaign, or the person opted out or was erased meanwhile. */
  cancelled: z.number(),
  ...sendFeedbackShape,
  filter: adminSegmentAnswerSchema,
  /** As stored (the request's schema trimmed it on the way in); answers are not transformed again. */
  message: z.object({ en: storedPart, sv: z.optional(storedPart) }),
  created_at: z.string(),
  started_at: z.nullable(z.string()),
  cancelled_at: z.nullable(z.string()),
});
export type AdminCampaign = z.infer<typeof adminCampaignSchema>;

export const adminCampaignListSchema = z.object({ items: z.array(adminCampaignSchema) });

/** POST /api/admin/mail-preview: how a wave's invitation or a campaign will read, in each language. */
export const adminMailPreviewSchema = z.strictObject({
  kind: z.enum(['invitation', 'campaign']),
  message: z.optional(ownWordsSchema),
});
export type AdminMailPreviewRequest = z.infer<typeof adminMailPreviewSchema>;

export const adminMailPreviewAnswerSchema = z.object({
  previews: z.array(z.object({ locale: z.enum(['en', 'sv']), subject: z.string(), text: z.string() })),
});
export type AdminMailPreview = z.infer<typeof adminMailPreviewAnswerSchema>;

import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH } from './limits';

/** The console's Mail page and a person's mail log: what each outbox row is, where it stands, why it is stuck. */

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'cancelled'] as const;

/** One mail of a person's mail log, or of the outbox view: what it is, where it stands, why it is stuck. */
export const adminOutboxEntrySchema = z.object({
  id: z.number(),
  kind: z.string(),
  topic: z.string(),
  signup_id: z.nullable(z.number()),
  /** pending and tried before = retrying; see last_error. */
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  next_attempt_at: z.string(),
  last_error: z.nullable(z.string()),
  created_at: z.string(),
  sent_at: z.nullable(z.string()),
  /** What a receiver said of it (issue 35, 45): a bounce, a complaint or a refusal of our mail, and why (bounce-reasons.ts). */
  feedback: z.nullable(z.enum(['hard-bounce', 'soft-bounce', 'complaint', 'refused'])),
  feedback_reason: z.nullable(z.string()),
});
export type AdminOutboxEntry = z.infer<typeof adminOutboxEntrySchema>;

export const adminMailLogSchema = z.object({
  /** False without SMTP_URL: pending mail is "not sent: no SMTP configured". */
  smtp_configured: z.boolean(),
  items: z.array(adminOutboxEntrySchema),
  /** The person's address is on the suppression list (issue 35): why and since when; null when it gets mail. */
  suppression: z.nullable(z.object({ reason: z.enum(['hard-bounce', 'soft-bounce', 'complaint', 'manual']), since: z.string() })),
});
export type AdminMailLog = z.infer<typeof adminMailLogSchema>;

export const adminOutboxSchema = z.object({
  smtp_configured: z.boolean(),
  /**
   * Mail not sent, by status, and how many mails left in the last 24 hours, each counted up to 100,000: `capped` names
   * the figures that went past it ("100,000+").
   */
  counts: z.object({
    pending: z.number(),
    failed: z.number(),
    cancelled: z.number(),
    sent_24h: z.number(),
    capped: z.array(z.enum(['pending', 'failed', 'cancelled', 'sent_24h'])),
  }),
  /** Failed rows, and pending rows that were tried or are overdue, newest first. */
  stuck: z.array(adminOutboxEntrySchema),
  /**
   * Confirmation mails of sign-ups without proof of work wait here while the hourly budget is spent
   * (UNVERIFIED_MAIL_BUDGET_PER_HOUR; null: no budget). None is dropped: they leave as it frees.
   */
  budget: z.object({ held: z.number(), per_hour: z.nullable(z.number()) }),
});
export type AdminOutbox = z.infer<typeof adminOutboxSchema>;

const outboxCountsSchema = z.object({ pending: z.number(), sent: z.number(), failed: z.number(), cancelled: z.number() });

export const adminWebhookDeliverySchema = z.object({
  ...adminOutboxEntrySchema.shape,
  /** The endpoint URL. */
  target: z.string(),
  /** The sign-up the event is about (it may have been erased since). */
  subject_id: z.nullable(z.number()),
  /** The `webhook-id` header; a re-send carries the same one. */
  webhook_id: z.string(),
});
export type AdminWebhookDelivery = z.infer<typeof adminWebhookDeliverySchema>;

export const adminWebhooksSchema = z.object({
  /** False without WEBHOOK_SECRET: events wait in the outbox. */
  configured: z.boolean(),
  endpoints: z.array(z.object({ target: z.string(), counts: outboxCountsSchema })),
  /** Failures first, then the newest deliveries. */
  recent: z.array(adminWebhookDeliverySchema),
});
export type AdminWebhooks = z.infer<typeof adminWebhooksSchema>;

/** Why an address gets no more mail (issue 35): the relay refused it for good, it bounced softly too often, it complained, an owner. */
export const SUPPRESSION_REASONS = ['hard-bounce', 'soft-bounce', 'complaint', 'manual'] as const;
/** GET /suppressions?email=ADDRESS */
export const adminSuppressionQuerySchema = z.object({ email: z.string().check(z.minLength(3), z.maxLength(EMAIL_MAX_LENGTH)) });
/**
 * POST /suppressions/lookup: the same look-up with the address in the body, so it is in no URL a proxy, a browser's
 * history or a log keeps (issue 47 item 7). The console uses it; GET /suppressions?email= answers as before.
 */
export const adminSuppressionLookupSchema = z.strictObject({ email: z.string().check(z.minLength(3), z.maxLength(EMAIL_MAX_LENGTH)) });
export const adminSuppressionSchema = z.object({
  suppressed: z.boolean(),
  reason: z.nullable(z.enum(SUPPRESSION_REASONS)),
  since: z.nullable(z.string()),
  /** Why the mail that suppressed it came back (a bounce reason of bounce-reasons.ts, e.g. `user-unknown`), when known. */
  bounce_reason: z.optional(z.nullable(z.string())),
});
export type AdminSuppression = z.infer<typeof adminSuppressionSchema>;
/** GET /suppressions/counts: how many addresses each reason suppresses. */
export const adminSuppressionCountsSchema = z.object({ counts: z.record(z.enum(SUPPRESSION_REASONS), z.number()) });
export type AdminSuppressionCounts = z.infer<typeof adminSuppressionCountsSchema>;
/** POST /suppressions (suppress by hand) and /suppressions/lift: the address and why (audited). */
export const adminSuppressionChangeSchema = z.strictObject({
  email: z.string().check(z.minLength(3), z.maxLength(EMAIL_MAX_LENGTH)),
  note: z.string().check(z.minLength(1, 'say why'), z.maxLength(200)),
});

/**
 * GET /api/admin/mail-refusals (issue 45 item 2): receiving domains that refused our mail in the last 30 days, by reason
 * (a refusal of our mail or server, never a suppression), the most frequent first.
 */
export const adminMailRefusalsSchema = z.object({
  refusals: z.array(
    z.object({
      domain: z.string(),
      reason: z.string(),
      label: z.string(),
      count: z.number(),
      first_at: z.string(),
      last_at: z.string(),
    }),
  ),
});
export type AdminMailRefusals = z.infer<typeof adminMailRefusalsSchema>;

/** GET /api/admin/mail-health (and `npm run mail:check`): each DNS check, whether it passes, the record to publish. */
export const MAIL_HEALTH_CHECKS = ['SPF', 'DKIM', 'DMARC', 'Bounce MX'] as const;
export const adminMailHealthSchema = z.object({
  pass: z.boolean(),
  checks: z.array(
    z.object({
      name: z.enum(MAIL_HEALTH_CHECKS),
      pass: z.boolean(),
      host: z.string(),
      found: z.nullable(z.string()),
      detail: z.string(),
      publish: z.object({ host: z.string(), type: z.enum(['TXT', 'MX']), value: z.string() }),
    }),
  ),
});
export type AdminMailHealth = z.infer<typeof adminMailHealthSchema>;

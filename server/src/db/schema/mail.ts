import type { ColumnType, Generated } from 'kysely';
import type { NullableText, NullableTimestamp, Timestamp } from './columns';

/** What goes out: the outbox, campaigns, the mail budgets, invitation waves and partner codes. */

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

export interface OutboxTable {
  id: Generated<number>;
  /** `crm` (migration 27): a person to bring up to date in the CRM, or a record to erase there. */
  kind: 'mail' | 'webhook' | 'crm';
  topic: string;
  signup_id: number | null;
  /** JSON text in both dialects: a reference (locale, reason), never a rendered mail or a token. */
  payload: ColumnType<string, string | undefined, string>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** Webhook rows: the sign-up the event is about (no foreign key: the event outlives an erased row). */
  subject_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Webhook rows: the endpoint URL. */
  target: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: a mail for a sign-up without proof of work, waiting for the mail budget to free it (migration 7). */
  held: ColumnType<number, number | undefined, number>;
  /** Which worker sends it (migration 9): `urgent` for what a person waits for, `bulk` for waves and campaigns. */
  lane: ColumnType<OutboxLane, OutboxLane | undefined, OutboxLane>;
  /** The campaign a bulk mail belongs to (migration 9). */
  campaign_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The last word a receiver sent about the mail (migration 18): a bounce or a complaint. */
  feedback: ColumnType<MailFeedbackKind | null, MailFeedbackKind | null | undefined, MailFeedbackKind | null>;
  /** The invitation wave a bulk mail belongs to (migration 18). */
  wave_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Why it bounced or was refused (migration 25): a reason of lib/bounces/reasons.ts. */
  feedback_reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/**
 * What a receiver can say about a mail (issue 35; migration 25): a permanent or transient bounce, a complaint, or a
 * refusal of our mail or our server (never the person's fault: docs/decisions/0041).
 */
export type MailFeedbackKind = 'hard-bounce' | 'soft-bounce' | 'complaint' | 'refused';

/** Refusals of our mail per receiving domain and reason (migration 25). */
export interface MailRefusalsTable {
  domain: string;
  reason: string;
  count: ColumnType<number, number | undefined, number>;
  first_at: Timestamp;
  last_at: Timestamp;
  notified_at: NullableTimestamp;
}

/** Relay webhook events already taken (migration 25): a replay of one changes nothing. */
export interface MailEventReceiptsTable {
  relay: 'postmark' | 'mailgun' | 'resend';
  event_id: string;
  received_at: Timestamp;
}

export type OutboxLane = 'urgent' | 'bulk';

export type CampaignState = 'draft' | 'sending' | 'cancelled';

/** An update to the list (migration 9): a message in each language for the confirmed people a filter selects. */
export interface CampaignsTable {
  id: Generated<number>;
  name: string;
  /** JSON text: the list's filters (contract AdminFilters without sort), as given. */
  filter: ColumnType<string, string | undefined, string>;
  /** JSON text: { en: { subject, body }, sv?: { subject, body } }, the body in the Markdown subset. */
  message: string;
  state: ColumnType<CampaignState, CampaignState | undefined, CampaignState>;
  /** How many were queued when sending started (before: how many the filter selected at creation). */
  recipients: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
  /** Set when the send paused itself (too many bounces or complaints, migration 18); cleared when an owner resumes it. */
  paused_at: NullableTimestamp;
  pause_reason: NullableText;
  /** JSON text: the send's feedback counts when an owner last resumed it (it is judged on what it tries after). */
  resume_baseline: NullableText;
  /** Who it was sent to, in words, as made (migration 28): a saved segment's name and filter, or the list's filter. */
  audience: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Token buckets shared by every copy: `tokens` left as of `updated_at` (they refill with time). */
export interface MailBudgetsTable {
  name: string;
  tokens: number;
  updated_at: Timestamp;
}

/** A named group of invitations to the pilot (migration 10). */
export interface InvitationWavesTable {
  id: Generated<number>;
  name: string;
  /** JSON text { en?: { subject, body }, sv?: {…} }: the founders' own words; null: the catalogue's. */
  message: string | null;
  expires_at: Timestamp;
  created_by: number | null;
  created_at: Timestamp;
  paused_at: NullableTimestamp;
  pause_reason: NullableText;
  /** JSON text: the send's feedback counts when an owner last resumed it (it is judged on what it tries after). */
  resume_baseline: NullableText;
  /** Who it went to, in words, as made (migration 28): a saved segment, the list's filter, or the people chosen. */
  audience: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One person's invitation (at most one per person). */
export interface InvitationsTable {
  id: Generated<number>;
  wave_id: number;
  signup_id: number;
  /** SHA-256 of the personal access code, set when they accept; the code itself is never stored. */
  code_hash: string | null;
  expires_at: Timestamp;
  invited_at: Timestamp;
  accepted_at: NullableTimestamp;
  redeemed_at: NullableTimestamp;
}

/** SHA-256 of each invitation link token mailed. */
export interface InvitationLinksTable {
  hash: string;
  invitation_id: number;
  created_at: Timestamp;
}

/** A code an operator hands a partner: whoever enters it joins confirmed (migration 11). */
export interface PartnerCodesTable {
  id: Generated<number>;
  label: string;
  /** SHA-256 of the code; the code itself is shown once, when it is made. */
  code_hash: string;
  /** The code's last four characters, so operators can tell codes apart. */
  code_hint: string;
  claim_limit: number;
  claims: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
}

export type SuppressionReason = 'hard-bounce' | 'soft-bounce' | 'complaint' | 'manual';

/** Addresses that get no more mail (migration 17), as keyed hashes: never the address. */
export interface MailSuppressionsTable {
  address_hash: string;
  reason: SuppressionReason;
  /** Which mail caused it (`outbox:123`), or an owner's note; never an address. */
  cause: string | null;
  created_at: Timestamp;
}

/** Transient bounces of an address (migration 18), as keyed hashes: counted until they suppress it. */
export interface MailSoftBouncesTable {
  id: Generated<number>;
  address_hash: string;
  cause: string | null;
  created_at: Timestamp;
}

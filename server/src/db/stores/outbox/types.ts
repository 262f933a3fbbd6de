import type { AdminSegment } from '@waitlist/contract';
import type { OutboxLane, OutboxTable } from '../../schema';

/** The outbox's rows and payloads as the store and its callers see them. */
export type OutboxKind = OutboxTable['kind'];

/** The payload field that holds a mail row's random key (never a secret: it ends up in the Message-ID). */
export const MESSAGE_KEY = 'messageKey';

export interface NewOutboxMail {
  signupId: number | null;
  topic: string;
  /** A reference (locale, operator id), never a rendered mail or a token. */
  payload?: Record<string, unknown>;
  /** When it was queued: the 24 h delivery clock starts here. */
  at: string;
  /** Waits for the mail budget before the worker may claim it (services/mail-budget.ts). */
  held?: boolean;
  /** Default `urgent`; `bulk` for waves and campaigns (delivery/worker.ts). */
  lane?: OutboxLane;
  /** The campaign a bulk mail belongs to. */
  campaignId?: number;
  /** The invitation wave a bulk mail belongs to. */
  waveId?: number;
}

export interface NewWebhookEvent {
  type: string;
  /** The sign-up the event is about (no foreign key: the event outlives an erased row). */
  subjectId: number;
  target: string;
  body: unknown;
  at: string;
}

/** The CRM's rows (migration 27): a person to bring up to date there, a record to erase there. */
export const CRM_TOPICS = { sync: 'crm.sync', delete: 'crm.delete', sweep: 'crm.sweep' } as const;

/** Who a CRM rule selects (contract CrmRule): every condition given holds. */
export interface CrmAudienceRule {
  min_fit_score?: number | undefined;
  confirmed?: boolean | undefined;
  booked?: boolean | undefined;
}

/** Who the CRM gets: a rule, or a saved segment's filter (as saved now). */
export type CrmAudience = { rule: CrmAudienceRule } | { filter: AdminSegment };

export interface NewCrmDeletion {
  /** The erased person's former id (kept as the row's subject: no foreign key). */
  signupId: number;
  provider: string;
  crmId: string;
}

export interface ClaimInput {
  workerId: string;
  now: Date;
  leaseUntil: Date;
  limit: number;
  /** urgent: what a person waits for; bulk: waves and campaigns, paced (delivery/worker.ts). */
  lane: OutboxLane;
}

export const parsePayload = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

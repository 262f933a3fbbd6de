import {
  BOUNCE_REASONS,
  type AdminMailRefusals,
  type AdminOutbox,
  type AdminOutboxEntry,
  type AdminSuppression,
  type AdminWebhooks,
} from '@waitlist/contract';
import type { Suppression } from '../db/stores/mail-suppressions';
import type { MailRefusal } from '../db/stores/mail-refusals';
import type { OutboxEntry, OutboxReports } from '../db/stores/outbox-reports';
import { maskedUrl } from '../lib/mask-url';
import { webhookMessageId } from '../lib/webhook-id';

/** One outbox row as the console's Mail page and a person's mail log show it. */
export const toAdminOutboxEntry = (e: OutboxEntry): AdminOutboxEntry => ({
  id: e.id,
  kind: e.kind,
  topic: e.topic,
  signup_id: e.signupId,
  status: e.status,
  attempts: e.attempts,
  next_attempt_at: e.nextAttemptAt,
  last_error: e.lastError,
  created_at: e.createdAt,
  sent_at: e.sentAt,
  feedback: (e.feedback as AdminOutboxEntry['feedback']) ?? null,
  feedback_reason: e.feedbackReason,
});

/** The console's Mail page: whether mail can leave, the outbox's counts, what is stuck, and the budget held mail waits for. */
export const toAdminOutbox = (page: {
  smtpConfigured: boolean;
  counts: AdminOutbox['counts'];
  stuck: readonly OutboxEntry[];
  budget: { held: number; perHour: number | null };
}): AdminOutbox => ({
  smtp_configured: page.smtpConfigured,
  counts: page.counts,
  stuck: page.stuck.map(toAdminOutboxEntry),
  budget: { held: page.budget.held, per_hour: page.budget.perHour },
});

/**
 * The console's webhook page: deliveries per endpoint and the latest events. Endpoints may carry secrets (user-info,
 * a token in the query): operators see them masked.
 */
export function toAdminWebhooks(
  configured: boolean,
  { endpoints, recent }: Awaited<ReturnType<OutboxReports['webhookDeliveries']>>,
): AdminWebhooks {
  return {
    configured,
    endpoints: endpoints.map((e) => ({ ...e, target: maskedUrl(e.target) })),
    recent: recent.map((e) => ({
      ...toAdminOutboxEntry(e),
      target: maskedUrl(e.target ?? ''),
      subject_id: e.subjectId,
      webhook_id: webhookMessageId(e.id),
    })),
  };
}

/** The bounce reason a suppression's cause ends with (`outbox:12 dsn 550 5.1.1 user-unknown`), when it names one. */
const bounceReasonOf = (cause: string | null) => {
  const last = cause?.trim().split(/\s+/).at(-1);
  return last && last in BOUNCE_REASONS ? last : null;
};

/** An address's place on the suppression list, as GET /suppressions answers it. */
export const toAdminSuppression = (entry: Suppression | undefined): AdminSuppression => ({
  suppressed: entry !== undefined,
  reason: entry?.reason ?? null,
  since: entry?.createdAt ?? null,
  bounce_reason: entry ? bounceReasonOf(entry.cause) : null,
});

/** Refusals of our mail, as the Deliverability page lists them. */
export const toAdminMailRefusals = (refusals: readonly (MailRefusal & { label: string })[]): AdminMailRefusals => ({
  refusals: refusals.map((r) => ({
    domain: r.domain,
    reason: r.reason,
    label: r.label,
    count: r.count,
    first_at: r.firstAt,
    last_at: r.lastAt,
  })),
});

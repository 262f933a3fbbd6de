import type { AdminOutboxEntry, AdminWebhooks } from '@waitlist/contract';
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

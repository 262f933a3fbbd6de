import type { AdminOutboxEntry } from '@waitlist/contract';
import type { OutboxEntry } from '../db/stores/outbox-reports';

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

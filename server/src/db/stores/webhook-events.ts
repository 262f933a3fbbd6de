import type { Transaction } from 'kysely';
import type { Database } from '../connection';
import type { Schema } from '../schema';
import { toSignup } from './signup-record';

/**
 * Webhook events, written to the outbox in the transaction of the change they announce, one row per endpoint
 * (docs/decisions/0008-webhooks.md). The row holds the whole body to send: the state at the time of the event,
 * so events delivered late still tell what happened in order. `signup.erased` carries the address so a
 * receiving CRM can erase the person too; the erasure deletes the already delivered events of that person.
 */

export const WEBHOOK_EVENT_TYPES = [
  'signup.created',
  'signup.confirmed',
  'signup.updated',
  'signup.unsubscribed',
  'signup.erased',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export interface WebhookEventBody {
  type: WebhookEventType;
  timestamp: string;
  data: Record<string, unknown>;
}

export interface WebhookEvents {
  /** Endpoints events go to; none configured: queue() writes nothing. */
  readonly endpoints: readonly string[];
  /** Queues `type` about each sign-up, reading its row in `trx` (call before deleting it). */
  queue(trx: Transaction<Schema>, type: WebhookEventType, signupIds: readonly number[], at: Date): Promise<void>;
}

export function createWebhookEvents(database: Database, endpoints: readonly string[] = []): WebhookEvents {
  const iso = (d: Date) => d.toISOString();

  return {
    endpoints,
    async queue(trx, type, signupIds, at) {
      if (endpoints.length === 0 || signupIds.length === 0) return;
      const rows = await trx
        .selectFrom('waitlist_signups')
        .selectAll()
        .where('id', 'in', [...signupIds])
        .orderBy('id')
        .execute();
      const values = rows.flatMap((row) => {
        const id = Number(row.id);
        const data: Record<string, unknown> =
          type === 'signup.erased'
            ? { id, email: row.email, erased_at: iso(at) }
            : (() => {
                // The sign-up as the console sees it, without consent bookkeeping a receiver has no use for.
                const { consented_at: _consented, privacy_policy_version: _policy, ...signup } = toSignup(database, row);
                return signup;
              })();
        const body: WebhookEventBody = { type, timestamp: iso(at), data };
        return endpoints.map((target) => ({
          kind: 'webhook' as const,
          topic: type,
          signup_id: null,
          subject_id: id,
          target,
          payload: JSON.stringify(body),
          next_attempt_at: iso(at),
          created_at: iso(at),
        }));
      });
      if (values.length > 0) await trx.insertInto('outbox').values(values).execute();
      if (type === 'signup.erased') {
        // What was delivered about the person is personal data; only the erasure itself still has to go out.
        await trx
          .deleteFrom('outbox')
          .where('kind', '=', 'webhook')
          .where('subject_id', 'in', [...signupIds])
          .where('status', 'in', ['sent', 'cancelled', 'failed'])
          .execute();
      }
    },
  };
}

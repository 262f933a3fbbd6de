import type { Database } from '../../connection';
import type { Executor } from '../../connection';

/**
 * What operators and the retention job change in the outbox: a failed mail tried again, a webhook event sent again,
 * delivered webhook events forgotten after 30 days (they hold personal data).
 */
export function outboxCorrections(database: Database) {
  const { db } = database;
  const iso = (d: Date) => d.toISOString();
  return {
    /** A failed mail goes out again now, with a fresh count of attempts. */
    async retryNow(executor: Executor, id: number, now = new Date()): Promise<boolean> {
      const result = await executor
        .updateTable('outbox')
        .set({ status: 'pending', next_attempt_at: iso(now), created_at: iso(now), attempts: 0, locked_by: null, locked_until: null })
        .where('id', '=', id)
        .where('kind', '=', 'mail')
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** A delivered or given-up webhook event is sent again (a receiver lost it). */
    async resendWebhook(executor: Executor, id: number, now = new Date()): Promise<boolean> {
      const result = await executor
        .updateTable('outbox')
        .set({
          status: 'pending',
          next_attempt_at: iso(now),
          created_at: iso(now),
          attempts: 0,
          sent_at: null,
          last_error: null,
          locked_by: null,
          locked_until: null,
        })
        .where('id', '=', id)
        .where('kind', '=', 'webhook')
        .where('status', 'in', ['sent', 'failed'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Webhook events done with before `before` (delivered, given up or cancelled) are deleted: they hold personal data. */
    async pruneDeliveredWebhooks(before: Date): Promise<number> {
      // Delivered ones by when they went out; given-up ones (a signup.erased event keeps the address) by when queued.
      const result = await db
        .deleteFrom('outbox')
        .where('kind', '=', 'webhook')
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'sent'), eb('sent_at', '<', iso(before))]),
            eb.and([eb('status', 'in', ['failed', 'cancelled']), eb('created_at', '<', iso(before))]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The CRM's finished rows: the console counts what waits and what failed since connecting, the rest is history. */
    async pruneFinishedCrm(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('outbox')
        .where('kind', '=', 'crm')
        .where('status', 'in', ['sent', 'cancelled', 'failed'])
        .where('created_at', '<', iso(before))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

import type { Database } from '../connection';
import type { Executor } from '../connection';

/** The relays' webhook events already taken (migration 25), by the relay's own id for each. */
export function createMailEventReceipts(database: Database) {
  const { db } = database;
  return {
    /** Records the event as taken; false when it was taken before (a replay or a relay's second delivery). */
    async take(executor: Executor, receipt: { relay: 'postmark' | 'mailgun' | 'resend'; eventId: string; at: string }): Promise<boolean> {
      const result = await executor
        .insertInto('mail_event_receipts')
        .values({ relay: receipt.relay, event_id: receipt.eventId, received_at: receipt.at })
        .onConflict((oc) => oc.columns(['relay', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** Drops receipts older than `before` (the housekeeping job): past the signatures' tolerance a replay is refused anyway. */
    async prune(before: string): Promise<number> {
      const result = await db.deleteFrom('mail_event_receipts').where('received_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type MailEventReceipts = ReturnType<typeof createMailEventReceipts>;

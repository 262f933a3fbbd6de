import { randomToken } from '../../../lib/crypto';
import type { Database } from '../../connection';
import type { Executor } from '../../connection';
import { MESSAGE_KEY, parsePayload, type NewOutboxMail, type NewWebhookEvent } from './types';

/** Rows per INSERT when a campaign queues thousands at once (SQLite allows 32,766 parameters a statement). */
const INSERT_CHUNK = 500;

/**
 * What changes write to the outbox in their own transaction (only services/use-case.ts queues: eslint.config.js), and
 * what they read of it: a person's history, a campaign's counts; cancelling what a change makes pointless.
 */
export function outboxQueue(database: Database) {
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const iso = (d: Date) => d.toISOString();
  return {
    async queueMail(trx: Executor, mails: readonly NewOutboxMail[]): Promise<void> {
      for (let start = 0; start < mails.length; start += INSERT_CHUNK) {
        await trx
          .insertInto('outbox')
          .values(
            mails.slice(start, start + INSERT_CHUNK).map((mail) => ({
              kind: 'mail' as const,
              topic: mail.topic,
              signup_id: mail.signupId,
              // A random key per row makes the mail's Message-ID unique across databases and installations, and the
              // same on every retry of the row (delivery/mail-channel.ts).
              payload: JSON.stringify({ ...mail.payload, [MESSAGE_KEY]: randomToken(12) }),
              next_attempt_at: mail.at,
              created_at: mail.at,
              held: mail.held ? 1 : 0,
              lane: mail.lane ?? 'urgent',
              campaign_id: mail.campaignId ?? null,
              wave_id: mail.waveId ?? null,
            })),
          )
          .execute();
      }
    },

    /** Stops a campaign's mails that no worker holds; a held one is cancelled when it is rendered. */
    async cancelCampaign(trx: Executor, campaignId: number, now: Date): Promise<number> {
      const result = await trx
        .updateTable('outbox')
        .set({ status: 'cancelled', last_error: 'campaign cancelled' })
        .where('campaign_id', '=', campaignId)
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', iso(now))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    async queueWebhooks(trx: Executor, events: readonly NewWebhookEvent[]): Promise<void> {
      if (events.length === 0) return;
      await trx
        .insertInto('outbox')
        .values(
          events.map((event) => ({
            kind: 'webhook' as const,
            topic: event.type,
            signup_id: null,
            subject_id: event.subjectId,
            target: event.target,
            payload: JSON.stringify(event.body),
            next_attempt_at: event.at,
            created_at: event.at,
          })),
        )
        .execute();
    },

    /** Earlier mails of one topic to a person, newest first (the re-send rules read them). */
    async history(executor: Executor, signupId: number, topic: string): Promise<{ createdAt: Date; resend: boolean }[]> {
      const rows = await executor
        .selectFrom('outbox')
        .select(['created_at', 'payload'])
        .where('signup_id', '=', signupId)
        .where('topic', '=', topic)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return rows.map((r) => ({ createdAt: new Date(ts(r.created_at)), resend: parsePayload(r.payload).resend === true }));
    },

    async cancelPending(trx: Executor, signupId: number, topic: string, reason: string): Promise<void> {
      await trx
        .updateTable('outbox')
        .set({ status: 'cancelled', last_error: reason })
        .where('signup_id', '=', signupId)
        .where('status', '=', 'pending')
        .where('topic', '=', topic)
        .execute();
    },

    /** Webhook events about these sign-ups that are done with (sent, cancelled, failed): they hold personal data. */
    async deleteFinishedWebhooksAbout(trx: Executor, signupIds: readonly number[]): Promise<void> {
      await trx
        .deleteFrom('outbox')
        .where('kind', '=', 'webhook')
        .where('subject_id', 'in', [...signupIds])
        .where('status', 'in', ['sent', 'cancelled', 'failed'])
        .execute();
    },
  };
}

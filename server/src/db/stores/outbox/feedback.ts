import type { Database } from '../../connection';
import type { Executor } from '../../connection';
import type { MailFeedbackKind, OutboxStatus } from '../../schema';

/** A bulk send: a campaign's mails or an invitation wave's (outbox.campaign_id, outbox.wave_id). */
export type SendRef = { campaignId: number } | { waveId: number };

/** What a send has tried and what came back of it (issue 35 item 4). */
export interface SendFeedbackCounts {
  /** Handed to the relay or refused by it: sent + failed. */
  tried: number;
  hardBounces: number;
  softBounces: number;
  complaints: number;
  /** Refusals of our mail or our server (migration 25). */
  refusals: number;
}

/** Where a paused send's waiting mails are parked: no claim ever comes due (claims read next_attempt_at <= now). */
export const PAUSED_UNTIL = '9999-12-31T00:00:00.000Z';

/**
 * What receivers say about the mails sent (issue 35; docs/decisions/0030): the row a bounce or complaint is about, its
 * feedback, a send's rates, and parking a paused send's waiting rows.
 */
export function outboxFeedback(database: Database) {
  const { db } = database;
  const ofSend = (ref: SendRef) => ('campaignId' in ref ? (['campaign_id', ref.campaignId] as const) : (['wave_id', ref.waveId] as const));

  return {
    /**
     * The mail row a bounce names (its bounce address or Message-ID): when it was made (its bounce address is bound to
     * that), its recipient's address while they are on the list, and the operator a notice went to.
     */
    async mailRow(id: number): Promise<
      | {
          id: number;
          topic: string;
          createdAt: Date;
          signupId: number | null;
          campaignId: number | null;
          waveId: number | null;
          email: string | null;
          operatorId: number | null;
        }
      | undefined
    > {
      const row = await db
        .selectFrom('outbox')
        .leftJoin('waitlist_signups', 'waitlist_signups.id', 'outbox.signup_id')
        .select([
          'outbox.id',
          'outbox.topic',
          'outbox.created_at',
          'outbox.signup_id',
          'outbox.campaign_id',
          'outbox.wave_id',
          'outbox.payload',
          'waitlist_signups.email',
        ])
        .where('outbox.id', '=', id)
        .where('outbox.kind', '=', 'mail')
        .executeTakeFirst();
      if (!row) return undefined;
      const num = (v: number | string | null) => (v === null ? null : Number(v));
      const operatorId = (JSON.parse(row.payload) as { operatorId?: unknown }).operatorId;
      return {
        id: Number(row.id),
        topic: row.topic,
        createdAt: new Date(row.created_at),
        signupId: num(row.signup_id),
        campaignId: num(row.campaign_id),
        waveId: num(row.wave_id),
        email: row.email ?? null,
        operatorId: typeof operatorId === 'number' && row.signup_id === null ? operatorId : null,
      };
    },

    /** The newest mail handed to the relay for this person (a relay's event that names only the address). */
    async lastSentTo(signupId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('outbox')
        .select('id')
        .where('signup_id', '=', signupId)
        .where('kind', '=', 'mail')
        .where('status', 'in', ['sent', 'failed'])
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    /**
     * Records what came back about a mail, and why, unless the mail already has a word other than those `replacing`
     * (lib/feedback-strength.ts: the weaker ones), in one statement.
     */
    async setFeedback(
      trx: Executor,
      id: number,
      feedback: { kind: MailFeedbackKind; reason: string | null; replacing: readonly MailFeedbackKind[] },
    ): Promise<void> {
      const { kind, reason, replacing: weaker } = feedback;
      await trx
        .updateTable('outbox')
        .set({ feedback: kind, feedback_reason: reason })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('feedback', 'is', null), ...(weaker.length > 0 ? [eb('feedback', 'in', weaker)] : [])]))
        .execute();
    },

    /** A send's tried mails and what came back of them (one statement over the send's own rows). */
    async sendFeedback(executor: Executor, ref: SendRef): Promise<SendFeedbackCounts> {
      const [column, id] = ofSend(ref);
      const rows = await executor
        .selectFrom('outbox')
        .select(['status', 'feedback', (eb) => eb.fn.countAll<number>().as('n')])
        .where(column, '=', id)
        .where('status', 'in', ['sent', 'failed'])
        .groupBy(['status', 'feedback'])
        .execute();
      const counts: SendFeedbackCounts = { tried: 0, hardBounces: 0, softBounces: 0, complaints: 0, refusals: 0 };
      for (const row of rows) {
        const n = Number(row.n);
        counts.tried += n;
        if (row.feedback === 'hard-bounce') counts.hardBounces += n;
        else if (row.feedback === 'soft-bounce') counts.softBounces += n;
        else if (row.feedback === 'complaint') counts.complaints += n;
        else if (row.feedback === 'refused') counts.refusals += n;
      }
      return counts;
    },

    /** How a send's mails stand (a campaign's or a wave's): rows by status. */
    async sendCounts(executor: Executor, ref: SendRef): Promise<Record<OutboxStatus, number>> {
      const [column, id] = ofSend(ref);
      const rows = await executor
        .selectFrom('outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where(column, '=', id)
        .groupBy('status')
        .execute();
      const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0, cancelled: 0 };
      for (const r of rows) counts[r.status as OutboxStatus] = Number(r.n);
      return counts;
    },

    /** Parks a send's waiting mails (a mail a worker holds right now still goes); answers how many. */
    async park(trx: Executor, ref: SendRef): Promise<number> {
      const [column, id] = ofSend(ref);
      const result = await trx
        .updateTable('outbox')
        .set({ next_attempt_at: PAUSED_UNTIL })
        .where(column, '=', id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Lets a paused send's mails go again, now. */
    async unpark(trx: Executor, ref: SendRef, at: string): Promise<number> {
      const [column, id] = ofSend(ref);
      const result = await trx
        .updateTable('outbox')
        .set({ next_attempt_at: at })
        .where(column, '=', id)
        .where('status', '=', 'pending')
        .where('next_attempt_at', '=', PAUSED_UNTIL)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

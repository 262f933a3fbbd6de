import type { Kysely } from 'kysely';
import { randomToken } from '../../lib/crypto';
import type { Database } from '../connection';
import type { OutboxLane, OutboxStatus, OutboxTable, Schema } from '../schema';

type OutboxKind = OutboxTable['kind'];
type Executor = Kysely<Schema>;

/**
 * The outbox table: rows written in the same transaction as the change that causes them (a mail to send, a
 * webhook event), delivered by the worker in delivery/. Claims are leases (locked_by, locked_until): several
 * processes on one PostgreSQL claim disjoint rows (FOR UPDATE SKIP LOCKED), and a lease left by a killed process
 * runs out and the row is claimed again. The console's reads of it are in outbox-reports.ts.
 */

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
}

/** Rows per INSERT when a campaign queues thousands at once (SQLite allows 32,766 parameters a statement). */
const INSERT_CHUNK = 500;

export interface NewWebhookEvent {
  type: string;
  /** The sign-up the event is about (no foreign key: the event outlives an erased row). */
  subjectId: number;
  target: string;
  body: unknown;
  at: string;
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

export function createOutboxStore(database: Database) {
  const { db } = database;
  const iso = (d: Date) => d.toISOString();
  const ts = (v: Date | string) => database.decodeTimestamp(v);

  /** Only the worker holding the lease may record an outcome. */
  const leased = (id: number, workerId: string) =>
    db.updateTable('outbox').where('id', '=', id).where('locked_by', '=', workerId).where('status', '=', 'pending');

  /** The rows of one kind and lane a worker may claim now, oldest first. */
  function dueRows(kind: OutboxKind, input: Pick<ClaimInput, 'now' | 'lane' | 'limit'>) {
    const now = iso(input.now);
    let due = db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', kind)
      .where('lane', '=', input.lane)
      .where('status', '=', 'pending')
      .where('held', '=', 0)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(input.limit);
    if (kind === 'webhook') {
      // In order per sign-up and endpoint: an event waits while an earlier one is still pending (even if leased).
      due = due.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('outbox as earlier')
              .select('earlier.id')
              .where('earlier.kind', '=', 'webhook')
              .where('earlier.status', '=', 'pending')
              .whereRef('earlier.subject_id', '=', 'outbox.subject_id')
              .whereRef('earlier.target', '=', 'outbox.target')
              .whereRef('earlier.id', '<', 'outbox.id'),
          ),
        ),
      );
    }
    return due;
  }

  /** Whether anything of this kind and lane is due (a read: an idle poll costs no write). */
  const anyDue = async (kind: OutboxKind, input: Pick<ClaimInput, 'now' | 'lane'>) =>
    (await dueRows(kind, { ...input, limit: 1 }).executeTakeFirst()) !== undefined;

  /** Leases up to `limit` due rows of one kind, oldest first; PostgreSQL skips rows another copy has locked. */
  async function claimDue(kind: OutboxKind, input: ClaimInput) {
    const due = dueRows(kind, input);
    // A read first: an idle poll costs no write lock.
    if (!(await anyDue(kind, input))) return [];
    const rows = await db
      .updateTable('outbox')
      .set({ locked_by: input.workerId, locked_until: iso(input.leaseUntil) })
      .where('id', 'in', database.skipLocked(due))
      .returningAll()
      .execute();
    return rows
      .map((row) => ({
        id: Number(row.id),
        kind: row.kind,
        topic: row.topic,
        signupId: row.signup_id === null ? null : Number(row.signup_id),
        target: row.target,
        payload: parsePayload(row.payload),
        attempts: Number(row.attempts),
        createdAt: new Date(ts(row.created_at)),
      }))
      .sort((a, b) => a.id - b.id);
  }

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
            })),
          )
          .execute();
      }
    },

    /** How a campaign's mails stand: rows by status. */
    async campaignCounts(executor: Executor, campaignId: number): Promise<Record<OutboxStatus, number>> {
      const rows = await executor
        .selectFrom('outbox')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .where('campaign_id', '=', campaignId)
        .groupBy('status')
        .execute();
      const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0, cancelled: 0 };
      for (const r of rows) counts[r.status as OutboxStatus] = Number(r.n);
      return counts;
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

    claimDue,
    anyDue,

    /** What delivered rows were, for the rules that follow a delivery (by id). */
    async describeMany(trx: Executor, ids: readonly number[]) {
      const described = new Map<number, { kind: string; topic: string; signupId: number | null; subjectId: number | null }>();
      if (ids.length === 0) return described;
      const rows = await trx
        .selectFrom('outbox')
        .select(['id', 'kind', 'topic', 'signup_id', 'subject_id'])
        .where('id', 'in', [...ids])
        .execute();
      for (const row of rows) {
        described.set(Number(row.id), {
          kind: row.kind,
          topic: row.topic,
          signupId: row.signup_id === null ? null : Number(row.signup_id),
          subjectId: row.subject_id === null ? null : Number(row.subject_id),
        });
      }
      return described;
    },

    /** Rows delivered by the worker holding their lease, recorded sent at one moment. */
    async markSentMany(trx: Executor, input: { ids: readonly number[]; workerId: string; sentAt: Date }): Promise<void> {
      if (input.ids.length === 0) return;
      await trx
        .updateTable('outbox')
        .set({ status: 'sent', sent_at: iso(input.sentAt), last_error: null, locked_by: null, locked_until: null })
        .where('id', 'in', [...input.ids])
        .where('locked_by', '=', input.workerId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Delivered rows that must not stay behind (their person was erased meanwhile). */
    async deleteLeasedMany(trx: Executor, input: { ids: readonly number[]; workerId: string }): Promise<void> {
      if (input.ids.length === 0) return;
      await trx
        .deleteFrom('outbox')
        .where('id', 'in', [...input.ids])
        .where('locked_by', '=', input.workerId)
        .execute();
    },

    async extendLease(input: { ids: readonly number[]; workerId: string; leaseUntil: Date }): Promise<void> {
      if (input.ids.length === 0) return;
      await db
        .updateTable('outbox')
        .set({ locked_until: iso(input.leaseUntil) })
        .where('id', 'in', [...input.ids])
        .where('locked_by', '=', input.workerId)
        .where('status', '=', 'pending')
        .execute();
    },

    async markRetry(input: { id: number; workerId: string; attempts: number; nextAttemptAt: Date; lastError: string }): Promise<void> {
      await leased(input.id, input.workerId)
        .set({
          attempts: input.attempts,
          next_attempt_at: iso(input.nextAttemptAt),
          last_error: input.lastError,
          locked_by: null,
          locked_until: null,
        })
        .execute();
    },

    async markFailed(input: { id: number; workerId: string; attempts: number; lastError: string }): Promise<void> {
      await leased(input.id, input.workerId)
        .set({ status: 'failed', attempts: input.attempts, last_error: input.lastError, locked_by: null, locked_until: null })
        .execute();
    },

    async markCancelled(input: { id: number; workerId: string; reason: string }): Promise<void> {
      await leased(input.id, input.workerId)
        .set({ status: 'cancelled', last_error: input.reason, locked_by: null, locked_until: null })
        .execute();
    },
  };
}

export type OutboxStore = ReturnType<typeof createOutboxStore>;

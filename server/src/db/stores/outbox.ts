import type { Selectable } from 'kysely';
import type { Database } from '../connection';
import type { OutboxStatus, OutboxTable } from '../schema';

type OutboxKind = OutboxTable['kind'];
import type { WriteAlongside } from './signups';

/**
 * The outbox: rows written in the same transaction as the change that causes them, delivered by the worker in
 * delivery/. Claims are leases (locked_by, locked_until): several processes on one PostgreSQL claim disjoint
 * rows (FOR UPDATE SKIP LOCKED), and a lease left by a killed process runs out and the row is claimed again.
 */

export interface NewOutboxMail {
  signupId: number | null;
  topic: string;
  payload?: Record<string, unknown>;
}

/** Values for one outbox mail row; `at` is the sign-up's own timestamp, so the 24 h clock starts with it. */
export function outboxMailValues(mail: NewOutboxMail, at: string) {
  return {
    kind: 'mail' as const,
    topic: mail.topic,
    signup_id: mail.signupId,
    payload: JSON.stringify(mail.payload ?? {}),
    next_attempt_at: at,
    created_at: at,
  };
}

/** Each new sign-up's confirmation mail, queued in the sign-up's own transaction (through the group commit). */
export const queueConfirmationAlongside: WriteAlongside = async (trx, stored) => {
  if (stored.length === 0) return;
  await trx
    .insertInto('outbox')
    .values(
      stored.map((s) =>
        outboxMailValues({ signupId: s.id, topic: 'confirmation', payload: { locale: s.record.locale } }, s.record.created_at),
      ),
    )
    .execute();
};

export interface OutboxEntry {
  id: number;
  kind: string;
  topic: string;
  signupId: number | null;
  /** Webhook rows: the sign-up the event is about, and the endpoint. */
  subjectId: number | null;
  target: string | null;
  payload: Record<string, unknown>;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

const parsePayload = (text: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

export function createOutboxRepository(database: Database) {
  const { db } = database;
  const iso = (d: Date) => d.toISOString();
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const tsOrNull = (v: Date | string | null) => (v === null ? null : database.decodeTimestamp(v));

  const toEntry = (row: Selectable<OutboxTable>): OutboxEntry => ({
    id: Number(row.id),
    kind: row.kind,
    topic: row.topic,
    signupId: row.signup_id === null ? null : Number(row.signup_id),
    subjectId: row.subject_id === null ? null : Number(row.subject_id),
    target: row.target,
    payload: parsePayload(row.payload),
    status: row.status,
    attempts: Number(row.attempts),
    nextAttemptAt: ts(row.next_attempt_at),
    lastError: row.last_error,
    createdAt: ts(row.created_at),
    sentAt: tsOrNull(row.sent_at),
  });

  /** Only the worker holding the lease may record an outcome. */
  const leased = (id: number, workerId: string) =>
    db.updateTable('outbox').where('id', '=', id).where('locked_by', '=', workerId).where('status', '=', 'pending');

  /** Leases up to `limit` due rows of one kind, oldest first; PostgreSQL skips rows another copy has locked. */
  async function claimDue(kind: OutboxKind, input: { workerId: string; now: Date; leaseUntil: Date; limit: number }) {
    const now = iso(input.now);
    let due = db
      .selectFrom('outbox')
      .select('id')
      .where('kind', '=', kind)
      .where('status', '=', 'pending')
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
    // A read first: an idle poll costs no write lock.
    const any = await due.executeTakeFirst();
    if (!any) return [];
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
    /** Queues a mail outside a sign-up (a re-send, a data link). */
    async queueMail(mail: NewOutboxMail, now = new Date()): Promise<number> {
      const { id } = await db
        .insertInto('outbox')
        .values(outboxMailValues(mail, iso(now)))
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    claimDue,

    /** Mail rows that are due; see claimDue. */
    claimDueMail(input: { workerId: string; now: Date; leaseUntil: Date; limit: number }) {
      return claimDue('mail', input);
    },

    /** Webhook rows that are due, each only after every earlier pending event of its sign-up to its endpoint. */
    claimDueWebhooks(input: { workerId: string; now: Date; leaseUntil: Date; limit: number }) {
      return claimDue('webhook', input);
    },

    async markSent(input: { id: number; workerId: string; sentAt: Date }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('outbox')
          .select(['kind', 'topic', 'signup_id', 'subject_id'])
          .where('id', '=', input.id)
          .executeTakeFirst();
        if (row?.kind === 'webhook' && row.subject_id !== null) {
          const exists = await trx.selectFrom('waitlist_signups').select('id').where('id', '=', row.subject_id).executeTakeFirst();
          // The person was erased meanwhile: once delivered, nothing about them stays behind.
          if (!exists) {
            await trx.deleteFrom('outbox').where('id', '=', input.id).where('locked_by', '=', input.workerId).execute();
            return;
          }
        }
        // The sign-up row is locked before the outbox row, as erasure and opt-out do, so the two never deadlock.
        // The retention clock starts when the first confirmation mail went out.
        if (row?.topic === 'confirmation' && row.signup_id !== null) {
          await trx
            .updateTable('waitlist_signups')
            .set({ confirmation_sent_at: iso(input.sentAt) })
            .where('id', '=', row.signup_id)
            .where('confirmation_sent_at', 'is', null)
            .execute();
        }
        await trx
          .updateTable('outbox')
          .set({ status: 'sent', sent_at: iso(input.sentAt), last_error: null, locked_by: null, locked_until: null })
          .where('id', '=', input.id)
          .where('locked_by', '=', input.workerId)
          .where('status', '=', 'pending')
          .execute();
      });
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

    /** A person's mail log, newest first. */
    async forSignup(signupId: number): Promise<OutboxEntry[]> {
      // Mail to the person only: notices to operators about them are not their mail.
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('signup_id', '=', signupId)
        .where('topic', 'not like', 'operator-%')
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
      return rows.map(toEntry);
    },

    /** Earlier mails of one topic to a person, for the re-send throttle. */
    async history(signupId: number, topic: string): Promise<{ createdAt: Date; resend: boolean }[]> {
      const rows = await db
        .selectFrom('outbox')
        .select(['created_at', 'payload'])
        .where('signup_id', '=', signupId)
        .where('topic', '=', topic)
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      return rows.map((r) => ({ createdAt: new Date(ts(r.created_at)), resend: parsePayload(r.payload).resend === true }));
    },

    /** Mail that has not gone out: failed rows, and pending rows that were tried or are overdue. */
    async stuck(now = new Date(), limit = 200): Promise<OutboxEntry[]> {
      const overdue = iso(new Date(now.getTime() - 60_000));
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', 'mail')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'failed'),
            eb.and([eb('status', '=', 'pending'), eb.or([eb('attempts', '>', 0), eb('next_attempt_at', '<=', overdue)])]),
          ]),
        )
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toEntry);
    },

    /** Depth and age of what waits to go out, for /metrics. */
    async pendingStats(now = new Date()): Promise<{ pending: number; oldestPendingAgeSeconds: number }> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const oldest = row.oldest === null ? null : new Date(ts(row.oldest as Date | string)).getTime();
      return { pending: Number(row.n), oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000) };
    },

    /** Per endpoint: how many webhook deliveries are in each state, and the latest ones (failures first). */
    async webhookDeliveries(
      limit = 100,
    ): Promise<{ endpoints: { target: string; counts: Record<OutboxStatus, number> }[]; recent: OutboxEntry[] }> {
      const grouped = await db
        .selectFrom('outbox')
        .select((eb) => ['target', 'status', eb.fn.countAll<number>().as('n')])
        .where('kind', '=', 'webhook')
        .groupBy(['target', 'status'])
        .execute();
      const byTarget = new Map<string, Record<OutboxStatus, number>>();
      for (const row of grouped) {
        const target = row.target ?? '';
        const counts = byTarget.get(target) ?? { pending: 0, sent: 0, failed: 0, cancelled: 0 };
        counts[row.status] = Number(row.n);
        byTarget.set(target, counts);
      }
      const recent = await db
        .selectFrom('outbox')
        .selectAll()
        .where('kind', '=', 'webhook')
        .orderBy((eb) => eb.case().when('status', '=', 'failed').then(0).else(1).end())
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return {
        endpoints: [...byTarget].map(([target, counts]) => ({ target, counts })).sort((a, b) => a.target.localeCompare(b.target)),
        recent: recent.map(toEntry),
      };
    },

    /** Delivered webhook events older than `before` are deleted: they hold personal data and have done their job. */
    async pruneDeliveredWebhooks(before: Date): Promise<number> {
      const result = await db
        .deleteFrom('outbox')
        .where('kind', '=', 'webhook')
        .where('status', '=', 'sent')
        .where('sent_at', '<', iso(before))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** An operator sends a webhook event again (delivered or failed): due now, same row, so the same webhook-id. */
    async resendWebhook(id: number, now = new Date()): Promise<boolean> {
      const result = await db
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

    /** Mail rows by status. */
    async counts(): Promise<Record<OutboxStatus, number>> {
      const rows = await db
        .selectFrom('outbox')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
        .where('kind', '=', 'mail')
        .groupBy('status')
        .execute();
      const counts: Record<OutboxStatus, number> = { pending: 0, sent: 0, failed: 0, cancelled: 0 };
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    /** An operator sends a failed row again: it becomes due now, with a fresh 24 h. */
    async retryNow(id: number, now = new Date()): Promise<boolean> {
      const result = await db
        .updateTable('outbox')
        .set({ status: 'pending', next_attempt_at: iso(now), created_at: iso(now), attempts: 0, locked_by: null, locked_until: null })
        .where('id', '=', id)
        .where('kind', '=', 'mail')
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

import type { Selectable } from 'kysely';
import type { Database } from '../connection';
import type { OutboxStatus, OutboxTable } from '../schema';
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
    .values(stored.map((s) => outboxMailValues({ signupId: s.id, topic: 'confirmation', payload: { locale: s.record.locale } }, s.record.created_at)))
    .execute();
};

export interface OutboxEntry {
  id: number;
  kind: string;
  topic: string;
  signupId: number | null;
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

  return {
    /** Queues a mail outside a sign-up (a re-send, a data link). */
    async queueMail(mail: NewOutboxMail, now = new Date()): Promise<number> {
      const { id } = await db.insertInto('outbox').values(outboxMailValues(mail, iso(now))).returning('id').executeTakeFirstOrThrow();
      return Number(id);
    },

    async claimDueMail(input: { workerId: string; now: Date; leaseUntil: Date; limit: number }) {
      const now = iso(input.now);
      const due = db
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'mail')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(input.limit);
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
          payload: parsePayload(row.payload),
          attempts: Number(row.attempts),
          createdAt: new Date(ts(row.created_at)),
        }))
        .sort((a, b) => a.id - b.id);
    },

    async markSent(input: { id: number; workerId: string; sentAt: Date }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('outbox').select(['topic', 'signup_id']).where('id', '=', input.id).executeTakeFirst();
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
        .set({ attempts: input.attempts, next_attempt_at: iso(input.nextAttemptAt), last_error: input.lastError, locked_by: null, locked_until: null })
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
      const rows = await db.selectFrom('outbox').selectAll().where('signup_id', '=', signupId).orderBy('id', 'desc').limit(200).execute();
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

    /** What has not gone out: failed rows, and pending rows that were tried or are overdue. */
    async stuck(now = new Date(), limit = 200): Promise<OutboxEntry[]> {
      const overdue = iso(new Date(now.getTime() - 60_000));
      const rows = await db
        .selectFrom('outbox')
        .selectAll()
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

    async counts(): Promise<Record<OutboxStatus, number>> {
      const rows = await db
        .selectFrom('outbox')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
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
        .where('status', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type OutboxRepository = ReturnType<typeof createOutboxRepository>;

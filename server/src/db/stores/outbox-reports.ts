import type { Selectable } from 'kysely';
import type { Database } from '../connection';
import type { OutboxStatus, OutboxTable } from '../schema';
import { CRM_TOPICS, parsePayload } from './outbox/types';

/** What the console and /metrics read of the outbox: a person's mail log, what is stuck, counts, webhook deliveries. */
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
  /** What a receiver said of the mail, and why (migrations 18, 25). */
  feedback: string | null;
  feedbackReason: string | null;
}

/**
 * The Mail page counts each figure up to this many (its `capped` list says which went past), as the Sign-ups list
 * counts a filter's: right after a burst no VACUUM has marked the new rows visible, so an index-only count visits the
 * table for each row it counts (100,000 of them took 340-520 ms on PostgreSQL; docs/performance.md).
 */
export const COUNT_CAP = 10_000;
export type OutboxCountName = 'pending' | 'failed' | 'cancelled' | 'sent_24h';

export function createOutboxReports(database: Database) {
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
    feedback: row.feedback ?? null,
    feedbackReason: row.feedback_reason ?? null,
  });

  return {
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

    /**
     * Mail that has not gone out: failed rows, and pending rows that were tried or are overdue, newest first. Each
     * status is read newest first along the unsent rows' index (kind, status, created_at; migration 13) and stops at
     * `limit`: with a million mails waiting after a relay outage, one query over both sorted the million (0.7 s on
     * SQLite, docs/performance.md).
     */
    async stuck(now = new Date(), limit = 200): Promise<OutboxEntry[]> {
      const overdue = iso(new Date(now.getTime() - 60_000));
      const newest = (status: OutboxStatus) =>
        db
          .selectFrom('outbox')
          .selectAll()
          .where('kind', '=', 'mail')
          .where('status', '<>', 'sent')
          .where('status', '=', status)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit);
      const [failed, waiting] = await Promise.all([
        newest('failed').execute(),
        newest('pending')
          .where((eb) => eb.or([eb('attempts', '>', 0), eb('next_attempt_at', '<=', overdue)]))
          .execute(),
      ]);
      return [...failed, ...waiting]
        .map(toEntry)
        .sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : a.createdAt < b.createdAt ? 1 : -1))
        .slice(0, limit);
    },

    /** Depth and age of what waits to go out, for /metrics. */
    async pendingStats(now = new Date()): Promise<{ pending: number; oldestPendingAgeSeconds: number }> {
      const row = await db
        .selectFrom('outbox')
        .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('status', '<>', 'sent')
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      const oldest = row.oldest === null ? null : new Date(ts(row.oldest as Date | string)).getTime();
      return { pending: Number(row.n), oldestPendingAgeSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000) };
    },

    /** The CRM's rows: changes and erasures waiting for it, and those it refused for good since `since`. */
    async crmCounts(since: string): Promise<{ pendingSyncs: number; pendingDeletions: number; failed: number }> {
      const rows = await db
        .selectFrom('outbox')
        .select((eb) => ['topic', 'status', eb.fn.countAll<number>().as('n')])
        .where('kind', '=', 'crm')
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'failed'), eb('created_at', '>=', since)])]))
        .groupBy(['topic', 'status'])
        .execute();
      const count = (topic: string, status: OutboxStatus) => Number(rows.find((r) => r.topic === topic && r.status === status)?.n ?? 0);
      return {
        pendingSyncs: count(CRM_TOPICS.sync, 'pending'),
        pendingDeletions: count(CRM_TOPICS.delete, 'pending'),
        failed: count(CRM_TOPICS.sync, 'failed') + count(CRM_TOPICS.delete, 'failed'),
      };
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

    /**
     * Mail rows not sent, by status, and the mails sent in the last 24 hours: each read from an index of its own
     * (migration 13), never from the million rows of mail already delivered, and each counted up to COUNT_CAP only
     * (`capped` names those past it): a relay down during a burst leaves a million waiting, and "10,000+" says what

     * the founder needs in milliseconds where the exact figure took a third of a second (docs/performance.md).
     */
    async counts(
      now = new Date(),
    ): Promise<{ pending: number; failed: number; cancelled: number; sent_24h: number; capped: OutboxCountName[] }> {
      const upTo = async (query: ReturnType<typeof mailRows>) => {
        const row = await db
          // A constant, not a column: the index alone answers (an index-only scan on PostgreSQL).
          .selectFrom(
            query
              .select((eb) => eb.lit(1).as('one'))
              .limit(COUNT_CAP + 1)
              .as('counted'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      };
      const mailRows = () => db.selectFrom('outbox').where('kind', '=', 'mail');
      // The partial index of unsent rows (migration 13) serves the queries that name its condition; each counts in its
      // index's order, so the planner walks the index: without an order, PostgreSQL took a LIMIT of a fifth of the
      // table for a short scan of it, and read 440,000 sent rows before the first waiting one (43 ms, not 5).
      const unsent = (status: OutboxStatus) => mailRows().where('status', '<>', 'sent').where('status', '=', status).orderBy('created_at');
      const since = iso(new Date(now.getTime() - 24 * 60 * 60 * 1000));
      const [pending, failed, cancelled, sent24h] = await Promise.all([
        upTo(unsent('pending')),
        upTo(unsent('failed')),
        upTo(unsent('cancelled')),
        upTo(mailRows().where('sent_at', 'is not', null).where('sent_at', '>=', since).orderBy('sent_at')),
      ]);

      const figures = { pending, failed, cancelled, sent_24h: sent24h };
      const capped = (Object.keys(figures) as OutboxCountName[]).filter((name) => figures[name] > COUNT_CAP);
      const cap = (n: number) => Math.min(n, COUNT_CAP);
      return { pending: cap(pending), failed: cap(failed), cancelled: cap(cancelled), sent_24h: cap(sent24h), capped };
    },
  };
}

export type OutboxReports = ReturnType<typeof createOutboxReports>;

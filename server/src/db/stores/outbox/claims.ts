import type { SelectQueryBuilder } from 'kysely';
import type { Database } from '../../connection';
import type { Schema } from '../../schema';
import type { Executor } from '../../connection';
import { parsePayload, type ClaimInput, type OutboxKind } from './types';

/**
 * The delivery worker's side (delivery/worker.ts): claims are leases (locked_by, locked_until): several processes on
 * one PostgreSQL claim disjoint rows (FOR UPDATE SKIP LOCKED), and a lease left by a killed process runs out and the
 * row is claimed again. Only the worker holding the lease records an outcome.
 */
export function outboxClaims(database: Database) {
  const { db } = database;
  const iso = (d: Date) => d.toISOString();
  const ts = (v: Date | string) => database.decodeTimestamp(v);

  /** Only the worker holding the lease may record an outcome. */
  const leased = (id: number, workerId: string) =>
    db.updateTable('outbox').where('id', '=', id).where('locked_by', '=', workerId).where('status', '=', 'pending');

  /** Rows of `kind` that no earlier pending row of the same `columns` holds back (each waits for the one before it). */
  const afterEarlier = (
    due: SelectQueryBuilder<Schema, 'outbox', { id: number }>,
    kind: OutboxKind,
    columns: readonly ('subject_id' | 'target' | 'signup_id')[],
  ) =>
    due.where(({ not, exists, selectFrom }) =>
      not(
        exists(
          columns
            .reduce(
              (earlier, column) => earlier.whereRef(`earlier.${column}`, '=', `outbox.${column}`),
              selectFrom('outbox as earlier').select('earlier.id').where('earlier.kind', '=', kind).where('earlier.status', '=', 'pending'),
            )
            .whereRef('earlier.id', '<', 'outbox.id'),
        ),
      ),
    );

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
    // In order per sign-up and endpoint: a webhook event waits while an earlier one is still pending (even if leased).
    if (kind === 'webhook') due = afterEarlier(due, 'webhook', ['subject_id', 'target']);
    // One push per person at a time: a change queued while the last one is on its way waits for it (Pipedrive has no
    // upsert, and two creates at once would make two people).
    if (kind === 'crm') due = afterEarlier(due, 'crm', ['signup_id']);
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

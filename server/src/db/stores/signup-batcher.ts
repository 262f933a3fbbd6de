import { sql, type Transaction } from 'kysely';
import { EMAIL_UNIQUE_CONSTRAINT } from '@waitlist/contract';
import type { MetricsRecorder } from '../../lib/metrics';
import type { Database } from '../connection';
import type { Schema } from '../schema';
import type { NewSignupRecord, StoredSignup, WriteAlongside } from './signup-record';

/**
 * Group commit for sign-up inserts (docs/performance.md). Every commit costs one fsync; under load the fsync,
 * not the CPU, caps sign-ups per second. Requests that arrive within `windowMs` of each other (or while the
 * previous batch was committing) are written in ONE transaction, and each request is answered only after that
 * transaction committed. Rows stay independent: a row that breaks a constraint fails alone, with the same
 * driver error it would have raised on its own, so callers translate it exactly as before.
 */
export interface PendingSignup {
  record: NewSignupRecord;
  idempotencyKey: string | undefined;
  requestHash: string;
}

interface Item extends PendingSignup {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What a lone INSERT would have raised for a duplicate e-mail, in the SQLSTATE vocabulary of errors.ts. */
export class BatchedUniqueViolation extends Error {
  readonly code = '23505';
  constructor(readonly constraint: string) {
    super(`duplicate key value violates unique constraint "${constraint}"`);
  }
}

export interface SignupBatcher {
  /** Resolves once the row is committed (durable); rejects with the row's own error. */
  insert(signup: PendingSignup): Promise<void>;
  /** Waits until everything queued so far is committed or failed. */
  drain(): Promise<void>;
}

/** Bounded so one statement stays well under PostgreSQL's 65,535 bind parameters (8 per row). */
const MAX_BATCH_ROWS = 500;

export interface SignupBatcherOptions {
  windowMs: number;
  writeAlongside?: WriteAlongside | undefined;
  /** Told the size of every batch written (/metrics). */
  metrics?: MetricsRecorder | undefined;
}

export function createSignupBatcher(database: Database, { windowMs, writeAlongside, metrics }: SignupBatcherOptions): SignupBatcher {
  const { db } = database;
  const maxInFlight = database.concurrentWriters;
  let queue: Item[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flights = new Set<Promise<void>>();

  const schedule = () => {
    if (timer || flights.size >= maxInFlight || queue.length === 0) return;
    timer = setTimeout(run, windowMs);
  };
  const run = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (flights.size >= maxInFlight || queue.length === 0) return;
    const flight: Promise<void> = flush().finally(() => {
      flights.delete(flight);
      // Whatever queued while every slot was committing has waited long enough: write it now.
      if (queue.length > 0) run();
    });
    flights.add(flight);
  };

  async function flush(): Promise<void> {
    const batch = queue.slice(0, MAX_BATCH_ROWS);
    queue = queue.slice(batch.length);
    if (batch.length === 0) return;
    metrics?.observeSignupBatch(batch.length);
    let outcomes: (unknown | null)[];
    try {
      outcomes = await db.transaction().execute((trx) => writeBatch(trx, batch));
    } catch (error) {
      if (!isDeadlock(error)) return rejectAll(batch, error);
      // Two concurrent batches locked the same rows in opposite orders; PostgreSQL rolled this one back.
      try {
        outcomes = await db.transaction().execute((trx) => oneByOne(trx, batch));
      } catch (again) {
        return rejectAll(batch, again);
      }
    }
    batch.forEach((item, i) => (outcomes[i] === null ? item.resolve() : item.reject(outcomes[i])));
  }

  /** BEGIN, a statement outside the per-row savepoints, or COMMIT failed: no request of the batch may be acknowledged. */
  function rejectAll(batch: Item[], error: unknown) {
    for (const item of batch) item.reject(error);
  }

  /** Returns, per item, null (inserted) or the error that row raised. */
  async function writeBatch(trx: Transaction<Schema>, batch: Item[]): Promise<(unknown | null)[]> {
    const fast = await tryTogether(trx, batch);
    if (fast) return fast;
    return oneByOne(trx, batch);
  }

  /**
   * The common case in two statements: all rows with ON CONFLICT (email) DO NOTHING, then their idempotency keys.
   * Anything unusual (a CHECK failure, a key already taken) rolls back to the savepoint and returns undefined.
   */
  async function tryTogether(trx: Transaction<Schema>, batch: Item[]): Promise<(unknown | null)[] | undefined> {
    await sql`SAVEPOINT batch_rows`.execute(trx);
    try {
      // Sorted, so that concurrent batches take the unique-index locks in the same order (no deadlock).
      const rows = batch.map((item) => item.record).sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
      const inserted = await trx
        .insertInto('waitlist_signups')
        .values(rows)
        .onConflict((oc) => oc.column('email').doNothing())
        .returning(['id', 'email'])
        .execute();
      const idByEmail = new Map(inserted.map((row) => [row.email, Number(row.id)]));
      // Rows with the same e-mail in one batch: the first one in the list is the one stored.
      const outcomes: (unknown | null)[] = [];
      const stored: StoredSignup[] = [];
      const keyRows: { key: string; request_hash: string; signup_id: number; created_at: string }[] = [];
      for (const item of batch) {
        const id = idByEmail.get(item.record.email);
        if (id === undefined) {
          outcomes.push(new BatchedUniqueViolation(EMAIL_UNIQUE_CONSTRAINT));
          continue;
        }
        idByEmail.delete(item.record.email);
        outcomes.push(null);
        stored.push({ id, record: item.record });
        if (item.idempotencyKey) {
          keyRows.push({ key: item.idempotencyKey, request_hash: item.requestHash, signup_id: id, created_at: item.record.created_at });
        }
      }
      if (keyRows.length > 0) {
        keyRows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
        const keys = await trx
          .insertInto('idempotency_keys')
          .values(keyRows)
          .onConflict((oc) => oc.column('key').doNothing())
          .returning('key')
          .execute();
        if (keys.length !== keyRows.length) throw new Error('idempotency key conflict: retry row by row');
      }
      if (stored.length > 0) await writeAlongside?.(trx, stored);
      await sql`RELEASE SAVEPOINT batch_rows`.execute(trx);
      return outcomes;
    } catch {
      await sql`ROLLBACK TO SAVEPOINT batch_rows`.execute(trx);
      await sql`RELEASE SAVEPOINT batch_rows`.execute(trx);
      return undefined;
    }
  }

  /** Exactly what a lone request does (sign-up row, its key, rows written alongside), each behind its own savepoint. */
  async function oneByOne(trx: Transaction<Schema>, batch: Item[]): Promise<(unknown | null)[]> {
    const outcomes: (unknown | null)[] = [];
    for (const item of batch) {
      await sql`SAVEPOINT batch_row`.execute(trx);
      try {
        const { id } = await trx.insertInto('waitlist_signups').values(item.record).returning('id').executeTakeFirstOrThrow();
        if (item.idempotencyKey) {
          await trx
            .insertInto('idempotency_keys')
            .values({ key: item.idempotencyKey, request_hash: item.requestHash, signup_id: id, created_at: item.record.created_at })
            .execute();
        }
        await writeAlongside?.(trx, [{ id: Number(id), record: item.record }]);
        await sql`RELEASE SAVEPOINT batch_row`.execute(trx);
        outcomes.push(null);
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT batch_row`.execute(trx);
        await sql`RELEASE SAVEPOINT batch_row`.execute(trx);
        outcomes.push(error);
      }
    }
    return outcomes;
  }

  return {
    insert(signup) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ ...signup, resolve, reject });
        schedule();
      });
    },
    async drain() {
      while (queue.length > 0 || flights.size > 0 || timer) {
        if (flights.size > 0) await Promise.all(flights);
        else await new Promise((r) => setTimeout(r, Math.max(1, windowMs)));
      }
    },
  };
}

const isDeadlock = (error: unknown) => typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '40P01';

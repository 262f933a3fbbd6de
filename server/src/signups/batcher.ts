import { sql, type Transaction } from 'kysely';
import { EMAIL_UNIQUE_CONSTRAINT } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Schema } from '../db/schema';

/**
 * Group commit for sign-up inserts (docs/performance.md). Every commit costs one fsync; under load the fsync,
 * not the CPU, caps sign-ups per second. Requests that arrive within `windowMs` of each other (or while the
 * previous batch was committing) are written in ONE transaction, and each request is answered only after that
 * transaction committed. Rows stay independent: a row that breaks a constraint fails alone, with the same
 * driver error it would have raised on its own, so callers translate it exactly as before.
 */
export interface PendingSignup {
  values: {
    email: string;
    role: string;
    company_size: string;
    desired_outcomes: unknown;
    other_outcome: string | null;
    consented_at: string;
    privacy_policy_version: string;
    created_at: string;
  };
  idempotencyKey: string | undefined;
  requestHash: string;
}

interface Item extends PendingSignup {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** What a lone INSERT would have raised for a duplicate e-mail, in the SQLSTATE vocabulary of db/errors.ts. */
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
export const MAX_BATCH_ROWS = 500;

export function createSignupBatcher(database: Database, windowMs: number): SignupBatcher {
  const { db } = database;
  let queue: Item[] = [];
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;

  const schedule = () => {
    if (timer || flushing || queue.length === 0) return;
    timer = setTimeout(run, windowMs);
  };
  const run = () => {
    timer = undefined;
    flushing = flush().finally(() => {
      flushing = undefined;
      // Whatever queued while we were committing has waited long enough: write it now.
      if (queue.length > 0) run();
    });
  };

  async function flush(): Promise<void> {
    const batch = queue.slice(0, MAX_BATCH_ROWS);
    queue = queue.slice(batch.length);
    if (batch.length === 0) return;
    let outcomes: (unknown | null)[];
    try {
      outcomes = await db.transaction().execute((trx) => writeBatch(trx, batch));
    } catch (error) {
      // BEGIN or COMMIT failed: nothing of this batch is durable, so no request may be acknowledged.
      for (const item of batch) item.reject(error);
      return;
    }
    batch.forEach((item, i) => (outcomes[i] === null ? item.resolve() : item.reject(outcomes[i])));
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
      const inserted = await trx
        .insertInto('waitlist_signups')
        .values(batch.map((item) => item.values))
        .onConflict((oc) => oc.column('email').doNothing())
        .returning(['id', 'email'])
        .execute();
      const idByEmail = new Map(inserted.map((row) => [row.email, Number(row.id)]));
      // Rows with the same e-mail in one batch: the first one in the list is the one stored.
      const outcomes: (unknown | null)[] = [];
      const keyRows: { key: string; request_hash: string; signup_id: number; created_at: string }[] = [];
      for (const item of batch) {
        const id = idByEmail.get(item.values.email);
        if (id === undefined) {
          outcomes.push(new BatchedUniqueViolation(EMAIL_UNIQUE_CONSTRAINT));
          continue;
        }
        idByEmail.delete(item.values.email);
        outcomes.push(null);
        if (item.idempotencyKey) {
          keyRows.push({ key: item.idempotencyKey, request_hash: item.requestHash, signup_id: id, created_at: item.values.created_at });
        }
      }
      if (keyRows.length > 0) {
        const stored = await trx.insertInto('idempotency_keys').values(keyRows).onConflict((oc) => oc.column('key').doNothing()).returning('key').execute();
        if (stored.length !== keyRows.length) throw new Error('idempotency key conflict: retry row by row');
      }
      await sql`RELEASE SAVEPOINT batch_rows`.execute(trx);
      return outcomes;
    } catch {
      await sql`ROLLBACK TO SAVEPOINT batch_rows`.execute(trx);
      await sql`RELEASE SAVEPOINT batch_rows`.execute(trx);
      return undefined;
    }
  }

  /** Exactly what a lone request does (sign-up row, then its key), each row behind its own savepoint. */
  async function oneByOne(trx: Transaction<Schema>, batch: Item[]): Promise<(unknown | null)[]> {
    const outcomes: (unknown | null)[] = [];
    for (const item of batch) {
      await sql`SAVEPOINT batch_row`.execute(trx);
      try {
        const { id } = await trx.insertInto('waitlist_signups').values(item.values).returning('id').executeTakeFirstOrThrow();
        if (item.idempotencyKey) {
          await trx
            .insertInto('idempotency_keys')
            .values({ key: item.idempotencyKey, request_hash: item.requestHash, signup_id: id, created_at: item.values.created_at })
            .execute();
        }
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
      while (queue.length > 0 || flushing || timer) {
        if (flushing) await flushing;
        else await new Promise((r) => setTimeout(r, Math.max(1, windowMs)));
      }
    },
  };
}

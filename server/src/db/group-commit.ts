import { sql } from 'kysely';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import type { Executor } from './connection';
import { classifyDbError } from './errors';

/**
 * Group commit (docs/performance.md): every commit costs one fsync, and under load the fsync, not the CPU, caps
 * writes per second. Units of work submitted within `windowMs` of each other (or while the previous batch was
 * committing) are written in ONE transaction, and each submitter is answered only after that transaction
 * committed. The caller says what a batch writes (`write`); this module only decides which items share a
 * transaction, and keeps them independent: when a batch fails as a whole, its items are written again one by one
 * behind savepoints, so an item that breaks a constraint fails alone with its own error.
 */

/**
 * The window of the delivery bookkeeping (tokens of the mails being composed, outcomes of the mails sent): a few
 * milliseconds cost a mail nothing and let the mails of one moment share a commit (measured with `npm run bench:mail`:
 * without it, two commits per mail).
 */
export const DELIVERY_BATCH_WINDOW_MS = 5;

/** Writes `items` in `trx`; answers, per item, null (written) or the error that item failed with. */
export type BatchWrite<Item> = (trx: Executor, items: readonly Item[]) => Promise<(unknown | null)[]>;

/**
 * Where a batch's transaction comes from: the one door of services/use-case.ts (`useCases.groupCommit`), so every
 * transaction opens there; and how many may commit at once (Database.concurrentWriters).
 */
export interface BatchTransactions {
  open<T>(work: (trx: Executor) => Promise<T>): Promise<T>;
  concurrentWriters: number;
}

export interface GroupCommit<Item> {
  /** Resolves once the item is committed (durable); rejects with the item's own error. */
  submit(item: Item): Promise<void>;
  /** Waits until everything submitted so far is committed or failed. */
  drain(): Promise<void>;
}

export interface GroupCommitOptions<Item> {
  /** 0: each item in a transaction of its own. */
  windowMs: number;
  write: BatchWrite<Item>;
  /** Bounded so one statement stays well under PostgreSQL's 65,535 bind parameters. */
  maxBatch?: number;
  /** Told the size of every batch written (/metrics). */
  metrics?: MetricsRecorder | undefined;
}

interface Pending<Item> {
  item: Item;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export function createGroupCommit<Item>(transactions: BatchTransactions, options: GroupCommitOptions<Item>): GroupCommit<Item> {
  const { open } = transactions;
  const { windowMs, write, metrics } = options;
  const maxBatch = options.maxBatch ?? 500;
  const maxInFlight = transactions.concurrentWriters;
  const queue: Pending<Item>[] = [];
  let timer: NodeJS.Timeout | undefined;
  const flights = new Set<Promise<void>>();

  const settle = (batch: Pending<Item>[], outcomes: (unknown | null)[]) =>
    batch.forEach((p, i) => (outcomes[i] === null ? p.resolve() : p.reject(outcomes[i])));

  /** Each item behind its own savepoint: exactly what a lone transaction would have done. */
  async function oneByOne(trx: Executor, batch: Pending<Item>[]): Promise<(unknown | null)[]> {
    const outcomes: (unknown | null)[] = [];
    for (const { item } of batch) {
      await sql`SAVEPOINT group_item`.execute(trx);
      try {
        const [outcome] = await write(trx, [item]);
        await sql`RELEASE SAVEPOINT group_item`.execute(trx);
        outcomes.push(outcome ?? null);
      } catch (error) {
        await sql`ROLLBACK TO SAVEPOINT group_item`.execute(trx);
        await sql`RELEASE SAVEPOINT group_item`.execute(trx);
        outcomes.push(error);
      }
    }
    return outcomes;
  }

  /** Writes `batch` in a transaction of its own (item by item behind savepoints when `itemByItem`). */
  const commit = (batch: Pending<Item>[], itemByItem: boolean) =>
    open((trx) =>
      itemByItem
        ? oneByOne(trx, batch)
        : write(
            trx,
            batch.map((p) => p.item),
          ),
    );

  /**
   * The common case in one transaction with no savepoint (each statement is a round trip on PostgreSQL); when it fails
   * as a whole, the batch is written again item by item, so only the item that broke a constraint fails.
   */
  async function flush(): Promise<void> {
    const batch = queue.splice(0, maxBatch);
    if (batch.length === 0) return;
    metrics?.observeSignupBatch(batch.length);
    try {
      settle(batch, await commit(batch, false));
      return;
    } catch (error) {
      // BEGIN or COMMIT failed, or the database is gone: no item of the batch may be acknowledged. A lone item's own
      // error is its answer. A deadlock between two concurrent batches (PostgreSQL rolled this one back) is worth one
      // more try, item by item, as is any other failure of a batch as a whole.
      if (classifyDbError(error).kind === 'unavailable' || (batch.length === 1 && !isDeadlock(error))) {
        return batch.forEach((p) => p.reject(error));
      }
    }
    try {
      settle(batch, await commit(batch, true));
    } catch (again) {
      batch.forEach((p) => p.reject(again));
    }
  }

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

  return {
    async submit(item) {
      if (windowMs <= 0) {
        const [outcome] = await open((trx) => write(trx, [item]));
        if (outcome !== null && outcome !== undefined) throw outcome;
        return;
      }
      return new Promise<void>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        if (!timer && flights.size < maxInFlight) timer = setTimeout(run, windowMs);
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

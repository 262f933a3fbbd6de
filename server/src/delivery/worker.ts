import { randomUUID } from 'node:crypto';
import { afterFailure } from './retry-policy';
import type { ClaimedOutboxRow, DeliveryOutcome, DeliveryWorker, DeliveryWorkerOptions } from './worker-types';

export type {
  ClaimedOutboxRow,
  DeliveryQueue,
  DeliveryOutcome,
  DeliveryChannel,
  DeliveryWorkerLog,
  OutboxLane,
  DeliveryWorkerOptions,
  DeliveryPace,
  DeliveryWorker,
} from './worker-types';

/**
 * The delivery worker: runs inside every server process, claims due outbox rows of one channel (mail or
 * webhooks) under a lease, delivers them and records the outcome. Several processes on one PostgreSQL each claim different rows (the store uses
 * FOR UPDATE SKIP LOCKED); a process killed mid-send leaves its lease to run out, after which another claims the
 * row again. See docs/decisions/0007-outbox-and-self-service-links.md.
 */

export const DEFAULT_POLL_MS = 1_000;
export const DEFAULT_BATCH_SIZE = 50;
export const DEFAULT_CONCURRENCY = 8;
export const DEFAULT_LEASE_MS = 30_000;

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const concurrency = Math.max(1, options.concurrency ?? DEFAULT_CONCURRENCY);
  const lane = options.lane ?? 'urgent';
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const now = options.now ?? (() => new Date());
  const { store, channel, log } = options;

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** While the database is unreachable every poll fails: say so once a minute, not once a second. */
  let lastRoundFailureLoggedAt = 0;
  let round: Promise<number> | undefined;
  let again = false;

  /** Log lines name the channel ("mail sent", "webhook sent", …): operators search for them. */
  const noun = channel.kind;

  async function deliver(row: ClaimedOutboxRow): Promise<void> {
    await recordOutcome(row, await channel.deliver(row));
  }

  async function recordOutcome(row: ClaimedOutboxRow, outcome: DeliveryOutcome): Promise<void> {
    const what = { outboxId: row.id, topic: row.topic };
    if (outcome.status === 'cancelled') {
      await store.markCancelled({ id: row.id, workerId: id, reason: outcome.reason });
      log.info({ ...what, reason: outcome.reason }, `${noun} cancelled`);
      return;
    }
    if (outcome.status === 'sent') {
      await store.markSent({ id: row.id, workerId: id, sentAt: now() });
      log.info({ ...what, attempts: row.attempts + 1 }, `${noun} sent`);
      return;
    }
    if (outcome.status === 'not-configured') return;
    const attempts = row.attempts + 1;
    const next = afterFailure({
      failedAttempts: attempts,
      createdAt: row.createdAt,
      now: now(),
      permanent: outcome.permanent,
      keepTrying: outcome.keepTrying === true,
      retryAfterMs: outcome.retryAfterMs ?? null,
      ...(options.firstRetryMs ? { firstRetryMs: options.firstRetryMs } : {}),
    });
    options.metrics?.count('deliveryFailures', { channel: channel.kind, final: next.kind === 'retry' ? 'false' : 'true' });
    if (next.kind === 'retry') {
      await store.markRetry({ id: row.id, workerId: id, attempts, nextAttemptAt: next.nextAttemptAt, lastError: outcome.error });
      log.warn({ ...what, attempts, nextAttemptAt: next.nextAttemptAt, error: outcome.error }, `${noun} delivery failed, will retry`);
    } else {
      await store.markFailed({ id: row.id, workerId: id, attempts, lastError: outcome.error });
      log.error({ ...what, attempts, reason: next.reason, error: outcome.error }, `${noun} delivery failed for good`);
    }
  }

  async function deliverRecorded(row: ClaimedOutboxRow): Promise<void> {
    try {
      await deliver(row);
    } catch (error) {
      // A database fault while recording: the lease runs out and the row is tried again, never lost.
      options.metrics?.count('databaseErrors', { operation: 'delivery' });
      log.error({ err: error, outboxId: row.id }, 'delivery bookkeeping failed; the row will be retried when its lease ends');
    }
  }

  /** Claims up to one batch of due rows (as far as the pace allows); an empty answer means nothing is due now. */
  async function claimBatch(): Promise<ClaimedOutboxRow[]> {
    const claimedAt = now();
    // An idle paced lane reads, and writes nothing to the shared pace.
    if (options.pace && !(await store.anyDue(channel.kind, { now: claimedAt, lane }))) return [];
    const granted = options.pace ? await options.pace.take(batchSize, claimedAt) : batchSize;
    if (granted <= 0) return [];
    let rows: ClaimedOutboxRow[] = [];
    try {
      rows = await store.claimDue(channel.kind, {
        workerId: id,
        now: claimedAt,
        leaseUntil: new Date(claimedAt.getTime() + leaseMs),
        limit: granted,
        lane,
      });
    } finally {
      // What the pace granted beyond what was due goes back, so an idle lane never wastes the shared allowance.
      if (options.pace && granted > rows.length) await options.pace.giveBack(granted - rows.length, claimedAt);
    }
    return rows;
  }

  /** A channel that takes a whole batch (the CRM's batch endpoints): claim, deliver the batch, record each outcome. */
  async function claimAndSendBatches(deliverMany: NonNullable<typeof channel.deliverMany>): Promise<number> {
    let handled = 0;
    while (running || handled === 0) {
      const rows = await claimBatch();
      if (rows.length === 0) break;
      handled += rows.length;
      const renew = setInterval(() => {
        store
          .extendLease({ ids: rows.map((r) => r.id), workerId: id, leaseUntil: new Date(now().getTime() + leaseMs) })
          .catch((error: unknown) => {
            options.metrics?.count('databaseErrors', { operation: 'delivery' });
            log.warn({ err: error }, `could not renew the lease of the ${noun} rows being sent; another worker may take them over`);
          });
      }, leaseMs / 3);
      let outcomes: DeliveryOutcome[];
      try {
        outcomes = await deliverMany(rows);
      } catch (error) {
        // The batch's own bookkeeping failed (the database): the leases run out and the rows are tried again.
        options.metrics?.count('databaseErrors', { operation: 'delivery' });
        log.error({ err: error, outboxIds: rows.map((r) => r.id) }, `${noun} batch failed; its rows will be retried when their lease ends`);
        break;
      } finally {
        clearInterval(renew);
      }
      for (const [i, row] of rows.entries()) {
        try {
          await recordOutcome(row, outcomes[i] ?? { status: 'failed', error: 'no outcome for this row', permanent: false });
        } catch (error) {
          options.metrics?.count('databaseErrors', { operation: 'delivery' });
          log.error({ err: error, outboxId: row.id }, 'delivery bookkeeping failed; the row will be retried when its lease ends');
        }
      }
      if (!running) break;
    }
    return handled;
  }

  /**
   * Claims and sends until nothing is due: up to `concurrency` rows in flight, and the next batch is claimed while the
   * last rows of the one before are still on the wire, so the relay never waits for a round to end.
   */
  async function claimAndSend(): Promise<number> {
    if (!channel.configured) return 0;
    if (channel.deliverMany) return claimAndSendBatches(channel.deliverMany.bind(channel));
    const waiting: ClaimedOutboxRow[] = [];
    // The rows claimed and not yet done keep their lease while they wait and while they are sent.
    const unfinished = new Set<number>();
    let handled = 0;
    let drained = false;
    let claimFailure: unknown;
    let claiming: Promise<void> | undefined;
    const claimMore = () =>
      (claiming ??= claimBatch()
        .then((rows) => {
          if (rows.length === 0) drained = true;
          for (const row of rows) {
            waiting.push(row);
            unfinished.add(row.id);
          }
          handled += rows.length;
        })
        .catch((error: unknown) => {
          claimFailure = error;
          drained = true;
        })
        .finally(() => {
          claiming = undefined;
        }));
    const renew = setInterval(() => {
      if (unfinished.size === 0) return;
      store.extendLease({ ids: [...unfinished], workerId: id, leaseUntil: new Date(now().getTime() + leaseMs) }).catch((error: unknown) => {
        options.metrics?.count('databaseErrors', { operation: 'delivery' });
        log.warn({ err: error }, 'could not renew the lease of the mail being sent; another worker may take it over');
      });
    }, leaseMs / 3);
    const sender = async () => {
      for (;;) {
        // Fewer waiting than could be in flight: ask for the next batch now (a stopping worker claims nothing new).
        if (!drained && running && waiting.length < concurrency) void claimMore();
        if (waiting.length === 0 && claiming) await claiming;
        const row = waiting.shift();
        if (!row) {
          if (drained || !running) return;
          continue;
        }
        await deliverRecorded(row);
        unfinished.delete(row.id);
      }
    };
    try {
      // The first claim decides how many senders are worth starting.
      await claimMore();
      if (waiting.length > 0) await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(waiting.length, 1)) }, sender));
    } finally {
      clearInterval(renew);
    }
    if (claimFailure !== undefined && handled === 0) throw claimFailure;
    if (claimFailure !== undefined) log.warn({ err: claimFailure }, 'claiming the next outbox rows failed; retrying at the next poll');
    return handled;
  }

  function runOnce(): Promise<number> {
    if (round) {
      again = true;
      return round;
    }
    round = (async () => {
      let handled = 0;
      try {
        do {
          again = false;
          const n = await claimAndSend();
          handled += n;
          // More may be due right now: a full batch, or a sign-up's next webhook event that waited for this one.
          if (n > 0) again = true;
        } while (again && running);
      } catch (error) {
        options.metrics?.count('databaseErrors', { operation: 'delivery' });
        if (Date.now() - lastRoundFailureLoggedAt > 60_000) {
          lastRoundFailureLoggedAt = Date.now();
          log.warn({ err: error }, 'delivery round failed (the database may be unavailable); retrying every poll');
        }
      } finally {
        round = undefined;
      }
      return handled;
    })();
    return round;
  }

  const tick = () => {
    timer = undefined;
    if (!running) return;
    void runOnce().finally(() => {
      if (running && !timer) timer = setTimeout(tick, pollMs);
    });
  };

  return {
    id,
    start() {
      if (running) return;
      running = true;
      timer = setTimeout(tick, 0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      if (round) await round;
    },
    nudge() {
      if (!running) return;
      if (round) {
        again = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = setTimeout(tick, 0);
    },
    runOnce,
  };
}

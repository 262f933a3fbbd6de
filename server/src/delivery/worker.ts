import { randomUUID } from 'node:crypto';
import type { MetricsRecorder } from '../lib/metrics';
import type { ComposedMail } from './mails';
import { afterFailure } from './retry-policy';
import type { MailTransport } from './smtp-transport';

/**
 * The delivery worker: runs inside every server process, claims due outbox rows under a lease, sends them and
 * records the outcome. Several processes on one PostgreSQL each claim different rows (the store uses
 * FOR UPDATE SKIP LOCKED); a process killed mid-send leaves its lease to run out, after which another claims the
 * row again. See docs/decisions/0007-outbox-and-self-service-links.md.
 */

export interface ClaimedOutboxRow {
  id: number;
  kind: string;
  topic: string;
  signupId: number | null;
  payload: Record<string, unknown>;
  /** Failed attempts so far. */
  attempts: number;
  createdAt: Date;
}

/** What the worker needs from the database; implemented by the outbox repository in db/. */
export interface OutboxStore {
  /** Leases up to `limit` mail rows that are due, oldest first, to `workerId` until `leaseUntil`. */
  claimDueMail(input: { workerId: string; now: Date; leaseUntil: Date; limit: number }): Promise<ClaimedOutboxRow[]>;
  markSent(input: { id: number; workerId: string; sentAt: Date }): Promise<void>;
  markRetry(input: { id: number; workerId: string; attempts: number; nextAttemptAt: Date; lastError: string }): Promise<void>;
  markFailed(input: { id: number; workerId: string; attempts: number; lastError: string }): Promise<void>;
  /** The mail is no longer wanted (the person opted out or was erased between queueing and sending). */
  markCancelled(input: { id: number; workerId: string; reason: string }): Promise<void>;
}

/** Turns a claimed row into a mail (making its tokens), or says why it should not be sent. */
export type RenderOutboxMail = (row: ClaimedOutboxRow) => Promise<{ mail: ComposedMail } | { cancel: string }>;

export interface DeliveryWorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DeliveryWorkerOptions {
  store: OutboxStore;
  transport: MailTransport;
  render: RenderOutboxMail;
  log: DeliveryWorkerLog;
  /** Domain for Message-IDs (the sender's domain). */
  messageIdDomain: string;
  /** How often to look for due rows when nothing nudges the worker. */
  pollMs?: number;
  /** Rows claimed per round. */
  batchSize?: number;
  /** How long a claim holds: longer than `batchSize` sends at their worst (timeouts), so a live worker never loses one. */
  leaseMs?: number;
  now?: () => Date;
  /** Failed attempts are counted here (retried or final). */
  metrics?: MetricsRecorder;
}

export interface DeliveryWorker {
  readonly id: string;
  start(): void;
  /** Stops polling and waits for the round in progress, so a shutdown never abandons a send halfway. */
  stop(): Promise<void>;
  /** Something was queued: look now instead of at the next poll. */
  nudge(): void;
  /** One round: claim, send, record. Returns how many rows it handled. */
  runOnce(): Promise<number>;
}

export const DEFAULT_POLL_MS = 1_000;
export const DEFAULT_BATCH_SIZE = 10;
export const DEFAULT_LEASE_MS = 5 * 60 * 1000;

export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const id = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? DEFAULT_LEASE_MS;
  const now = options.now ?? (() => new Date());
  const { store, transport, log } = options;

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  /** While the database is unreachable every poll fails: say so once a minute, not once a second. */
  let lastRoundFailureLoggedAt = 0;
  let round: Promise<number> | undefined;
  let again = false;

  async function deliver(row: ClaimedOutboxRow): Promise<void> {
    const rendered = await options.render(row);
    if ('cancel' in rendered) {
      await store.markCancelled({ id: row.id, workerId: id, reason: rendered.cancel });
      log.info({ outboxId: row.id, topic: row.topic, reason: rendered.cancel }, 'mail cancelled');
      return;
    }
    const outcome = await transport.send(rendered.mail, { messageId: `<outbox-${row.id}@${options.messageIdDomain}>` });
    if (outcome.status === 'sent') {
      await store.markSent({ id: row.id, workerId: id, sentAt: now() });
      log.info({ outboxId: row.id, topic: row.topic, attempts: row.attempts + 1 }, 'mail sent');
      return;
    }
    if (outcome.status === 'not-configured') return; // claimed only when configured; the lease runs out harmlessly
    const attempts = row.attempts + 1;
    const next = afterFailure({ failedAttempts: attempts, createdAt: row.createdAt, now: now(), permanent: outcome.permanent });
    options.metrics?.count('deliveryFailures', { channel: 'mail', final: next.kind === 'retry' ? 'false' : 'true' });
    if (next.kind === 'retry') {
      await store.markRetry({ id: row.id, workerId: id, attempts, nextAttemptAt: next.nextAttemptAt, lastError: outcome.error });
      log.warn({ outboxId: row.id, topic: row.topic, attempts, nextAttemptAt: next.nextAttemptAt, error: outcome.error }, 'mail delivery failed, will retry');
    } else {
      await store.markFailed({ id: row.id, workerId: id, attempts, lastError: outcome.error });
      log.error({ outboxId: row.id, topic: row.topic, attempts, reason: next.reason, error: outcome.error }, 'mail delivery failed for good');
    }
  }

  async function claimAndSend(): Promise<number> {
    if (!transport.configured) return 0;
    const claimedAt = now();
    const rows = await store.claimDueMail({
      workerId: id,
      now: claimedAt,
      leaseUntil: new Date(claimedAt.getTime() + leaseMs),
      limit: batchSize,
    });
    for (const row of rows) {
      try {
        await deliver(row);
      } catch (error) {
        // A database fault while recording: the lease runs out and the row is tried again, never lost.
        options.metrics?.count('databaseErrors', { operation: 'delivery' });
        log.error({ err: error, outboxId: row.id }, 'delivery bookkeeping failed; the row will be retried when its lease ends');
      }
    }
    return rows.length;
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
          // A full batch means more may be due right now.
          if (n === batchSize) again = true;
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

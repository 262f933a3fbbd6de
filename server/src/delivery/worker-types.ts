import type { MetricsRecorder } from '../lib/metrics-recorder';

/** What the delivery worker (worker.ts) works with: the rows it claims, the queue and channels it uses, its options. */

export interface ClaimedOutboxRow {
  id: number;
  kind: string;
  topic: string;
  signupId: number | null;
  /** Webhook rows: the endpoint. */
  target?: string | null;
  payload: Record<string, unknown>;
  /** Failed attempts so far. */
  attempts: number;
  createdAt: Date;
}

/** What the worker needs from the database; implemented by the outbox repository in db/. */
export interface DeliveryQueue {
  /** Leases up to `limit` rows of `kind` in `lane` that are due, oldest first, to `workerId` until `leaseUntil`. */
  claimDue(
    kind: DeliveryChannel['kind'],
    input: { workerId: string; now: Date; leaseUntil: Date; limit: number; lane: OutboxLane },
  ): Promise<ClaimedOutboxRow[]>;
  /** Whether anything of `kind` in `lane` is due now (a read; the paced lane asks before it takes from its pace). */
  anyDue(kind: DeliveryChannel['kind'], input: { now: Date; lane: OutboxLane }): Promise<boolean>;
  markSent(input: { id: number; workerId: string; sentAt: Date }): Promise<void>;
  /** The worker still holds these rows (a round is still sending them): their lease runs until `leaseUntil`. */
  extendLease(input: { ids: readonly number[]; workerId: string; leaseUntil: Date }): Promise<void>;
  markRetry(input: { id: number; workerId: string; attempts: number; nextAttemptAt: Date; lastError: string }): Promise<void>;
  markFailed(input: { id: number; workerId: string; attempts: number; lastError: string }): Promise<void>;
  /** The mail is no longer wanted (the person opted out or was erased between queueing and sending). */
  markCancelled(input: { id: number; workerId: string; reason: string }): Promise<void>;
}

export type DeliveryOutcome =
  | { status: 'sent' }
  | { status: 'cancelled'; reason: string }
  | {
      status: 'failed';
      error: string;
      permanent: boolean;
      /** Never give it up (an erasure in the CRM). */
      keepTrying?: boolean;
      /** The receiver asked us to wait this long before the next attempt. */
      retryAfterMs?: number | null;
    }
  /** The channel is not configured after all: the row is left alone (its lease runs out). */
  | { status: 'not-configured' };

/**
 * One way out of the process: SMTP for mail (mail-channel.ts), signed HTTP POSTs for webhooks (webhook-channel.ts),
 * the CRM's API (crm-channel.ts).
 */
export interface DeliveryChannel {
  kind: 'mail' | 'webhook' | 'crm';
  /** Unconfigured: the worker claims nothing and rows wait in the outbox. */
  configured: boolean;
  deliver(row: ClaimedOutboxRow): Promise<DeliveryOutcome>;
  /**
   * A whole claimed batch at once, the outcomes in the rows' order (an API with batch endpoints: one request for many
   * rows). When present, the worker uses it instead of `deliver`.
   */
  deliverMany?(rows: readonly ClaimedOutboxRow[]): Promise<DeliveryOutcome[]>;
}

export interface DeliveryWorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Mail travels in two lanes, each with its own worker: `urgent` (what a person waits for: confirmations, data links,
 * the founders' notices) and `bulk` (invitation waves, updates to the list), so a campaign of thousands never
 * stands in front of a sign-up's mail.
 */
export type OutboxLane = 'urgent' | 'bulk';

export interface DeliveryWorkerOptions {
  store: DeliveryQueue;
  channel: DeliveryChannel;
  /** Default `urgent`. */
  lane?: OutboxLane;
  log: DeliveryWorkerLog;
  /** How often to look for due rows when nothing nudges the worker. */
  pollMs?: number;
  /** Rows claimed per round. */
  batchSize?: number;
  /**
   * Rows of one round in flight at once. The SMTP transport pools its connections, so several mails travel side by
   * side instead of one after another over a fresh connection each (docs/performance.md, `npm run bench:mail`).
   */
  concurrency?: number;
  /**
   * How many rows this round may claim at most, asked before each claim (the bulk lane's pace, shared by every
   * copy); `give back` returns what was granted but not claimed. Absent: no pace, `batchSize` a round.
   */
  pace?: DeliveryPace;
  /**
   * How long a claim holds before another worker may take the row over. A live worker renews the lease of the rows
   * it is still sending every third of it, so a round of slow sends never loses one, and a killed process's rows wait
   * no longer than this.
   */
  leaseMs?: number;
  now?: () => Date;
  /** The wait after a first failure (then doubling); default 30 s. */
  firstRetryMs?: number;
  /** Failed attempts are counted here (retried or final). */
  metrics?: MetricsRecorder;
}

export interface DeliveryPace {
  take(want: number, now: Date): Promise<number>;
  giveBack(unused: number, now: Date): Promise<void>;
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

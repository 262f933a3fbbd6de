/**
 * What the rest of the server may tell the metrics (docs/deployment.md lists what to alert on). Features, db/ and
 * http/ record through this interface only; the Prometheus implementation lives in http/prometheus.ts, so nothing
 * else imports prom-client and a unit test can pass `noMetrics`.
 */

/** How a sign-up request ended, whichever route (JSON API or plain HTML form) it came through. */
export const SIGNUP_OUTCOMES = [
  'created',
  'replayed',
  'duplicate',
  'invalid',
  'refused-domain',
  'honeypot',
  'unavailable',
  'error',
] as const;
export type SignupOutcome = (typeof SIGNUP_OUTCOMES)[number];

/** How a post of the trust page's "request our security documents" ended (routes/trust/routes.ts). */
export const DOCUMENT_REQUEST_OUTCOMES = ['stored', 'repeated', 'invalid', 'honeypot', 'failed'] as const;
export type DocumentRequestOutcome = (typeof DOCUMENT_REQUEST_OUTCOMES)[number];

/** Every counter, by name, with the labels it takes. Label values are fixed words, never request data. */
export interface CounterLabels {
  /** Sign-up requests that reached the handler, by outcome (rate-limited ones are counted in rateLimitRefusals). */
  signups: { outcome: SignupOutcome };
  /** Posts of the trust page's request for our security documents, by outcome (rate-limited ones: rateLimitRefusals). */
  documentRequests: { outcome: DocumentRequestOutcome };
  /** A delivery attempt that failed and will be retried (or was given up: `final`). */
  deliveryFailures: { channel: 'mail' | 'webhook' | 'crm'; final: 'true' | 'false' };
  /** Requests refused with 429 by a rate limit; `limit` is the pattern of the limited route. */
  rateLimitRefusals: { limit: string };
  /** A database operation failed for a reason other than the request's own data (outage, timeout, lost connection). */
  databaseErrors: { operation: string };
  /** A Redis command or connection failed; rate limits then fail open. */
  redisErrors: { operation: string };
  /** A scheduled or command-line backup of the database, by outcome (alert on `failed`). */
  backups: { outcome: 'ok' | 'failed' };
  /** A bounce received (a relay's 5xx at RCPT, a delivery status notification, a relay's webhook), by kind. */
  bounces: { kind: 'hard' | 'soft' };
  /** A receiver refused our mail or our server (DMARC, a blocklist, policy): never the person's fault, by reason. */
  refusals: { reason: string };
  /** A complaint received (an ARF report, a relay's webhook): the person called our mail spam. */
  complaints: { source: 'arf' | 'relay' };
  /** A campaign or wave that paused itself for its bounces or complaints. */
  sendsPaused: { send: 'campaign' | 'wave' };
  /** The CRM (services/crm.ts): a person pushed there, a push it refused for good, a record erased there. */
  crm: { event: 'pushed' | 'failed' | 'deleted' };
  /** A mail not sent because its address is suppressed, by the suppression's reason. */
  suppressedSends: { reason: 'hard-bounce' | 'soft-bounce' | 'complaint' | 'manual' };
}

export type CounterName = keyof CounterLabels;

/** Read on every scrape of /metrics, so the figures are current without a timer. */
export interface OutboxStats {
  /** Items waiting to be delivered (including those waiting for a retry). */
  pending: number;
  /** Seconds since the oldest pending item was created; 0 when nothing is pending. */
  oldestPendingAgeSeconds: number;
}

export interface MetricsRecorder {
  count<N extends CounterName>(name: N, labels: CounterLabels[N], by?: number): void;
  /** Rows written by one group-commit transaction (docs/performance.md). */
  observeSignupBatch(rows: number): void;
  /** Registers where outbox depth and age are read from; the last registration wins. */
  readOutboxOnScrape(read: () => Promise<OutboxStats>): void;
}

/** For code paths and tests that run without metrics. */
export const noMetrics: MetricsRecorder = {
  count: () => undefined,
  observeSignupBatch: () => undefined,
  readOutboxOnScrape: () => undefined,
};

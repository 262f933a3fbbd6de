import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { KeyCheck } from '../lib/api-key-check';
import { REFUSAL_REASONS } from '../lib/bounces/reasons';
import { bearerToken, insufficientScope } from './api-key-auth';
import {
  DOCUMENT_REQUEST_OUTCOMES,
  SIGNUP_OUTCOMES,
  type CounterLabels,
  type CounterName,
  type MetricsRecorder,
  type OutboxStats,
} from '../lib/metrics-recorder';

/**
 * Prometheus metrics (prom-client). Each app gets its own registry, not prom-client's global one, so a test can
 * build several apps in one process. What to alert on: docs/deployment.md.
 */
export interface Metrics extends MetricsRecorder {
  readonly registry: Registry;
  /** The Prometheus text exposition of every metric, outbox figures read now. */
  render(): Promise<string>;
  readonly contentType: string;
}

const PREFIX = 'waitlist_';

/** Latency buckets in seconds: a sign-up answers in milliseconds; anything past a few seconds is an incident. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Rows per group commit, up to the batcher's cap of 500. */
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

const COUNTER_HELP: { [N in CounterName]: { name: string; help: string; labels: (keyof CounterLabels[N])[] } } = {
  signups: { name: 'signups_total', help: 'Sign-up requests by outcome', labels: ['outcome'] },
  documentRequests: {
    name: 'document_requests_total',
    help: "Posts of the trust page's request for our security documents, by outcome",
    labels: ['outcome'],
  },
  deliveryFailures: {
    name: 'delivery_failures_total',
    help: 'Failed delivery attempts from the outbox, by channel; final="true" when the item was given up',
    labels: ['channel', 'final'],
  },
  rateLimitRefusals: { name: 'rate_limit_refusals_total', help: 'Requests refused with 429 by a rate limit', labels: ['limit'] },
  databaseErrors: {
    name: 'database_errors_total',
    help: 'Database operations that failed (outage, timeout, lost connection)',
    labels: ['operation'],
  },
  backups: { name: 'backups_total', help: 'Backups of the database by outcome (alert on failed)', labels: ['outcome'] },
  bounces: { name: 'mail_bounces_total', help: 'Bounces received (at RCPT, by report or webhook), by kind', labels: ['kind'] },
  complaints: { name: 'mail_complaints_total', help: 'Spam complaints received, by how they came', labels: ['source'] },
  refusals: {
    name: 'mail_refusals_total',
    help: 'Refusals of our mail or our server by receivers (never a suppression), by reason: alert on any auth-failure',
    labels: ['reason'],
  },
  sendsPaused: {
    name: 'mail_sends_paused_total',
    help: 'Campaigns and waves that paused themselves for their bounces or complaints',
    labels: ['send'],
  },
  crm: {
    name: 'crm_people_total',
    help: 'People pushed to the CRM, pushes it refused for good, and records erased there',
    labels: ['event'],
  },
  suppressedSends: {
    name: 'mail_suppressed_sends_total',
    help: 'Mails not sent because their address is on the suppression list, by its reason',
    labels: ['reason'],
  },
  redisErrors: {
    name: 'redis_errors_total',
    help: 'Redis commands or connections that failed (rate limits then fail open)',
    labels: ['operation'],
  },
};

/**
 * Label sets that exist from the start at 0. A counter first seen at 1 has no earlier sample, so `increase()` in an
 * alert would miss the first failure after every restart.
 */
const INITIAL_LABELS: { [N in CounterName]: CounterLabels[N][] } = {
  signups: SIGNUP_OUTCOMES.map((outcome) => ({ outcome })),
  documentRequests: DOCUMENT_REQUEST_OUTCOMES.map((outcome) => ({ outcome })),
  deliveryFailures: (['mail', 'webhook', 'crm'] as const).flatMap((channel) =>
    (['false', 'true'] as const).map((final) => ({ channel, final })),
  ),
  rateLimitRefusals: [],
  databaseErrors: ['request', 'readiness', 'outbox_stats', 'delivery'].map((operation) => ({ operation })),
  redisErrors: ['connection', 'rate_limit', 'ping'].map((operation) => ({ operation })),
  backups: [{ outcome: 'ok' }, { outcome: 'failed' }],
  bounces: (['hard', 'soft'] as const).map((kind) => ({ kind })),
  complaints: (['arf', 'relay'] as const).map((source) => ({ source })),
  refusals: REFUSAL_REASONS.map((reason) => ({ reason })),
  sendsPaused: (['campaign', 'wave'] as const).map((send) => ({ send })),
  suppressedSends: (['hard-bounce', 'soft-bounce', 'complaint', 'manual'] as const).map((reason) => ({ reason })),
  crm: (['pushed', 'failed', 'deleted'] as const).map((event) => ({ event })),
};

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const counters = Object.fromEntries(
    Object.entries(COUNTER_HELP).map(([key, spec]) => [
      key,
      new Counter({ name: PREFIX + spec.name, help: spec.help, labelNames: spec.labels as string[], registers: [registry] }),
    ]),
  ) as Record<CounterName, Counter<string>>;
  for (const [name, labelSets] of Object.entries(INITIAL_LABELS)) {
    for (const labels of labelSets) counters[name as CounterName].inc(labels as Record<string, string>, 0);
  }

  const batchRows = new Histogram({
    name: `${PREFIX}signup_batch_rows`,
    help: 'Sign-up rows written per group-commit transaction',
    buckets: BATCH_BUCKETS,
    registers: [registry],
  });

  let readOutbox: (() => Promise<OutboxStats>) | undefined;
  let outboxRead: Promise<OutboxStats | undefined> | undefined;
  /** A scrape collects both outbox gauges in the same tick: they share one read of the table. */
  const outboxStats = () => {
    outboxRead ??= (readOutbox ? readOutbox() : Promise.resolve(undefined))
      .catch(() => {
        // A scrape during a database outage still answers; the error shows in this counter.
        counters.databaseErrors.inc({ operation: 'outbox_stats' });
        return undefined;
      })
      .finally(() => (outboxRead = undefined));
    return outboxRead;
  };
  new Gauge({
    name: `${PREFIX}outbox_pending`,
    help: 'Outbox items (mail, webhooks) waiting to be delivered, retries included',
    registers: [registry],
    async collect() {
      const stats = await outboxStats();
      if (stats) this.set(stats.pending);
    },
  });
  new Gauge({
    name: `${PREFIX}outbox_oldest_pending_age_seconds`,
    help: 'Age of the oldest outbox item not yet delivered (0 when none)',
    registers: [registry],
    async collect() {
      const stats = await outboxStats();
      if (stats) this.set(stats.oldestPendingAgeSeconds);
    },
  });

  return {
    registry,
    contentType: registry.contentType,
    render: () => registry.metrics(),
    count(name, labels, by = 1) {
      counters[name].inc(labels as Record<string, string>, by);
    },
    observeSignupBatch(rows) {
      batchRows.observe(rows);
    },
    readOutboxOnScrape(read) {
      readOutbox = read;
    },
  };
}

export interface RegisterMetricsOptions {
  metrics: Metrics;
  /**
   * What a bearer token may do for `metrics:read` (services/api-keys.ts: METRICS_TOKEN from the environment, or a key
   * made in the console). Absent: no GET /metrics (a bare app in a test).
   */
  check?: (token: string) => Promise<KeyCheck>;
}

/**
 * Counts every request by route pattern and status, and serves GET /metrics. Register it before the features, so
 * its hook sees their routes. The route label is the pattern (`/api/admin/signups/:id`), never the URL, so no
 * e-mail address or token can reach a label; requests that match no route share the label "unmatched".
 */
export function registerMetrics(app: FastifyInstance, options: RegisterMetricsOptions): void {
  const { metrics } = options;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [metrics.registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });

  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const check = options.check;
  if (!check) return;
  app.get('/metrics', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request);
    const verdict = token === undefined ? undefined : await check(token);
    if (verdict?.ok === false && verdict.problem === 'scope') throw insufficientScope(verdict.scope);
    if (!verdict?.ok) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .type('text/plain; charset=utf-8')
        .send('A valid bearer token is required.\n');
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });
}

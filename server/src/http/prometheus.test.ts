import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { KeyCheck } from '../lib/api-key-check';
import { registerErrorHandler } from './error-handler';
import { createMetrics, registerMetrics, type Metrics } from './prometheus';

const TOKEN = 'metrics-token-for-tests-0123456789';
/** A key that is valid but lacks metrics:read. */
const OTHER_SCOPE = 'a-key-for-access-redeem-only-0123456789';

/** A bare Fastify app with the metrics plugin and two routes; the app wiring is tested in app-level suites. */
async function appWith(token: string | undefined, metrics: Metrics = createMetrics()): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  // services/api-keys.ts answers for real keys (routes/admin/api-keys.test.ts); here one token, with the scope or not.
  const check = async (presented: string): Promise<KeyCheck> =>
    presented === token
      ? { ok: true, holder: { kind: 'environment', setting: 'METRICS_TOKEN' } }
      : presented === OTHER_SCOPE
        ? { ok: false, problem: 'scope', scope: 'metrics:read' }
        : { ok: false, problem: 'unknown' };
  registerErrorHandler(app, { metrics });
  registerMetrics(app, { metrics, ...(token ? { check } : {}) });
  app.get('/api/people/:email', async () => ({ ok: true }));
  app.post('/things', async (_request, reply) => reply.code(201).send());
  await app.ready();
  return app;
}

const scrape = async (app: FastifyInstance) => {
  const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

describe('metrics', () => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });

  it('has no /metrics route unless a token is configured', async () => {
    const app = await appWith(undefined);
    apps.push(app);
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(404);
  });

  it('answers only the configured bearer token, and is never cached', async () => {
    const app = await appWith(TOKEN);
    apps.push(app);
    for (const authorization of [
      undefined,
      '',
      `Bearer ${TOKEN}x`,
      `Bearer ${TOKEN.slice(0, -1)}`,
      TOKEN,
      `Basic ${TOKEN}`,
      `bearer  ${TOKEN}`,
    ]) {
      const res = await app.inject({ method: 'GET', url: '/metrics', headers: authorization === undefined ? {} : { authorization } });
      expect(res.statusCode, `authorization ${JSON.stringify(authorization)}`).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('http_requests_total');
    }
    const refused = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${OTHER_SCOPE}` } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'insufficient_scope', details: 'metrics:read' });
    expect(refused.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="metrics:read"');
    const res = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('# TYPE http_requests_total counter');
  });

  it('labels requests by route pattern and status, never by the URL that was sent', async () => {
    const app = await appWith(TOKEN);
    apps.push(app);
    const email = 'ada.lovelace@example.com';
    await app.inject({ method: 'GET', url: `/api/people/${encodeURIComponent(email)}?token=secret-token-value` });
    await app.inject({ method: 'GET', url: `/api/people/${email}` });
    await app.inject({ method: 'POST', url: '/things' });
    await app.inject({ method: 'GET', url: `/no-such-page/${email}` });

    const body = await scrape(app);
    expect(body).toContain('http_requests_total{method="GET",route="/api/people/:email",status="200"} 2');
    expect(body).toContain('http_requests_total{method="POST",route="/things",status="201"} 1');
    expect(body).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(body).toMatch(/http_request_duration_seconds_count\{method="POST",route="\/things",status="201"\} 1/);
    expect(body).not.toContain('ada.lovelace');
    expect(body).not.toContain('example.com');
    expect(body).not.toContain('secret-token-value');
  });

  it('counts by name what the rest of the server reports, and reads the outbox on each scrape', async () => {
    const metrics = createMetrics();
    const app = await appWith(TOKEN, metrics);
    apps.push(app);
    metrics.count('signups', { outcome: 'created' }, 3);
    metrics.count('signups', { outcome: 'duplicate' });
    metrics.count('rateLimitRefusals', { limit: 'signup_api' });
    metrics.count('redisErrors', { operation: 'rate_limit' }, 2);
    metrics.count('databaseErrors', { operation: 'signup_insert' });
    metrics.count('deliveryFailures', { channel: 'mail', final: 'false' });
    metrics.observeSignupBatch(1);
    metrics.observeSignupBatch(37);

    let reads = 0;
    let pending = 4;
    metrics.readOutboxOnScrape(async () => {
      reads++;
      return { pending, oldestPendingAgeSeconds: 12.5 };
    });

    let body = await scrape(app);
    expect(body).toContain('waitlist_signups_total{outcome="created"} 3');
    expect(body).toContain('waitlist_signups_total{outcome="duplicate"} 1');
    expect(body).toContain('waitlist_rate_limit_refusals_total{limit="signup_api"} 1');
    expect(body).toContain('waitlist_redis_errors_total{operation="rate_limit"} 2');
    expect(body).toContain('waitlist_database_errors_total{operation="signup_insert"} 1');
    expect(body).toContain('waitlist_delivery_failures_total{channel="mail",final="false"} 1');
    expect(body).toContain('waitlist_signup_batch_rows_count 2');
    expect(body).toContain('waitlist_signup_batch_rows_sum 38');
    expect(body).toContain('waitlist_signup_batch_rows_bucket{le="1"} 1');
    expect(body).toContain('waitlist_outbox_pending 4');
    expect(body).toContain('waitlist_outbox_oldest_pending_age_seconds 12.5');
    expect(reads).toBe(1); // both gauges from one read

    pending = 0;
    body = await scrape(app);
    expect(body).toContain('waitlist_outbox_pending 0');
    expect(reads).toBe(2);

    // Process figures come along for free (memory, CPU, event-loop lag).
    expect(body).toContain('process_resident_memory_bytes');
    expect(body).toContain('nodejs_eventloop_lag_seconds');
  });

  it('still answers a scrape when the outbox cannot be read, and counts a database error', async () => {
    const metrics = createMetrics();
    const app = await appWith(TOKEN, metrics);
    apps.push(app);
    metrics.readOutboxOnScrape(async () => {
      throw new Error('connection refused');
    });
    await scrape(app);
    // Metrics are serialised side by side: the failed read of a scrape (one for both gauges) shows from the next one on.
    const body = await scrape(app);
    expect(body).toContain('waitlist_database_errors_total{operation="outbox_stats"} 1');
  });

  it('starts the failure counters at 0, so an alert on increase() sees the first failure after a restart', async () => {
    const body = await createMetrics().render();
    for (const line of [
      'waitlist_signups_total{outcome="unavailable"} 0',
      'waitlist_delivery_failures_total{channel="mail",final="true"} 0',
      'waitlist_delivery_failures_total{channel="webhook",final="false"} 0',
      'waitlist_database_errors_total{operation="request"} 0',
      'waitlist_redis_errors_total{operation="rate_limit"} 0',
    ]) {
      expect(body).toContain(line);
    }
  });

  it('keeps each app its own registry, so two apps in one process do not share figures', async () => {
    const one = createMetrics();
    const two = createMetrics();
    const a = await appWith(TOKEN, one);
    const b = await appWith(TOKEN, two);
    apps.push(a, b);
    one.count('signups', { outcome: 'created' }, 5);
    await a.inject({ method: 'POST', url: '/things' });

    const bodyA = await scrape(a);
    const bodyB = await scrape(b);
    expect(bodyA).toContain('waitlist_signups_total{outcome="created"} 5');
    expect(bodyB).toContain('waitlist_signups_total{outcome="created"} 0');
    expect(bodyA).toContain('http_requests_total{method="POST",route="/things",status="201"} 1');
    expect(bodyB).not.toContain('route="/things"');
  });
});

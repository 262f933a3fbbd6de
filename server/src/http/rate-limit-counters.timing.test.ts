import { Writable } from 'node:stream';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRedis, type TestRedis } from '../test/redis';
import { createMetrics, type Metrics } from './prometheus';
import { failOpenRedisStore } from './rate-limit-counters';
import { connectRedis, type SharedRedis } from './redis';

const LIMIT = 3;

interface Copy {
  app: FastifyInstance;
  redis: SharedRedis;
  metrics: Metrics;
  logs: string[];
}

/** One "copy": a Fastify app whose only route is limited through the shared Redis. */
async function startCopy(url: string): Promise<Copy> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } });
  const metrics = createMetrics();
  const redis = await connectRedis({ url, log: app.log, metrics, commandTimeoutMs: 200, tripMs: 1_000 });
  await app.register(fastifyRateLimit, { global: false, store: failOpenRedisStore(redis), skipOnError: true });
  app.post('/limited', { config: { rateLimit: { max: LIMIT, timeWindow: 60_000 } } }, async (_request, reply) => reply.code(201).send());
  app.addHook('onClose', async () => redis.close());
  await app.ready();
  return { app, redis, metrics, logs };
}

const post = (copy: Copy, ip: string) => copy.app.inject({ method: 'POST', url: '/limited', remoteAddress: ip });

describe('rate limits counted in Redis, failing open', () => {
  let redis: TestRedis;
  let one: Copy;
  let two: Copy;
  beforeAll(async () => {
    redis = await startTestRedis();
    one = await startCopy(redis.url);
    two = await startCopy(redis.url);
  });
  afterAll(async () => {
    await one?.app.close();
    await two?.app.close();
    await redis?.close();
  });

  it('counts one limit across two app instances, whichever instance a request reaches', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await post(i % 2 === 0 ? one : two, '10.0.0.1')).statusCode);
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
    // Another client has its own count.
    expect((await post(two, '10.0.0.2')).statusCode).toBe(201);
    const refused = await post(one, '10.0.0.1');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('lets requests through when Redis is killed, with a warning and a metric, and shares the limit again once it is back', async () => {
    await redis.kill();
    const started = Date.now();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) statuses.push((await post(i % 2 === 0 ? one : two, '10.0.0.3')).statusCode);
    expect(
      statuses.every((s) => s === 201),
      `statuses ${statuses.join(',')}`,
    ).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(await one.redis.check()).toBe('degraded');

    const body = await one.metrics.render();
    // One count per request let through (on whichever copy took it), whether Redis failed or was skipped.
    const letThrough = (text: string) => Number(/waitlist_redis_errors_total\{operation="rate_limit"\} (\d+)/.exec(text)?.[1] ?? 0);
    expect(letThrough(body) + letThrough(await two.metrics.render())).toBe(LIMIT + 3);
    const warnings = one.logs.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
    expect(warnings.some((l) => /rate limits fail open/.test(l.msg))).toBe(true);
    expect(one.logs.join('')).not.toContain(redis.url);

    await redis.restart();
    const deadline = Date.now() + 10_000;
    while ((await one.redis.check()) !== 'ok' || (await two.redis.check()) !== 'ok') {
      if (Date.now() > deadline) throw new Error('clients did not reconnect within 10 s');
      await new Promise((r) => setTimeout(r, 100));
    }
    await new Promise((r) => setTimeout(r, 1_100)); // past the breaker's pause
    const after: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) after.push((await post(i % 2 === 0 ? two : one, '10.0.0.4')).statusCode);
    expect(after).toEqual([201, 201, 201, 429]);
    expect(one.logs.some((l) => /redis is back/.test(l))).toBe(true);
  });

  it('does not make requests wait on a Redis that hangs: one short timeout, then straight through', async () => {
    redis.freeze();
    try {
      const timings: number[] = [];
      for (let i = 0; i < 5; i++) {
        const started = Date.now();
        expect((await post(one, '10.0.0.5')).statusCode).toBe(201);
        timings.push(Date.now() - started);
      }
      expect(timings[0]).toBeLessThan(800);
      // After the first timeout the breaker skips Redis: no request waits for it.
      expect(Math.max(...timings.slice(1))).toBeLessThan(100);
      expect(await one.metrics.render()).toMatch(/waitlist_redis_errors_total\{operation="rate_limit"\} [1-9]/);
    } finally {
      redis.thaw();
    }
  });

  it('starts at once when Redis is down at start-up, and fails open until it appears', async () => {
    const dead = await startTestRedis();
    await dead.kill();
    const started = Date.now();
    const copy = await startCopy(dead.url);
    try {
      expect(Date.now() - started).toBeLessThan(1_500);
      expect((await post(copy, '10.0.0.6')).statusCode).toBe(201);
      expect(await copy.redis.check()).toBe('degraded');
    } finally {
      await copy.app.close();
      await dead.close();
    }
  });
});

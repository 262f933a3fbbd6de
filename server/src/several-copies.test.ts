import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODES, ERROR_CODES, SIGNUPS_PATH } from '@waitlist/contract';
import { addOperator } from './test/console';
import { buildApp, type App } from './app';
import { FREE_ATTEMPTS } from './db/stores/sign-in-throttle';
import { loggerOptions } from './http/logging';
import { DIALECTS } from './test/databases';
import { useTestDatabase } from './test/app';
import { apiHeaders, testEnv, validSignup } from './test/fixtures';
import { startTestRedis, type TestRedis } from './test/redis';

const SIGNUP_LIMIT = 4;
const SIGNIN_LIMIT = 3;
const METRICS_TOKEN = 'metrics-token-several-copies-0123';
const OPERATOR = 'operator@example.com';

interface Copy {
  app: App;
  logs: string[];
}

/** A copy of the server as production builds it (its own connection, logger at info), on the shared database. */
async function startCopy(settings: Record<string, string | undefined>, testDb: Parameters<typeof testEnv>[0]): Promise<Copy> {
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const logger = { ...(loggerOptions('info') as object), stream };
  const app = await buildApp({ env: testEnv(testDb, settings), logger });
  return { app, logs };
}

const signUp = (copy: Copy, ip: string, body = validSignup()) =>
  copy.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: JSON.stringify(body), remoteAddress: ip });

const signIn = (copy: Copy, ip: string, password: string, email = OPERATOR) =>
  copy.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password }, remoteAddress: ip });

const scrape = async (copy: Copy) => {
  const res = await copy.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
};

/** The sum of a metric over all its label sets. */
const metricTotal = (body: string, name: string) =>
  body
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .reduce((sum, l) => sum + Number(l.slice(l.lastIndexOf(' ') + 1)), 0);

const metricValue = (body: string, line: string) => {
  const found = body.split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.slice(line.length + 1));
};

describe.each(DIALECTS)('two copies of the server on one %s database and one Redis', (dialect) => {
  const handle = useTestDatabase(dialect);
  let redis: TestRedis;
  let one: Copy;
  let two: Copy;

  beforeAll(async () => {
    redis = await startTestRedis();
    const settings = {
      REDIS_URL: redis.url,
      SIGNUP_RATE_LIMIT: String(SIGNUP_LIMIT),
      ADMIN_SIGNIN_RATE_LIMIT: String(SIGNIN_LIMIT),
      METRICS_TOKEN,
    };
    one = await startCopy(settings, handle.testDb);
    two = await startCopy(settings, handle.testDb);
    await addOperator(one.app, OPERATOR);
  });
  afterAll(async () => {
    await one?.app.close();
    await two?.app.close();
    await redis?.close();
  });

  it('counts the sign-up limit once across both copies: the request after the limit is refused on either', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGNUP_LIMIT + 2; i++) statuses.push((await signUp(i % 2 === 0 ? one : two, '10.1.0.1')).statusCode);
    expect(statuses).toEqual([...Array(SIGNUP_LIMIT).fill(201), 429, 429]);
    const refused = await signUp(one, '10.1.0.1');
    expect(refused.json()).toMatchObject({ code: ERROR_CODES.rateLimited });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    const [a, b] = [await scrape(one), await scrape(two)];
    const refusals = `waitlist_rate_limit_refusals_total{limit="${SIGNUPS_PATH}"}`;
    expect(metricValue(a, refusals) + metricValue(b, refusals)).toBe(3);
    const created = 'waitlist_signups_total{outcome="created"}';
    expect(metricValue(a, created) + metricValue(b, created)).toBe(SIGNUP_LIMIT);
  });

  it('counts the admin sign-in limit per IP once across both copies', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SIGNIN_LIMIT + 1; i++)
      statuses.push((await signIn(i % 2 === 0 ? two : one, '10.1.0.2', 'wrong password')).statusCode);
    expect(statuses).toEqual([...Array(SIGNIN_LIMIT).fill(401), 429]);
  });

  it('reports Redis in /readyz, and answers /metrics with request, sign-up and batch figures and no personal data', async () => {
    const ready = await one.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: dialect, redis: 'ok' });

    const email = `Visible.Person-${Date.now()}@example.com`;
    expect((await signUp(two, '10.1.0.3', validSignup({ email }))).statusCode).toBe(201);
    expect((await signUp(two, '10.1.0.3', validSignup({ email }))).statusCode).toBe(409);
    const body = await scrape(two);
    expect(body).toMatch(new RegExp(`http_requests_total\\{method="POST",route="${SIGNUPS_PATH}",status="201"\\} [1-9]`));
    expect(body).toMatch(
      /http_request_duration_seconds_bucket\{le="0.1",method="POST",route="\/rest\/v1\/waitlist_signups",status="201"\} [1-9]/,
    );
    expect(metricValue(body, 'waitlist_signups_total{outcome="duplicate"}')).toBeGreaterThanOrEqual(1);
    expect(metricValue(body, 'waitlist_signup_batch_rows_count')).toBeGreaterThanOrEqual(1);
    expect(body.toLowerCase()).not.toContain('visible.person');
    expect(body).not.toContain('@');

    expect(
      (await two.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer not-the-token-at-all' } })).statusCode,
    ).toBe(401);
  });

  it('keeps taking sign-ups when Redis dies: limits fail open with a warning and a metric, /readyz says degraded; admin sign-in limits fall back to the database', async () => {
    await redis.kill();
    const statuses: number[] = [];
    for (let i = 0; i < SIGNUP_LIMIT * 2; i++) statuses.push((await signUp(i % 2 === 0 ? one : two, '10.1.0.4')).statusCode);
    // How soon a request passes a dead or hanging Redis is measured alone: http/rate-limit-counters.timing.test.ts.
    expect(statuses).toEqual(Array(SIGNUP_LIMIT * 2).fill(201));
    // Every request let through without Redis is counted, on whichever copy took it.
    const failedOpen = 'waitlist_redis_errors_total{operation="rate_limit"}';
    expect(metricValue(await scrape(one), failedOpen) + metricValue(await scrape(two), failedOpen)).toBe(SIGNUP_LIMIT * 2);

    for (const copy of [one, two]) {
      const ready = await copy.app.inject('/readyz');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: dialect, redis: 'degraded' });
      expect(metricTotal(await scrape(copy), 'waitlist_redis_errors_total')).toBeGreaterThanOrEqual(1);
      const warnings = copy.logs.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
      expect(warnings.some((l) => /rate limits fail open/.test(l.msg))).toBe(true);
      expect(copy.logs.join('')).not.toContain(redis.url);
    }

    // Without Redis the per-IP sign-in limit is counted in the database, still once across both copies: one
    // address guessing at many accounts is stopped as with Redis.
    const perAddress: { status: number; code: string }[] = [];
    for (let i = 0; i < SIGNIN_LIMIT + 2; i++) {
      const res = await signIn(i % 2 === 0 ? two : one, '10.1.0.5', 'guess', `someone-${i}@example.com`);
      perAddress.push({ status: res.statusCode, code: res.json<{ code: string }>().code });
    }
    expect(perAddress.map((a) => a.status)).toEqual([...Array(SIGNIN_LIMIT).fill(401), 429, 429]);
    expect(perAddress.at(-1)!.code).toBe(ERROR_CODES.rateLimited);
    expect((await signIn(one, '10.1.0.6', 'guess', 'someone-else@example.com')).statusCode).toBe(401);
    const stored = await one.app.database.db.selectFrom('operator_login_throttle').select('account_key').execute();
    expect(stored.map((r) => r.account_key).join(' ')).not.toContain('10.1.0.5');

    // The per-account-and-network delays live in the database too: after FREE_ATTEMPTS failures from one network,
    // spread over both copies and several addresses each under its own limit, the next attempt waits on either copy;
    // another network is not slowed.
    const answers: { status: number; code: string }[] = [];
    for (let i = 0; i < FREE_ATTEMPTS + 1; i++) {
      const res = await signIn(i % 2 === 0 ? one : two, `10.1.1.${i}`, 'still wrong');
      answers.push({ status: res.statusCode, code: res.json<{ code: string }>().code });
    }
    expect(answers.filter((a) => a.code === ERROR_CODES.rateLimited)).toEqual([]);
    expect(answers.map((a) => a.status)).toEqual([...Array(FREE_ATTEMPTS).fill(401), 429]);
    expect(answers.at(-1)).toEqual({ status: 429, code: ADMIN_ERROR_CODES.locked });
    const slowed = await signIn(two, '10.1.1.200', 'still wrong');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json()).toMatchObject({ code: ADMIN_ERROR_CODES.locked });
    expect((await signIn(one, '10.1.2.7', 'still wrong')).statusCode).toBe(401);

    await redis.restart();
    const deadline = Date.now() + 10_000;
    for (;;) {
      const states = await Promise.all([one, two].map(async (copy) => (await copy.app.inject('/readyz')).json<{ redis: string }>().redis));
      if (states.every((s) => s === 'ok')) break;
      if (Date.now() > deadline) throw new Error(`Redis still ${states.join(', ')} 10 s after it came back`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });
});

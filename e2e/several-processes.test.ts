import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startTestRedis, type TestRedis } from '../server/src/test/redis';
import { startServer, type RunningServer } from './support/server';

/**
 * Two built server processes on one PostgreSQL database and the test's own Redis, as behind a load balancer:
 * duplicates, the sign-up limit and crashes must behave as with one copy. Each request names its client with
 * X-Forwarded-For (TRUST_PROXY=1, as behind one proxy), so the tests choose which requests share a limit.
 */
const KEY = 'several-processes-key-1234';
const LIMIT = 5;
const METRICS_TOKEN = 'several-processes-metrics-token';

interface Answer {
  copy: number;
  email: string;
  status: number;
  code?: string;
}

const figures = { perCopy: [0, 0], created: 0, duplicates: 0, limited: 0, failedConnections: 0 };

describe('two server processes on one PostgreSQL database and one Redis', () => {
  let redis: TestRedis;
  const copies: RunningServer[] = [];
  let nextIp = 0;
  const freshIp = () => `10.${Math.floor(nextIp / 65_536) % 256}.${Math.floor(nextIp / 256) % 256}.${nextIp++ % 256}`;

  /** One sign-up to copy `n`; a connection that fails (a killed copy) answers status 0. */
  const signUp = async (n: number, email: string, ip = freshIp()): Promise<Answer> => {
    const server = copies[n]!;
    try {
      const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, role: 'Project Manager', company_size: '1000+ employees', desired_outcomes: ['Reuse insights'] }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      figures.perCopy[n]!++;
      if (res.status === 201) figures.created++;
      if (res.status === 409) figures.duplicates++;
      if (res.status === 429) figures.limited++;
      return { copy: n, email, status: res.status, code: text ? (JSON.parse(text) as { code?: string }).code : undefined };
    } catch {
      figures.failedConnections++;
      return { copy: n, email, status: 0 };
    }
  };

  const readiness = async (n: number) => {
    const res = await fetch(`${copies[n]!.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  const metrics = async (n: number) => {
    const res = await fetch(`${copies[n]!.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const metric = (text: string, line: string) => Number(text.split('\n').find((l) => l.startsWith(`${line} `))?.slice(line.length + 1) ?? 0);
  const stored = async () => new Set((await copies[0]!.query<{ email: string }>('SELECT email FROM waitlist_signups')).map((r) => r.email));

  beforeAll(async () => {
    redis = await startTestRedis();
    const env = { WAITLIST_PUBLIC_KEY: KEY, REDIS_URL: redis.url, SIGNUP_RATE_LIMIT: String(LIMIT), TRUST_PROXY: '1', METRICS_TOKEN };
    copies.push(await startServer({ dialect: 'postgres', env }));
    copies.push(await startServer({ database: copies[0]!.database, env }));
  });
  afterAll(async () => {
    await copies[1]?.stop({ keepDatabase: true });
    await copies[0]?.stop();
    await redis?.close();
    console.info(
      `[several processes] requests per copy ${figures.perCopy.join(' / ')}; 201 ${figures.created}; duplicates refused (409) ${figures.duplicates}; ` +
        `rate-limited (429) ${figures.limited}; connections refused by the killed copy ${figures.failedConnections}`,
    );
  });

  it('the same e-mail racing on both copies gets one 201; every other spelling a 409', async () => {
    const run = Date.now().toString(36);
    const emails = Array.from({ length: 20 }, (_, i) => `racer-${i}-${run}@example.com`);
    const spellings = (email: string) => [email, email.toUpperCase(), ` ${email}`, `${email} `, email.replace(/^r/, 'R'), `\t${email}`];
    const attempts = emails.flatMap((email) => spellings(email).map((sent, i) => ({ email, sent, copy: i % 2 })));
    const answers = await Promise.all(attempts.map(async ({ email, sent, copy }) => ({ ...(await signUp(copy, sent)), email })));

    for (const email of emails) {
      const mine = answers.filter((a) => a.email === email);
      expect(mine.filter((a) => a.status === 201), email).toHaveLength(1);
      expect(mine.filter((a) => a.status === 409 && a.code === '23505'), email).toHaveLength(5);
    }
    const rows = await stored();
    expect(emails.every((e) => rows.has(e))).toBe(true);
  });

  it('counts the sign-up limit across both copies: the request after the limit is refused whichever copy it reaches', async () => {
    const ip = freshIp();
    const run = Date.now().toString(36);
    const answers: Answer[] = [];
    for (let i = 0; i < LIMIT; i++) answers.push(await signUp(i % 2, `limited-${i}-${run}@example.com`, ip));
    expect(answers.map((a) => a.status)).toEqual(Array(LIMIT).fill(201));
    for (const copy of [0, 1, 0, 1]) {
      const refused = await signUp(copy, `limited-over-${copy}-${Math.random()}@example.com`, ip);
      expect(refused.status, `copy ${copy}`).toBe(429);
    }
    // Another client is not affected.
    expect((await signUp(1, `limited-other-${run}@example.com`)).status).toBe(201);
    const refusals = `waitlist_rate_limit_refusals_total{limit="${SIGNUPS_PATH}"}`;
    expect(metric(await metrics(0), refusals) + metric(await metrics(1), refusals)).toBe(4);
  });

  it('keeps signing people up on both copies when Redis is stopped mid-run, and says so', async () => {
    const run = Date.now().toString(36);
    const ip = freshIp();
    let n = 0;
    const before = await Promise.all(Array.from({ length: 10 }, () => signUp(n % 2, `redis-before-${n++}-${run}@example.com`)));
    expect(before.every((a) => a.status === 201)).toBe(true);

    await redis.kill();
    // One client sends twice the limit: with Redis gone, limits fail open rather than refuse sign-ups.
    const during: Answer[] = [];
    for (let i = 0; i < LIMIT * 2; i++) during.push(await signUp(i % 2, `redis-down-${i}-${run}@example.com`, ip));
    during.push(...(await Promise.all(Array.from({ length: 10 }, () => signUp(n % 2, `redis-down-burst-${n++}-${run}@example.com`)))));
    expect(during.map((a) => a.status)).toEqual(Array(during.length).fill(201));
    const rows = await stored();
    expect(during.every((a) => rows.has(a.email))).toBe(true);

    for (const copy of [0, 1]) {
      expect(await readiness(copy)).toEqual({ status: 200, body: { status: 'ready', database: 'postgres', redis: 'degraded' } });
      expect(await metrics(copy)).toMatch(/waitlist_redis_errors_total\{operation="rate_limit"\} [1-9]/);
      expect(copies[copy]!.logs()).toContain('rate limits fail open');
      expect(copies[copy]!.logs()).not.toContain(redis.url);
    }

    await redis.restart();
    const deadline = Date.now() + 10_000;
    while ((await readiness(0)).body.redis !== 'ok' || (await readiness(1)).body.redis !== 'ok') {
      if (Date.now() > deadline) throw new Error('the copies did not see Redis again within 10 s');
      await new Promise((r) => setTimeout(r, 200));
    }
  });

  it('kill -9 of one copy mid-burst loses no acknowledged sign-up; the other copy keeps answering', async () => {
    const run = Date.now().toString(36);
    const acknowledged: string[] = [];
    let stop = false;
    let n = 0;
    let killedAt = 0;
    const worker = async (w: number) => {
      for (let i = 0; i < 2_000 && !stop; i++) {
        const copy = (w + i) % 2;
        if (copy === 1 && killedAt) continue;
        const answer = await signUp(copy, `crash-${w}-${n++}-${run}@example.com`);
        if (answer.status === 201) acknowledged.push(answer.email);
      }
    };
    const workers = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
    const deadline = Date.now() + 10_000;
    while (acknowledged.length < 40 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    copies[1]!.process.kill('SIGKILL');
    // From here on the load balancer sends everything to copy 0.
    killedAt = acknowledged.length;
    await new Promise((r) => setTimeout(r, 500));
    stop = true;
    await workers;
    await copies[1]!.stop({ keepDatabase: true });
    expect(copies[1]!.process.signalCode).toBe('SIGKILL');
    expect(killedAt).toBeGreaterThanOrEqual(40);
    expect(acknowledged.length, 'the surviving copy answered after the kill').toBeGreaterThan(killedAt);

    const rows = await stored();
    const missing = acknowledged.filter((email) => !rows.has(email));
    expect(missing, `${missing.length} of ${acknowledged.length} acknowledged sign-ups were lost`).toEqual([]);
    expect((await readiness(0)).status).toBe(200);
    console.info(`[several processes] kill -9 mid-burst: ${acknowledged.length} acknowledged sign-ups (${killedAt} before the kill), all stored`);
  });
});

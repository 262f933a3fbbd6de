import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { createTestDatabase, type TestDatabase } from '../../server/src/test/databases';
import { startServer, type RunningServer } from '../support/server';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

/**
 * A PostgreSQL outage between the built server and the database, through a TCP proxy the test controls.
 * (The SQLite default has no network link to lose; its failure mode is covered by resilience-crash.)
 */
const KEY = 'outage-test-key-123';
const DEADLINE_MS = 2000;

const body = (email: string) =>
  JSON.stringify({
    email,
    role: 'Product Manager',
    company_size: '11-50 employees',
    desired_outcomes: ['Reuse insights'],
    other_outcome: null,
  });

describe('PostgreSQL outage through a TCP proxy', () => {
  let testDb: TestDatabase;
  let proxy: TcpProxy;
  let server: RunningServer;

  const signup = async (email = `outage-${randomUUID()}@example.com`) => {
    const started = performance.now();
    const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
      method: 'POST',
      headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: body(email),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    return { email, status: res.status, retryAfter: res.headers.get('retry-after'), text, ms: performance.now() - started };
  };
  const ready = async () => {
    const started = performance.now();
    const res = await fetch(`${server.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
    return { status: res.status, ms: performance.now() - started };
  };
  const storedEmails = async () =>
    new Set((await server.query<{ email: string }>('SELECT email FROM waitlist_signups')).map((r) => r.email));

  const expectUnavailable = (r: Awaited<ReturnType<typeof signup>>) => {
    expect(r.ms, `answered in ${Math.round(r.ms)} ms`).toBeLessThan(DEADLINE_MS);
    expect(r.status, r.text).toBe(503);
    expect(Number(r.retryAfter)).toBeGreaterThan(0);
    const json = JSON.parse(r.text) as Record<string, unknown>;
    expect(json).toEqual({ code: 'PGRST000', message: expect.stringMatching(/try again/i), details: null, hint: null });
  };

  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    const target = new URL(testDb.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startServer({ database: testDb, env: { DATABASE_URL: proxy.rewrite(testDb.url!), WAITLIST_PUBLIC_KEY: KEY } });
  });
  afterAll(async () => {
    await server?.stop({ keepDatabase: true });
    await proxy?.close();
    await testDb?.drop();
  });

  it('answers 503 with Retry-After within 2 s while the database is cut off, and recovers without a restart', async () => {
    const pid = server.process.pid;
    const before = await signup();
    expect(before.status).toBe(201);
    expect((await ready()).status).toBe(200);

    await proxy.cut();

    // Sequential and concurrent sign-ups during the outage: every one fails fast, none hangs.
    for (let i = 0; i < 3; i++) expectUnavailable(await signup());
    const burst = await Promise.all(Array.from({ length: 20 }, () => signup()));
    burst.forEach(expectUnavailable);
    const readiness = await ready();
    expect(readiness.status).toBe(503);
    expect(readiness.ms).toBeLessThan(DEADLINE_MS);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    await proxy.restore();

    let recovered: Awaited<ReturnType<typeof signup>> | undefined;
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const r = await signup();
      if (r.status === 201) {
        recovered = r;
        break;
      }
      expect(r.status).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered, 'sign-ups work again within 10 s of the database coming back').toBeDefined();
    expect((await ready()).status).toBe(200);
    expect(server.process.pid).toBe(pid);
    expect(server.process.exitCode).toBeNull();

    const stored = await storedEmails();
    expect(stored.has(before.email)).toBe(true);
    expect(stored.has(recovered!.email)).toBe(true);
    for (const r of burst) expect(stored.has(r.email)).toBe(false);
  });

  it('a cut in the middle of a burst: every request ends within 2 s, and every 201 is stored', async () => {
    const inFlight = Array.from({ length: 40 }, (_, i) => new Promise((resolve) => setTimeout(resolve, i * 5)).then(() => signup()));
    await new Promise((resolve) => setTimeout(resolve, 60));
    await proxy.cut();
    const results = await Promise.all(inFlight).catch((error: unknown) => {
      throw new Error(`a request failed at the HTTP level (server exit ${server.process.exitCode}):\n${server.logs().slice(-3000)}`, {
        cause: error,
      });
    });
    await proxy.restore();

    for (const r of results) {
      expect([201, 503], r.text).toContain(r.status);
      expect(r.ms).toBeLessThan(DEADLINE_MS);
      if (r.status === 503) expectUnavailable(r);
    }
    expect(results.some((r) => r.status === 503)).toBe(true);

    const stored = await storedEmails();
    for (const r of results.filter((x) => x.status === 201)) expect(stored.has(r.email), r.email).toBe(true);

    // And it recovers again.
    const deadline = Date.now() + 10_000;
    let status = 0;
    while (Date.now() < deadline && status !== 201) {
      status = (await signup()).status;
      if (status !== 201) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(201);
  });
});

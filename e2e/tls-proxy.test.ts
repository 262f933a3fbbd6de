import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { createTestDatabase, type TestDatabase } from '../server/src/test/databases';
import { startTestRedis, type TestRedis } from '../server/src/test/redis';
import { freePort, startServer, type RunningServer } from './support/server';
import { OPERATOR, PASSWORD, addOperator } from './support/console-seed';

/**
 * The reference deployment for real (issue 26): Debian's Caddy with deploy/Caddyfile (`tls internal`) on loopback in
 * front of two built copies on one PostgreSQL and one Redis, TRUST_PROXY=1. Over HTTPS: the console's cookie arrives
 * Secure and `__Host-` prefixed, HSTS is sent, the sign-up limit counts each real client (two loopback addresses) while
 * an X-Forwarded-For a client forges does not escape it, and a copy killed mid-traffic fails no request: Caddy tries
 * the other while its health check notices.
 */
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const KEY = 'tls-proxy-public-key-123';
const LIMIT = 5;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

describe('behind Caddy with TLS, two copies', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  const copies: RunningServer[] = [];
  let caddy: ChildProcess;
  let caddyLog = '';
  let port = 0;
  let ca: Buffer;
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-caddy-'));

  /** One HTTPS request to Caddy, from a chosen loopback address (a client of its own). */
  const request = (pathname: string, options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port,
          path: pathname,
          method: options.method ?? 'GET',
          headers: { host: `localhost:${port}`, ...options.headers },
          ca,
          localAddress: options.from ?? '127.0.0.1',
          timeout: 10_000,
          agent: false,
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.end(options.body);
    });
  const signUp = (email: string, from: string, forged?: string) =>
    request(SIGNUPS_PATH, {
      method: 'POST',
      from,
      headers: {
        apikey: KEY,
        authorization: `Bearer ${KEY}`,
        'content-type': 'application/json',
        ...(forged ? { 'x-forwarded-for': forged } : {}),
      },
      body: JSON.stringify({ email, role: 'Project Manager', company_size: '1000+ employees', desired_outcomes: ['Reuse insights'] }),
    });

  beforeAll(async () => {
    redis = await startTestRedis();
    database = await createTestDatabase('postgres');
    port = await freePort();
    for (let i = 0; i < 2; i++) {
      copies.push(
        await startServer({
          database,
          env: {
            DATABASE_URL: database.url!,
            REDIS_URL: redis.url,
            TRUST_PROXY: '1',
            SITE_URL: `https://localhost:${port}`,
            WAITLIST_PUBLIC_KEY: KEY,
            SIGNUP_RATE_LIMIT: String(LIMIT),
            LOG_LEVEL: 'warn',
          },
        }),
      );
    }
    const storage = path.join(scratch, 'storage');
    caddy = spawn('caddy', ['run', '--config', path.join(repoRoot, 'deploy', 'Caddyfile'), '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: scratch,
        XDG_CONFIG_HOME: scratch,
        XDG_DATA_HOME: scratch,
        SITE_ADDRESS: `https://localhost:${port}`,
        UPSTREAMS: copies.map((c) => `127.0.0.1:${c.port}`).join(' '),
        CADDY_TLS: 'tls internal',
        // No HTTP→HTTPS redirect server: it would listen on port 80, which a file running beside this one may want.
        CADDY_GLOBAL: `local_certs\n\tskip_install_trust\n\tauto_https disable_redirects\n\tstorage file_system ${storage}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout!.on('data', (c: Buffer) => (caddyLog += c.toString()));
    caddy.stderr!.on('data', (c: Buffer) => (caddyLog += c.toString()));
    // Ready when a request over TLS, checked against Caddy's own root certificate, reaches a copy.
    const rootCert = path.join(storage, 'pki', 'authorities', 'local', 'root.crt');
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (caddy.exitCode !== null) throw new Error(`caddy exited: ${caddyLog}`);
      if (fs.existsSync(rootCert)) {
        ca = fs.readFileSync(rootCert);
        const ready = await request('/readyz').catch(() => undefined);
        if (ready?.status === 200) break;
      }
      if (Date.now() > deadline) throw new Error(`caddy did not serve within 20 s: ${caddyLog.slice(-2000)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 60_000);

  afterAll(async () => {
    caddy?.kill('SIGTERM');
    for (const copy of copies) await copy.stop({ keepDatabase: true });
    await database?.drop();
    await redis?.kill();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('sends HSTS and sets the console cookie Secure and __Host- prefixed over HTTPS', async () => {
    await addOperator(copies[0]!);
    const page = await request('/');
    expect(page.status).toBe(200);
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const signedIn = await request('/api/admin/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `https://localhost:${port}` },
      body: JSON.stringify({ email: OPERATOR, password: PASSWORD }),
    });
    expect(signedIn.status, signedIn.body).toBe(200);
    const cookie = [signedIn.headers['set-cookie']].flat().find((c) => c?.startsWith('__Host-admin_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; Secure/i);
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(signedIn.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it('counts the sign-up limit per real client; a forged X-Forwarded-For does not escape it', async () => {
    const forgedAnswers: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++) {
      // Each request claims to come from somewhere else: Caddy replaces the claim with the real address.
      forgedAnswers.push((await signUp(`forger-${i}@acme.example`, '127.0.0.2', `203.0.113.${i}, 198.51.100.${i}`)).status);
    }
    expect(forgedAnswers.slice(0, LIMIT).every((s) => s === 201)).toBe(true);
    expect(forgedAnswers.slice(LIMIT)).toEqual([429, 429, 429]);
    // Another client (another address) has a limit of its own: it is not blocked by the first one's.
    expect((await signUp('neighbour@acme.example', '127.0.0.3')).status).toBe(201);
    console.log(`[tls proxy] forged X-Forwarded-For from one client: ${forgedAnswers.join(' ')}; another client: 201`);
  });

  it('fails no request when a copy is killed mid-traffic', async () => {
    const answers: { at: number; status: number }[] = [];
    const started = Date.now();
    let killedAt = 0;
    const traffic = (async () => {
      while (Date.now() - started < 6_000) {
        const status = await request('/readyz').then(
          (r) => r.status,
          () => 0,
        );
        answers.push({ at: Date.now(), status });
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    await new Promise((r) => setTimeout(r, 2_000));
    copies[0]!.process.kill('SIGKILL');
    killedAt = Date.now();
    await traffic;
    const failed = answers.filter((a) => a.status !== 200);
    const before = answers.filter((a) => a.at < killedAt).length;
    const afterKill = answers.filter((a) => a.at >= killedAt);
    const slowest = Math.max(...afterKill.slice(0, 5).map((a, i, all) => (i === 0 ? a.at - killedAt : a.at - all[i - 1]!.at)));
    console.log(
      `[tls proxy] ${answers.length} requests (${before} before the kill, ${afterKill.length} after): ${failed.length} failed; the first requests after the kill took up to ${slowest} ms`,
    );
    expect(failed).toEqual([]);
  }, 30_000);
});

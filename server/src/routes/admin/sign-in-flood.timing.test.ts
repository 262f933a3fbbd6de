import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODES } from '@waitlist/contract';
import { HASHES_IN_FLIGHT } from '../../lib/passwords';
import { useTestApp } from '../../test/app';
import type { TestDatabase } from '../../test/databases';
import { ADMIN_TEST_ENV, OPERATOR_PASSWORD, addOperator } from '../../test/console';

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))]!;

describe('a flood of sign-ins', () => {
  // No per-address limit: the flood below comes from one address, as a botnet's would from many.
  const distOf = (testDb: TestDatabase) => path.join(testDb.dataDir, 'dist');
  // eslint-disable-next-line no-restricted-syntax -- one dialect on purpose: what is measured is the sign-in queue's CPU bound, not the database
  const suite = useTestApp('sqlite', (testDb) => ({ ...ADMIN_TEST_ENV, ADMIN_SIGNIN_RATE_LIMIT: 'off', WEB_DIST_DIR: distOf(testDb) }), {
    beforeBuild(testDb) {
      fs.mkdirSync(path.join(distOf(testDb), 'about'), { recursive: true });
      fs.writeFileSync(path.join(distOf(testDb), 'index.html'), '<!doctype html><title>Home</title>');
      fs.writeFileSync(
        path.join(distOf(testDb), 'about', 'index.html'),
        `<!doctype html><title>About</title>${'<p>about</p>'.repeat(500)}`,
      );
    },
  });

  it(`checks at most ${HASHES_IN_FLIGHT} passwords at once, so pages served from files stay fast and the owner gets in`, async () => {
    const operator = 'flooded@example.com';
    await addOperator(suite.app, operator);
    const { url } = await suite.listen();
    const signIn = (email: string, password: string) =>
      fetch(`${url}/api/admin/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email, password }),
      });

    // The reference, in the same run: the about page read 60 times with no flood.
    const quiet: number[] = [];
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      await (await fetch(`${url}/about`)).arrayBuffer();
      quiet.push(performance.now() - started);
    }
    const quietP95 = percentile(quiet, 0.95);

    // 48 connections guessing at made-up accounts back to back: every guess costs a full scrypt.
    let flooding = true;
    const answers = new Map<number, number>();
    const flood = Array.from({ length: 48 }, async (_, worker) => {
      for (let i = 0; flooding; i++) {
        const res = await signIn(`guess-${worker}-${i}@example.com`, 'a wrong password');
        answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
        if (res.status === 503) {
          expect(res.headers.get('retry-after')).toBe('1');
          expect((await res.json()).code).toBe(ADMIN_ERROR_CODES.busy);
        } else await res.arrayBuffer();
      }
    });
    const latencies: number[] = [];
    let owner: Response;
    let ownerMs: number;
    try {
      await new Promise((r) => setTimeout(r, 500));
      // A page read from disk (the about page) needs the same thread pool as scrypt.
      for (let i = 0; i < 60; i++) {
        const started = performance.now();
        const res = await fetch(`${url}/about`);
        await res.arrayBuffer();
        latencies.push(performance.now() - started);
        expect(res.status).toBe(200);
      }
      // The owner, trying again after a busy answer as the console tells them to, gets in within a few seconds.
      const ownerStarted = performance.now();
      owner = await signIn(operator, OPERATOR_PASSWORD);
      while (owner.status === 503 && performance.now() - ownerStarted < 10_000) {
        await new Promise((r) => setTimeout(r, 1000));
        owner = await signIn(operator, OPERATOR_PASSWORD);
      }
      ownerMs = performance.now() - ownerStarted;
    } finally {
      flooding = false;
      await Promise.all(flood);
    }

    const p95 = percentile(latencies, 0.95);
    const worst = Math.max(...latencies);
    console.info(
      `[sign-in flood] GET /about while 48 connections guessed: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ` +
        `worst ${worst.toFixed(1)} ms; answers ${JSON.stringify(Object.fromEntries(answers))}; the owner signed in after ${ownerMs.toFixed(0)} ms ` +
        `(no flood: p95 ${quietP95.toFixed(1)} ms, worst ${Math.max(...quiet).toFixed(1)} ms)`,
    );
    expect(owner.status).toBe(200);
    expect([...answers.keys()].filter((s) => s !== 401 && s !== 503)).toEqual([]);
    expect(answers.get(401)).toBeGreaterThan(20);
    // Without the bound every read waited behind the guesses: 16.7 s. With it, p95 below 100 ms on a quiet machine (29.6 ms
    // measured for the p99); on one busy with other tests, within 150 ms of the page's own p95 with no flood, measured just
    // before. Of 60 reads, the three slowest are left out of the p95: on CI's loaded 2-core machine a single read once took
    // 483 ms (a pause of the whole process, not the queue), which the worst-case bound below still catches if it repeats.
    expect(p95).toBeLessThan(Math.max(100, quietP95 + 150));
    expect(worst).toBeLessThan(2_000);
    // The flood runs until the owner is in (up to 10 s of retries) and every guess in flight has its answer: on a
    // loaded 2-core machine that took 25-30 s, past vitest's default.
  }, 90_000);
});

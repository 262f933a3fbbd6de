#!/usr/bin/env -S npx tsx
/**
 * `npm run bench:mail-page -- --mails N [--db sqlite,postgres] [--repeat R] [--fresh] [--wait S] [--via-api]`: the console's Mail page (GET
 * /api/admin/outbox) with N mails waiting in the outbox, as after a relay was down during a launch-day burst, beside
 * N mails already sent (issue 35 item 7). Seeds the rows with one INSERT … SELECT per kind (no sign-ups needed: the
 * page reads the outbox only), starts the built server, signs in and times the page over HTTP (p50 / p95 / worst of R
 * after two warm-ups), with the row counts it answered. `--via-api`: the waiting mails are a real burst instead, N sign-ups
 * through the public API at 100 connections while the relay is down (each queues its confirmation), and the page is
 * read `--wait` seconds after the burst's last answer.
 */
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { createTestDatabase } from '../server/src/test/databases';
import { migrate } from '../server/src/db/migrations';
import { startServer } from '../e2e/support/server';
import { signInOperator } from './bench-operator';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { createRequire } from 'node:module';

const { values: args } = parseArgs({
  options: {
    mails: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    repeat: { type: 'string', default: '15' },
    // As a few seconds after a burst: no ANALYZE has run yet on the rows that just arrived (PostgreSQL).
    fresh: { type: 'boolean', default: false },
    // Seconds between the server's start and the first read ("a few seconds after" the burst).
    wait: { type: 'string', default: '0' },
    // The waiting mails come from sign-ups through the API (a real burst), not an INSERT.
    'via-api': { type: 'boolean', default: false },
  },
});
const PUBLIC_KEY = 'bench-public-key-0123';
type Autocannon = (options: Record<string, unknown>) => Promise<{ requests: { average: number }; non2xx: number; errors: number }>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

/** N sign-ups through POST /rest/v1/waitlist_signups at 100 connections; answers how long they took. */
async function burstThroughApi(url: string, count: number): Promise<{ seconds: number; perSecond: number; failed: number }> {
  let n = 0;
  const run = `${Date.now().toString(36)}`;
  const start = performance.now();
  const result = await autocannon({
    url,
    connections: 100,
    amount: count,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        path: SIGNUPS_PATH,
        headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${PUBLIC_KEY}`, 'content-type': 'application/json' },
        setupRequest: (req: Record<string, unknown>) => ({
          ...req,
          body: JSON.stringify({
            email: `burst-${run}-${n++}@example.com`,
            role: 'Head of Innovation / Innovation Director',
            company_size: '1000+ employees',
            desired_outcomes: ['Reuse insights'],
            other_outcome: null,
          }),
        }),
      },
    ],
  });
  const seconds = (performance.now() - start) / 1000;
  return { seconds, perSecond: result.requests.average, failed: result.non2xx + result.errors };
}
const MAILS = Number(args.mails);
const REPEAT = Number(args.repeat);
const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)]!;

console.log(`bench:mail-page: ${fmt(MAILS)} mails waiting (the relay down for a while) and ${fmt(MAILS)} sent, GET /api/admin/outbox`);
for (const dialect of args.db.split(',') as ('sqlite' | 'postgres')[]) {
  const testDb = await createTestDatabase(dialect);
  const database = testDb.open();
  const seedStart = performance.now();
  await migrate(database);
  await database.withoutTimeouts(async (long) => {
    const numbers =
      dialect === 'postgres'
        ? sql`SELECT n FROM generate_series(1, ${MAILS}) AS n`
        : sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${MAILS}) SELECT n FROM seq`;
    const at = (offsetSql: string) =>
      dialect === 'postgres'
        ? sql.raw(`now() - (${offsetSql}) * interval '1 second'`)
        : sql.raw(`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', (0 - (${offsetSql})) || ' seconds')`);
    // Sent over the last two days; then the burst that waits: tried and refused (the relay was down), due again soon.
    await sql`INSERT INTO outbox (kind, topic, payload, status, attempts, next_attempt_at, created_at, sent_at, lane)
      SELECT 'mail', 'confirmation', '{}', 'sent', 1, ${at('n % 172800')}, ${at('n % 172800')}, ${at('n % 172800')}, 'urgent' FROM (${numbers}) AS s`.execute(
      long,
    );
    if (!args['via-api'])
      await sql`INSERT INTO outbox (kind, topic, payload, status, attempts, next_attempt_at, created_at, last_error, lane)
      SELECT 'mail', 'confirmation', '{}', 'pending', 3, ${at('-600')}, ${at('n % 3600')}, 'ECONNREFUSED: connect ECONNREFUSED 10.0.0.5:587', 'urgent' FROM (${numbers}) AS s`.execute(
        long,
      );
    if (dialect === 'postgres' && !args.fresh) await sql`VACUUM ANALYZE outbox`.execute(long);
  });
  await database.close();
  console.log(
    `  ${dialect}: seeded ${fmt((args['via-api'] ? 1 : 2) * MAILS)} outbox rows in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );
  // SMTP_URL points nowhere: the worker keeps trying and failing, as during the outage.
  const env = { SMTP_URL: 'smtp://127.0.0.1:9', OUTBOX_POLL_MS: '60000', SIGNUP_RATE_LIMIT: 'off', WAITLIST_PUBLIC_KEY: PUBLIC_KEY };
  const server = await startServer({ dialect, database: testDb, env });
  try {
    if (args['via-api']) {
      const burst = await burstThroughApi(server.url, MAILS);
      console.log(
        `  ${dialect}: ${fmt(MAILS)} sign-ups through the API in ${burst.seconds.toFixed(1)} s (${fmt(burst.perSecond)}/s, ${burst.failed} not 201)`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Number(args.wait) * 1000));
    const cookie = await signInOperator(server);

    const times: number[] = [];
    let answered = '';
    for (let i = 0; i < REPEAT + 2; i += 1) {
      const start = performance.now();
      const response = await fetch(new URL('/api/admin/outbox', server.url), { headers: { cookie } });
      const body = (await response.json()) as { counts: Record<string, number | boolean>; stuck: unknown[] };
      if (response.status !== 200) throw new Error(`GET /outbox answered ${response.status}`);
      if (i >= 2) times.push(performance.now() - start);
      answered = `${JSON.stringify(body.counts)}, ${body.stuck.length} stuck rows`;
    }
    console.log(
      `  ${dialect}: p50 ${quantile(times, 0.5).toFixed(0)} ms, p95 ${quantile(times, 0.95).toFixed(0)} ms, worst ${Math.max(...times).toFixed(0)} ms — ${answered}`,
    );
  } finally {
    await server.stop();
  }
}

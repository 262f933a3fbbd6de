#!/usr/bin/env -S npx tsx
/**
 * `npm run bench:fit -- --rows N [--db sqlite,postgres]`: how long every fit score takes to follow an owner's new
 * weights (issue 36 item 2: "current within a minute at a million sign-ups"). Seeds N sign-ups with one INSERT …
 * SELECT (roles, sizes, outcomes, free mail and companies spread as a real list), their companies' counts, then
 * saves new weights through the service an owner's PUT calls and times the rescoring to its end, beside the
 * reference measured in the same run: one plain UPDATE of every row's score to a constant. Then 40 % of the people
 * answer a question and the owner weights two of its options: the rescoring with each person's answers looked up.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { COMPANY_SIZE_OPTIONS, DEFAULT_FIT_WEIGHTS, ROLE_OPTIONS, SIGNUPS_PATH } from '@waitlist/contract';
import { createTestDatabase } from '../server/src/test/databases';
import { migrate } from '../server/src/db/migrations';
import { createStores } from '../server/src/db/stores';
import { createUseCases } from '../server/src/services/use-case';
import { createFitRules } from '../server/src/services/fit-rules';
import { startServer, type RunningServer } from '../e2e/support/server';
import { signInOperator } from './bench-operator';

type AutocannonRequest = {
  setupRequest: (req: Record<string, unknown>) => Record<string, unknown>;
  onResponse: (status: number) => void;
} & Record<string, unknown>;
const autocannon = createRequire(import.meta.url)('autocannon') as (options: Record<string, unknown>) => Promise<{
  latency: { p50: number; p99: number; max: number };
}>;
const PUBLIC_KEY = 'bench-fit-public-key-01';

/** Sign-ups to the built server at `connections` for `seconds`, each with a fresh address: their rate and wait. */
async function signupLoad(server: RunningServer, connections: number, seconds: number) {
  let n = 0;
  let created = 0;
  let failed = 0;
  const run = `${Date.now().toString(36)}`;
  const request: AutocannonRequest = {
    method: 'POST',
    path: SIGNUPS_PATH,
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${PUBLIC_KEY}`, 'content-type': 'application/json' },
    setupRequest: (req) => ({
      ...req,
      body: JSON.stringify({
        email: `fit-${run}-${n++}@example.com`,
        role: ROLE_OPTIONS[n % ROLE_OPTIONS.length],
        company_size: COMPANY_SIZE_OPTIONS[n % COMPANY_SIZE_OPTIONS.length],
        desired_outcomes: ['Reuse insights'],
        other_outcome: null,
      }),
    }),
    onResponse: (status) => (status === 201 ? created++ : failed++),
  };
  const result = await autocannon({ url: server.url, connections, duration: seconds, pipelining: 1, timeout: 10, requests: [request] });
  return { perSecond: created / seconds, p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, failed };
}

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    /** Also time sign-ups through the built server, quiet and while it rescores after an owner's PUT (needs `npm run build`). */
    signups: { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

console.log(`bench:fit: ${ROWS.toLocaleString('en-US')} sign-ups, an owner's new weights, every score rescored`);
for (const dialect of args.db.split(',') as ('sqlite' | 'postgres')[]) {
  const testDb = await createTestDatabase(dialect);
  const database = testDb.open();
  let closed = false;
  try {
    await migrate(database);
    const numbers =
      dialect === 'postgres'
        ? sql`SELECT n FROM generate_series(1, ${ROWS}) AS n`
        : sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${ROWS}) SELECT n FROM seq`;
    const pick = (list: readonly string[], salt: number) =>
      sql.raw(`(CASE ((n * ${salt}) % ${list.length}) ${list.map((v, i) => `WHEN ${i} THEN '${v.replace(/'/g, "''")}'`).join(' ')} END)`);
    const outcomes =
      dialect === 'postgres'
        ? sql.raw(`ARRAY['Reuse insights', 'Speed up time-to-market']`)
        : sql.raw(`'["Reuse insights","Speed up time-to-market"]'`);
    const seeded = performance.now();
    await database.withoutTimeouts(async (long) => {
      // 30 % free mail; the rest spread over 20,000 companies, a few large and a long tail.
      await sql`INSERT INTO waitlist_signups (email, role, company_size, desired_outcomes, consented_at, privacy_policy_version, created_at, company_domain, free_mail, counted)
        SELECT 'p' || n || '@' || (CASE WHEN n % 10 < 3 THEN 'gmail.com' ELSE 'c' || (((n % 20000) * (n % 20000)) % 20000) || '.example' END), ${pick(ROLE_OPTIONS, 7)}, ${pick(COMPANY_SIZE_OPTIONS, 13)}, ${outcomes},
          '2026-01-01T00:00:00.000Z', '2025-01', '2026-01-01T00:00:00.000Z', (CASE WHEN n % 10 < 3 THEN NULL ELSE 'c' || (((n % 20000) * (n % 20000)) % 20000) || '.example' END), (CASE WHEN n % 10 < 3 THEN 1 ELSE 0 END), 1
        FROM (${numbers}) AS s`.execute(long);
      await sql`INSERT INTO companies (domain, people, first_signup_at, last_signup_at)
        SELECT company_domain, count(*), min(created_at), max(created_at) FROM waitlist_signups WHERE company_domain IS NOT NULL GROUP BY company_domain`.execute(
        long,
      );
      if (dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(long);
    });
    console.log(`  ${dialect}: seeded in ${s(performance.now() - seeded)}`);
    const reference = performance.now();
    await database.withoutTimeouts((long) => sql`UPDATE waitlist_signups SET fit_score = 50`.execute(long));
    const referenceMs = performance.now() - reference;
    const stores = createStores(database);
    const fitRules = createFitRules({ stores, useCases: createUseCases({ database, stores }) });
    // The first walk after the upgrade: every row scored with the defaults (version 1).
    const first = performance.now();
    await fitRules.rescore();
    console.log(`  ${dialect}: first scoring after the upgrade: ${s(performance.now() - first)}`);
    const started = performance.now();
    await fitRules.set(
      { ...DEFAULT_FIT_WEIGHTS, free_mail: -20, company_size: { ...DEFAULT_FIT_WEIGHTS.company_size, '1-10 employees': 10 } },
      1,
    );
    await fitRules.rescore();
    const rescoreMs = performance.now() - started;
    const rules = await stores.fitScores.current();
    const stale = { n: rules && rules.rescoredThrough >= (await stores.fitScores.maxId()) ? 0 : 'some' };
    console.log(
      `  ${dialect}: every score current after ${s(rescoreMs)} (one plain UPDATE of every row: ${s(referenceMs)}); ids left to walk: ${stale.n}`,
    );

    // The answers after confirming count too: 40 % of the people answered "When would you start a pilot?" (one of four
    // options); the owner gives two of the options points, and every score follows, each person's answers looked up.
    const at = '2026-02-01T00:00:00.000Z';
    const options = ['This quarter', 'Next quarter', 'This year', 'Not yet'].map((en, i) => ({
      id: `o${i + 1}`,
      en,
      sv: en,
      archived: false,
    }));
    const question = await database.db
      .insertInto('signup_questions')
      .values({
        position: 1,
        kind: 'single',
        prompt: JSON.stringify({ en: 'When would you start a pilot?', sv: 'När skulle ni börja en pilot?' }),
        options: JSON.stringify(options),
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const answersSeeded = performance.now();
    await database.withoutTimeouts(async (long) => {
      await sql`INSERT INTO signup_answers (signup_id, question_id, choice, answered_at)
        SELECT id, ${question.id}, 'o' || ((id % 4) + 1), ${at} FROM waitlist_signups WHERE id % 5 < 2`.execute(long);
      if (dialect === 'postgres') await sql`VACUUM ANALYZE signup_answers`.execute(long);
    });
    const answered = Number((await sql<{ n: number }>`SELECT count(*) AS n FROM signup_answers`.execute(database.db)).rows[0]!.n);
    console.log(`  ${dialect}: ${answered.toLocaleString('en-US')} answers seeded in ${s(performance.now() - answersSeeded)}`);
    const withAnswers = performance.now();
    const current = await stores.fitScores.current();
    await fitRules.set({ ...current!.weights, answers: { [`${question.id}:o1`]: 20, [`${question.id}:o2`]: 10 } }, 1);
    await fitRules.rescore();
    const answersMs = performance.now() - withAnswers;
    const after = await stores.fitScores.current();
    console.log(
      `  ${dialect}: with answer weights, every score current after ${s(answersMs)}; ids left to walk: ${after && after.rescoredThrough >= (await stores.fitScores.maxId()) ? 0 : 'some'}`,
    );

    // "While sign-ups keep their speed": the built server on this database takes sign-ups at 50 connections for 10 s,
    // quietly, then again right after an owner's new weights (PUT /api/admin/fit-weights) while the server rescores.
    if (args.signups) {
      await database.close();
      closed = true;
      const server = await startServer({
        dialect,
        database: testDb,
        env: { LOG_LEVEL: 'warn', SIGNUP_RATE_LIMIT: 'off', WAITLIST_PUBLIC_KEY: PUBLIC_KEY, ADMIN_SIGNIN_RATE_LIMIT: 'off' },
      });
      try {
        const cookie = await signInOperator(server);
        const admin = (method: string, path: string, body?: unknown) =>
          fetch(new URL(`/api/admin${path}`, server.url), {
            method,
            headers: { cookie, origin: server.url, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
          });
        const quiet = await signupLoad(server, 50, 10);
        const view = (await (await admin('GET', '/fit-weights')).json()) as { weights: Record<string, unknown> };
        const changed = performance.now();
        const put = await admin('PUT', '/fit-weights', { ...view.weights, free_mail: -35, partner_code: 25 });
        if (put.status !== 200) throw new Error(`PUT /fit-weights answered ${put.status}: ${await put.text()}`);
        const during = await signupLoad(server, 50, 10);
        let rescoring = { done: false, remaining: -1 };
        while (!rescoring.done) {
          rescoring = ((await (await admin('GET', '/fit-weights')).json()) as { rescoring: typeof rescoring }).rescoring;
          if (!rescoring.done) await new Promise((resolve) => setTimeout(resolve, 250));
        }
        const line = (label: string, run: Awaited<ReturnType<typeof signupLoad>>) =>
          `  ${dialect}: sign-ups at 50 connections, ${label}: ${Math.round(run.perSecond).toLocaleString('en-US')}/s, p50 ${run.p50} ms, p99 ${run.p99} ms, max ${run.max} ms, ${run.failed} not 201`;
        console.log(line('quiet', quiet));
        console.log(line('while the server rescores', during));
        console.log(
          `  ${dialect}: the server's rescoring done ${s(performance.now() - changed)} after the PUT (sign-ups arriving for the first 10 s)`,
        );
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (!closed) await database.close();
    await testDb.drop();
  }
}

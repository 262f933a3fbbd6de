#!/usr/bin/env -S npx tsx
/**
 * `npm run bench`: sign-up throughput of the production server on SQLite, then on PostgreSQL, on loopback.
 *
 * Per dialect: the database's own raw single-row insert rate (same table, same checks, same durability, one
 * transaction per row); GET / beside the same page as a static file (/index.html); then POST
 * /rest/v1/waitlist_signups with unique e-mails at 10, 100 and 500 connections; finally the server is killed
 * (SIGKILL) and every e-mail that got a 201 is looked up. The goals section judges each run against its reference.
 * Prints figures; exits non-zero only when an acknowledged sign-up is missing or a run could not be made.
 *
 * Env: BENCH_DURATION_S (default 10), BENCH_CONNECTIONS (default 10,100,500), BENCH_DIALECTS (sqlite,postgres),
 *      BENCH_BATCH_WINDOW_MS (passed to the server as SIGNUP_BATCH_WINDOW_MS when set),
 *      BENCH_LOG_LEVEL (server log level, default warn: per-request info logs are the operator's choice).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startServer, type RunningServer } from '../e2e/support/server';
import { RAW_DURATION_MS, rawInsertRate } from './bench-raw-insert';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

interface Histogram {
  average: number;
  mean: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  total: number;
}
interface AutocannonResult {
  requests: Histogram;
  latency: Histogram;
  throughput: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  resets: number;
}
interface AutocannonRequest {
  method?: string;
  path?: string;
  body?: string;
  headers?: Record<string, string>;
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = require('autocannon') as Autocannon;

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,100,500').split(',').map(Number);
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',') as ('sqlite' | 'postgres')[];
const PUBLIC_KEY = 'bench-public-key-0123';
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

const signupBody = (email: string) =>
  JSON.stringify({
    email,
    role: 'Head of Innovation / Innovation Director',
    company_size: '1000+ employees',
    desired_outcomes: ['Reuse insights', 'Make innovation efforts more structured'],
    other_outcome: null,
  });

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pad = (s: string | number, n: number) => String(s).padStart(n);

/** One INSERT per transaction, in a loop, for a fixed time: what the engine does without any server in front. */

interface SignupRun {
  connections: number;
  requestsPerSecond: number;
  created: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
}

/** Drives the sign-up endpoint; every request carries a fresh e-mail, every 201 is remembered. */
async function signupLoad(
  server: RunningServer,
  connections: number,
  duration: number,
  acknowledged: Set<string>,
  counter: { n: number },
): Promise<SignupRun> {
  const statuses: Record<string, number> = {};
  const request: AutocannonRequest = {
    method: 'POST',
    path: SIGNUPS_PATH,
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${PUBLIC_KEY}`, 'content-type': 'application/json' },
    // The context is per connection and rebuilt for each request; with pipelining 1 the response that
    // follows belongs to the request built last on that connection.
    setupRequest: (req, context) => {
      const email = `bench-${runId}-${counter.n++}@example.com`;
      context.email = email;
      return { ...req, body: signupBody(email) };
    },
    onResponse: (status, _body, context) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      if (status === 201) acknowledged.add(String(context.email));
    },
  };
  const result = await autocannon({ url: server.url, connections, duration, pipelining: 1, timeout: 10, requests: [request] });
  return {
    connections,
    requestsPerSecond: result.requests.average,
    created: statuses['201'] ?? 0,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statuses,
  };
}

/** GET `path` at 50 connections, accepting Brotli as browsers do. */
async function pageLoad(server: RunningServer, path: string, duration: number) {
  const result = await autocannon({
    url: `${server.url}${path}`,
    connections: 50,
    duration,
    headers: { 'accept-encoding': 'br, gzip', accept: 'text/html' },
  });
  return {
    path,
    requestsPerSecond: result.requests.average,
    bytes: result.throughput.total / Math.max(1, result.requests.total),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * The home page (a fresh form token in every response) beside `/index.html`, the same page as a static file served
 * from its precompressed copy: what serving the page costs beyond reading a file.
 */
async function pagesBesideStatic(server: RunningServer) {
  await pageLoad(server, '/', 1); // warm-up
  const home = await pageLoad(server, '/', 5);
  const file = await pageLoad(server, '/index.html', 5);
  for (const page of [home, file]) {
    console.log(
      `GET ${page.path.padEnd(11)} (50 connections, br): ${pad(fmt(page.requestsPerSecond), 7)} req/s, ${fmt(page.bytes / 1024, 1)} KB each, p50 ${page.p50} ms, p99 ${page.p99} ms, max ${page.max} ms, non-2xx ${page.non2xx}, errors ${page.errors}`,
    );
  }
  return { home, file };
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  console.log(`\n=== ${dialect} ===`);
  const raw = await rawInsertRate(dialect);
  console.log(
    `raw single-row insert rate: ${fmt(raw.rowsPerSecond)} rows/s (${raw.note}; ${fmt(raw.rows)} rows in ${RAW_DURATION_MS / 1000} s)`,
  );

  const env: Record<string, string> = {
    SIGNUP_RATE_LIMIT: 'off',
    WAITLIST_PUBLIC_KEY: PUBLIC_KEY,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  };
  if (process.env.BENCH_BATCH_WINDOW_MS !== undefined) env.SIGNUP_BATCH_WINDOW_MS = process.env.BENCH_BATCH_WINDOW_MS;
  const server = await startServer({ dialect, env });
  const acknowledged = new Set<string>();
  const counter = { n: 0 };
  const runs: SignupRun[] = [];
  let pages: Awaited<ReturnType<typeof pagesBesideStatic>> | undefined;
  let missing: string[] = [];
  let stored = 0;
  try {
    // Pages first, on a quiet server: after a burst of sign-ups the server folds them into the console's counts for a while.
    pages = await pagesBesideStatic(server);
    await signupLoad(server, 10, 2, acknowledged, counter); // warm-up (JIT, pool, page cache); checked for durability too
    console.log(
      `server: ${server.url}, SIGNUP_BATCH_WINDOW_MS=${env.SIGNUP_BATCH_WINDOW_MS ?? '(server default)'}, log level ${env.LOG_LEVEL}, ${DURATION_S} s per run`,
    );
    console.log(
      `${pad('conns', 5)} ${pad('req/s', 8)} ${pad('201s', 8)} ${pad('p50 ms', 7)} ${pad('p99 ms', 7)} ${pad('max ms', 7)} ${pad('non-2xx', 7)} ${pad('errors', 6)} ${pad('vs raw', 7)}`,
    );
    for (const connections of CONNECTIONS) {
      const run = await signupLoad(server, connections, DURATION_S, acknowledged, counter);
      runs.push(run);
      const other = Object.entries(run.statuses)
        .filter(([s]) => s !== '201')
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `${pad(connections, 5)} ${pad(fmt(run.requestsPerSecond), 8)} ${pad(fmt(run.created), 8)} ${pad(run.p50, 7)} ${pad(run.p99, 7)} ${pad(run.max, 7)} ${pad(run.non2xx, 7)} ${pad(run.errors + run.timeouts, 6)} ${pad(fmt((100 * run.requestsPerSecond) / raw.rowsPerSecond) + '%', 7)}${other ? `  (${other})` : ''}`,
      );
    }
  } finally {
    // A crash right after the last answer: whatever was acknowledged must already be on disk.
    server.process.kill('SIGKILL');
    await server.stop({ keepDatabase: true });
  }
  try {
    const rows = await server.query<{ email: string }>(`SELECT email FROM waitlist_signups WHERE email LIKE 'bench-${runId}-%'`);
    stored = rows.length;
    const inDb = new Set(rows.map((r) => r.email));
    missing = [...acknowledged].filter((email) => !inDb.has(email));
  } finally {
    await server.database.drop();
  }
  console.log(
    `durability (after SIGKILL): ${fmt(acknowledged.size)} acknowledged (201), ${fmt(stored)} bench rows stored, ${missing.length} acknowledged but missing` +
      (missing.length ? ` e.g. ${missing.slice(0, 3).join(', ')}` : ''),
  );
  return { dialect, raw, runs, pages, acknowledged: acknowledged.size, stored, missing: missing.length };
}

function machine() {
  const cpu = /model name\s*:\s*(.+)/.exec(fs.readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? os.cpus()[0]?.model ?? '?';
  return {
    nproc: os.availableParallelism(),
    cpu,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    kernel: os.release(),
  };
}

const m = machine();
console.log(
  `bench ${new Date().toISOString()} — ${m.nproc} cores (${m.cpu}), ${m.memoryGiB} GiB, Node ${m.node}, Linux ${m.kernel}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const results = [];
for (const dialect of DIALECTS) results.push(await benchDialect(dialect));

/** The goals of issue 32, each judged against a reference measured in the same run (docs/performance.md). */
const RAW_MULTIPLE = { sqlite: 3, postgres: 2 } as const;
console.log('\n=== goals ===');
let lost = false;
for (const r of results) {
  if (r.missing > 0) lost = true;
  const at = (connections: number) => r.runs.find((x) => x.connections === connections);
  const checks: (readonly [string, boolean])[] = [];
  const hundred = at(100);
  if (hundred) {
    const ratio = hundred.requestsPerSecond / r.raw.rowsPerSecond;
    checks.push(
      [`100 connections ≥ ${RAW_MULTIPLE[r.dialect]}× the raw insert rate (${fmt(ratio, 2)}×)`, ratio >= RAW_MULTIPLE[r.dialect]],
      [`100 connections p99 ≤ 50 ms (${hundred.p99} ms)`, hundred.p99 <= 50],
      [`100 connections without errors or non-2xx`, hundred.errors + hundred.timeouts + hundred.non2xx === 0],
    );
  }
  const fiveHundred = at(500);
  if (fiveHundred) {
    const failed = fiveHundred.errors + fiveHundred.timeouts + fiveHundred.non2xx;
    checks.push([`500 connections without errors or non-2xx (${failed})`, failed === 0]);
  }
  if (r.pages) {
    const share = r.pages.home.requestsPerSecond / r.pages.file.requestsPerSecond;
    checks.push([`GET / at ≥ 50% of the same page as a static file (${fmt(100 * share)}%)`, share >= 0.5]);
  }
  checks.push([`every acknowledged sign-up stored`, r.missing === 0]);
  console.log(`${r.dialect}:\n${checks.map(([label, ok]) => `  ${ok ? 'MET   ' : 'MISSED'} ${label}`).join('\n')}`);
}

const outDir = path.join(root, 'artifacts', 'perf');
fs.mkdirSync(outDir, { recursive: true });
const outFile = path.join(outDir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(outFile, JSON.stringify({ machine: m, durationSeconds: DURATION_S, results }, null, 2));
console.log(`\nreport: ${path.relative(root, outFile)}`);
if (lost) {
  console.error('FAILED: acknowledged sign-ups are missing from the database');
  process.exit(1);
}
process.exit(0);

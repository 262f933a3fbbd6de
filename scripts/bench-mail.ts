#!/usr/bin/env -S npx tsx
/**
 * `npm run bench:mail`: how fast confirmation mails leave after a launch-day burst, against a local SMTP server.
 *
 * In one run: the same N mails straight through a pooled nodemailer transport (the reference: what the relay and
 * this machine allow). Then per dialect: (1) the drain: N confirmation mails already in the outbox (signed up while
 * SMTP was not configured), the server restarted with SMTP, timed until the last arrives: the outbox's rate beside the
 * straight one; (2) the burst: the server takes N sign-ups through its API as fast as they come and sends their
 * confirmations meanwhile: when the last one arrived; (3) while a campaign of C recipients goes out in the bulk lane
 * (unpaced), sign-ups arrive one every 200 ms and each one's confirmation latency is measured.
 * Prints a table; exits non-zero when a mail is missing.
 *
 * Flags: --mails N (2000), --campaign C (5000), --dialects sqlite,postgres, --connections K (5: SMTP_MAX_CONNECTIONS).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { SMTPServer } from 'smtp-server';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { freePort } from '../server/src/test/free-port';
import { startServer, type RunningServer } from '../e2e/support/server';
import { signInOperator } from './bench-operator';

const run = promisify(execFile);

const { values: args } = parseArgs({
  options: {
    mails: { type: 'string', default: '2000' },
    campaign: { type: 'string', default: '5000' },
    dialects: { type: 'string', default: 'sqlite,postgres' },
    connections: { type: 'string', default: '5' },
  },
});
const N = Number(args.mails);
const CAMPAIGN = Number(args.campaign);
const CONNECTIONS = Number(args.connections);
const DIALECTS = args.dialects.split(',') as ('sqlite' | 'postgres')[];
const PUBLIC_KEY = 'bench-public-key-0123';
const runId = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** An SMTP server that accepts everything, reads each message to its end and notes when it arrived for whom. */
async function startSink() {
  const port = await freePort();
  const arrivals = new Map<string, number>();
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const at = performance.now();
        for (const rcpt of session.envelope.rcptTo) arrivals.set(rcpt.address.toLowerCase(), at);
        count += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    arrivals,
    get count() {
      return count;
    },
    async waitFor(predicate: () => boolean, timeoutMs: number) {
      const until = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > until) return false;
        await sleep(20);
      }
      return true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type Sink = Awaited<ReturnType<typeof startSink>>;

/** The reference, in a process of its own (scripts/bench-mail-straight.ts): the same mails straight through a pool. */
async function straight(sink: Sink): Promise<number> {
  const { stdout } = await run(process.execPath, [
    '--import',
    'tsx',
    path.join(path.dirname(fileURLToPath(import.meta.url)), 'bench-mail-straight.ts'),
    String(sink.port),
    String(N),
    String(CONNECTIONS),
    runId,
  ]);
  return Number(stdout.trim().split('\n').at(-1));
}

const signUp = (server: RunningServer, email: string) =>
  fetch(new URL(SIGNUPS_PATH, server.url), {
    method: 'POST',
    headers: { apikey: PUBLIC_KEY, authorization: `Bearer ${PUBLIC_KEY}`, 'content-type': 'application/json', prefer: 'return=minimal' },
    body: JSON.stringify({
      email,
      role: 'Head of Innovation / Innovation Director',
      company_size: '1000+ employees',
      desired_outcomes: ['Reuse insights'],
      other_outcome: null,
    }),
  }).then((r) => {
    if (r.status !== 201) throw new Error(`sign-up answered ${r.status}`);
  });

/** Runs `work` over `items` with at most `parallel` at once. */
async function pool<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface OutboxRun {
  dialect: string;
  drainRate: number;
  signupSeconds: number;
  lastMailSeconds: number;
  latency: { p50: number; p99: number; max: number; n: number } | null;
}

const serverEnv = (sink: Sink | null) => ({
  ...(sink ? { SMTP_URL: sink.url } : {}),
  SMTP_MAX_CONNECTIONS: String(CONNECTIONS),
  WAITLIST_PUBLIC_KEY: PUBLIC_KEY,
  LOG_LEVEL: 'warn',
  // The campaign below goes out unpaced: the lane's share of the relay is what is measured.
  BULK_MAIL_PER_MINUTE: '1000000',
  // BENCH_CPU_PROF=DIR: each server writes a V8 CPU profile there when it stops (scripts/cpu-profile.mjs).
  ...(process.env.BENCH_CPU_PROF
    ? {
        NODE_OPTIONS: `--import=${path.join(path.dirname(fileURLToPath(import.meta.url)), 'cpu-profile.mjs')}`,
        CPU_PROFILE_DIR: process.env.BENCH_CPU_PROF,
      }
    : {}),
});

/** N confirmations waiting in the outbox, then SMTP: mails a second from the restart until the last arrived. */
async function drainRun(dialect: 'sqlite' | 'postgres', sink: Sink): Promise<number> {
  const waiting = await startServer({ dialect, env: serverEnv(null) });
  const emails = Array.from({ length: N }, (_, i) => `drain-${dialect}-${runId}-${i}@example.com`);
  await pool(emails, 64, (email) => signUp(waiting, email));
  await waiting.stop({ keepDatabase: true });
  const server = await startServer({ dialect, database: waiting.database, env: serverEnv(sink) });
  try {
    if (!(await sink.waitFor(() => emails.every((e) => sink.arrivals.has(e)), 600_000))) throw new Error(`${dialect}: drain incomplete`);
    // From the first mail to the last: the server's start-up is not the outbox's rate.
    const times = emails.map((e) => sink.arrivals.get(e)!);
    return (N - 1) / ((Math.max(...times) - Math.min(...times)) / 1000);
  } finally {
    await server.stop();
  }
}

async function outboxRun(dialect: 'sqlite' | 'postgres', sink: Sink): Promise<OutboxRun> {
  const drainRate = await drainRun(dialect, sink);
  const server = await startServer({ dialect, env: serverEnv(sink) });
  try {
    const emails = Array.from({ length: N }, (_, i) => `burst-${dialect}-${runId}-${i}@example.com`);
    const start = performance.now();
    await pool(emails, 64, (email) => signUp(server, email));
    const signupSeconds = (performance.now() - start) / 1000;
    const all = await sink.waitFor(() => emails.every((e) => sink.arrivals.has(e)), 600_000);
    if (!all) throw new Error(`${dialect}: ${emails.filter((e) => !sink.arrivals.has(e)).length} confirmation mails never arrived`);
    const last = Math.max(...emails.map((e) => (sink.arrivals.get(e)! - start) / 1000));
    const latency = CAMPAIGN > 0 ? await duringCampaign(server, dialect, sink) : null;
    return { dialect, drainRate, signupSeconds, lastMailSeconds: last, latency };
  } finally {
    await server.stop();
  }
}

/** Confirmation latency while a campaign of CAMPAIGN confirmed recipients is being sent. */
async function duringCampaign(server: RunningServer, dialect: string, sink: Sink) {
  const recipients = Array.from({ length: CAMPAIGN }, (_, i) => `reader-${dialect}-${runId}-${i}@example.com`);
  await pool(recipients, 64, (email) => signUp(server, email));
  await sink.waitFor(() => recipients.every((e) => sink.arrivals.has(e)), 600_000);
  // Confirmed as if each had clicked (the bench's only write behind the server's back: it is not what is measured).
  const placeholders = recipients.map((_, i) => (server.database.url ? `$${i + 1}` : '?')).join(',');
  await server.execute(`UPDATE waitlist_signups SET confirmed_at = created_at WHERE email IN (${placeholders})`, recipients);
  const cookie = await signInOperator(server);
  const admin = (path: string, body: unknown) =>
    fetch(new URL(`/api/admin${path}`, server.url), {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (r.status >= 300) throw new Error(`${path} answered ${r.status}: ${await r.text()}`);
      return (await r.json()) as { id: number; recipients: number };
    });
  for (const e of recipients) sink.arrivals.delete(e);
  const campaign = await admin('/campaigns', {
    name: `bench ${runId}`,
    filter: { q: `reader-${dialect}-${runId}` },
    message: { en: { subject: 'What is new', body: 'Three things are **new** this month.\n\n- One\n- Two\n- Three' } },
  });
  await admin(`/campaigns/${campaign.id}/send`, {});
  const latencies: number[] = [];
  while (recipients.filter((e) => sink.arrivals.has(e)).length < CAMPAIGN * 0.9 && latencies.length < 200) {
    const email = `during-${dialect}-${runId}-${latencies.length}@example.com`;
    const sent = performance.now();
    await signUp(server, email);
    if (!(await sink.waitFor(() => sink.arrivals.has(email), 60_000))) throw new Error('a confirmation never arrived');
    latencies.push(sink.arrivals.get(email)! - sent);
    await sleep(200);
  }
  await sink.waitFor(() => recipients.every((e) => sink.arrivals.has(e)), 600_000);
  return { p50: quantile(latencies, 0.5), p99: quantile(latencies, 0.99), max: Math.max(...latencies), n: latencies.length };
}

const sink = await startSink();
try {
  console.log(
    `bench:mail: ${fmt(N)} mails, SMTP_MAX_CONNECTIONS=${CONNECTIONS}, campaign of ${fmt(CAMPAIGN)}, local SMTP server on loopback\n`,
  );
  const reference = await straight(sink);
  console.log(`straight through a pooled nodemailer transport: ${fmt(reference)} mails/s`);
  const rows: OutboxRun[] = [];
  for (const dialect of DIALECTS) {
    const run = await outboxRun(dialect, sink);
    rows.push(run);
    console.log(
      `${dialect}: outbox drain ${fmt(run.drainRate)} mails/s; ${fmt(N)} sign-ups in ${fmt(run.signupSeconds, 2)} s, last confirmation after ${fmt(run.lastMailSeconds, 2)} s`,
    );
  }
  console.log(
    '\n| database | outbox drain | straight | share | burst: sign-ups taken | burst: last confirmation after | confirmation during campaign p50 / p99 / max (n) |',
  );
  console.log('|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const l = r.latency ? `${fmt(r.latency.p50)} / ${fmt(r.latency.p99)} / ${fmt(r.latency.max)} ms (${r.latency.n})` : 'not run';
    console.log(
      `| ${r.dialect} | ${fmt(r.drainRate)} mails/s | ${fmt(reference)} mails/s | ${fmt((100 * r.drainRate) / reference)} % | ${fmt(r.signupSeconds, 2)} s | ${fmt(r.lastMailSeconds, 2)} s | ${l} |`,
    );
  }
} finally {
  await sink.close();
}

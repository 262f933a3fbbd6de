#!/usr/bin/env -S npx tsx
/**
 * `npm run bench:console -- --rows N [--db sqlite|postgres|sqlite,postgres] [--repeat R]`: the console at size.
 *
 * Seeds N sign-ups with a realistic spread (scripts/bench-console-seed.ts) through the sign-up store the API uses,
 * starts the built server on that database, signs in, and times every console read over HTTP (p50 / p95 over R calls
 * after two warm-ups): first page, a deep page through the cursor, search by part of an address, each filter, sort by
 * e-mail, a person and their mail log, stats, companies, funnel, outbox. Then the CSV export of every row, beside a
 * raw streaming SELECT of the same rows in the same run (the reference), with the server's memory and the p95 of
 * ordinary pages while the export runs. Prints a table per database.
 *
 * `--keep` keeps the seeded database and prints how to reuse it; `--reuse DATA_DIR|postgres://…` skips the seeding.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { createTestDatabase, existingDatabase } from '../server/src/test/databases';
import { startServer, type RunningServer } from '../e2e/support/server';
import { seedConsole } from './bench-console-seed';
import { rawStreamRate, type Reference } from './bench-console-reference';
import { signInOperator } from './bench-operator';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    repeat: { type: 'string', default: '15' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    'skip-export': { type: 'boolean', default: false },
    'only-export': { type: 'boolean', default: false },
    /** Right after a burst (seed-console.ts: burst): no warm-up, worst of --repeat (5), the first read included. */
    burst: { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const REPEAT = Number(args.repeat);
const DIALECTS = args.db.split(',') as ('sqlite' | 'postgres')[];

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Timing {
  read: string;
  p50: number;
  p95: number;
  /** Rows or items the read answered with (what the founder sees). */
  answered: string;
}

async function timeReads(server: RunningServer, cookie: string, probe: Awaited<ReturnType<typeof seedConsole>>): Promise<Timing[]> {
  const get = async (path: string) => {
    const response = await fetch(new URL(`/api/admin${path}`, server.url), { headers: { cookie } });
    if (response.status !== 200) {
      const lines = server
        .logs()
        .split('\n')
        .filter((line) => /"level":(4|5)0/.test(line) && !/development default/.test(line));
      throw new Error(`GET ${path} answered ${response.status}: ${(await response.text()).slice(0, 300)}\n${lines.slice(-5).join('\n')}`);
    }
    return (await response.json()) as Record<string, unknown>;
  };
  const describe = (body: Record<string, unknown>) => {
    if (Array.isArray(body.items))
      return `${body.items.length}${typeof body.total === 'number' ? ` of ${fmt(body.total)}${body.total_capped ? '+' : ''}` : ''}`;
    if (typeof body.total === 'number') return `${fmt(body.total)}${body.total_capped ? '+' : ''}`;
    if (Array.isArray(body.rows)) return `${body.rows.length} rows`;
    if (Array.isArray(body.entries)) return `${body.entries.length} mails`;
    return 'ok';
  };
  // Saved segments (issue 48 item 2): the Sign-ups screen lists each with its live count, and a send goes to one.
  const segments: [string, Record<string, unknown>][] = [
    [
      'Enterprise innovation leads, fit 60 or more',
      { role: 'Head of Innovation / Innovation Director', company_size: '1000+ employees', min_score: 60 },
    ],
    ['Confirmed product managers', { role: 'Product Manager', confirmed: 'yes' }],
    ['The short list', { confirmed: 'yes', invited: 'no', opted_out: 'no' }],
  ];
  for (const [name, filter] of segments) {
    const response = await fetch(new URL('/api/admin/segments', server.url), {
      method: 'POST',
      headers: { cookie, origin: new URL(server.url).origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name, filter }),
    });
    if (!response.ok && response.status !== 409) throw new Error(`POST /segments answered ${response.status}: ${await response.text()}`);
  }
  const reads: [string, string][] = [
    ['list: first page', '/signups'],
    ['saved segments, each with its live count (3)', '/segments'],
    [
      'list: a segment applied (enterprise innovation leads, fit 60 or more)',
      `/signups?role=${encodeURIComponent('Head of Innovation / Innovation Director')}&company_size=${encodeURIComponent('1000+ employees')}&min_score=60`,
    ],
    ['list: a deep page (cursor at the middle)', `/signups?cursor=${probe.middleCursor}`],
    // A view opened from a link holds its page by number (the console's address never holds a cursor).
    ['list: page 400 from a link, of a role', '/signups?role=Product%20Manager&page=400'],
    [`search: part of an address ("${probe.searchPart}")`, `/signups?q=${encodeURIComponent(probe.searchPart)}`],
    [`search: a company's name ("${probe.companyPart}")`, `/signups?q=${encodeURIComponent(probe.companyPart)}`],
    ['search: two letters ("an")', '/signups?q=an'],
    ['filter: role', `/signups?role=${encodeURIComponent('Product Manager')}`],
    ['filter: company size', `/signups?company_size=${encodeURIComponent('1000+ employees')}`],
    ['filter: outcome', `/signups?outcome=${encodeURIComponent('Reuse insights')}`],
    ['filter: confirmed', '/signups?confirmed=yes'],
    ['filter: not confirmed', '/signups?confirmed=no'],
    ['filter: opted out', '/signups?opted_out=yes'],
    ['filter: status invited', '/signups?status=invited'],
    ['filter: flag', '/signups?flag=no-proof-of-work'],
    ['filter: company', `/signups?company=${encodeURIComponent(probe.company)}`],
    ['filter: a month', `/signups?from=${probe.monthFrom}&to=${probe.monthTo}`],
    [
      'filter: role + size + confirmed',
      `/signups?role=${encodeURIComponent('Product Manager')}&company_size=${encodeURIComponent('1000+ employees')}&confirmed=yes`,
    ],
    ['sort: e-mail', '/signups?sort=email'],
    ['sort: fit score, best first', '/signups?sort=-fit_score'],
    ['the short list (confirmed, not invited, best fit)', '/signups?confirmed=yes&invited=no&opted_out=no&sort=-fit_score'],
    ['filter: fit at least 80', '/signups?min_score=80'],
    ['sort: e-mail, descending, deep', `/signups?sort=-email&cursor=${probe.middleEmailCursor}`],
    ['person', `/signups/${probe.personId}`],
    ['person: mail log', `/signups/${probe.personId}/mail`],
    ['person: follow-up', `/signups/${probe.personId}/follow-up`],
    ['stats (dashboard)', '/stats'],
    ['fit spread (dashboard)', '/fit-spread'],
    ['upcoming calls', '/meetings'],
    ['companies: first page', '/companies'],
    ['companies: a later page', `/companies?page=3`],
    ['funnel: a year by day', `/funnel?from=${probe.yearFrom}&to=${probe.today}&by=day`],
    ['funnel: a year by source', `/funnel?from=${probe.yearFrom}&to=${probe.today}&by=source`],
    ['outbox', '/outbox'],
  ];
  const timings: Timing[] = [];
  for (const [read, path] of reads) {
    let body: Record<string, unknown> = {};
    if (!args.burst) for (let i = 0; i < 2; i++) body = await get(path);
    const times: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const start = performance.now();
      body = await get(path);
      times.push(performance.now() - start);
    }
    // After a burst the figure is the worst of the calls, the first one (cold, nothing folded) included.
    const p95 = args.burst ? Math.max(...times) : quantile(times, 0.95);
    timings.push({ read, p50: quantile(times, 0.5), p95, answered: describe(body) });
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  return timings;
}

/** The server's resident memory (kB), from /proc. */
const rssKb = (pid: number) => {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  } catch {
    return Number.NaN;
  }
};

interface ExportRun {
  /** The same export again while ordinary pages are asked for. */
  withPages?: ExportRun;
  rows: number;
  seconds: number;
  firstByteMs: number;
  maxRssMb: number;
  pagesP95: number;
  pagesN: number;
}

/**
 * The whole list as CSV, counted as it streams; with `pages`, ordinary pages (the list, the dashboard, the home page)
 * are asked for every 100 ms meanwhile, one after another, as a founder clicking around would.
 */
async function exportRun(server: RunningServer, cookie: string, pages: boolean): Promise<ExportRun> {
  const start = performance.now();
  let firstByteMs = Number.NaN;
  let lines = 0;
  let maxRss = 0;
  let exporting = pages;
  const pageTimes: number[] = [];
  const poller = (async () => {
    while (exporting) {
      for (const path of ['/api/admin/signups', '/api/admin/stats', '/']) {
        const t = performance.now();
        const response = await fetch(new URL(path, server.url), { headers: { cookie } });
        await response.arrayBuffer();
        pageTimes.push(performance.now() - t);
      }
      maxRss = Math.max(maxRss, rssKb(server.process.pid!));
      await sleep(100);
    }
  })();
  const response = await fetch(new URL('/api/admin/signups/export.csv', server.url), { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    if (Number.isNaN(firstByteMs)) firstByteMs = performance.now() - start;
    // Counted natively: a byte-by-byte loop here would slow the client, not the server.
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
  }
  const seconds = (performance.now() - start) / 1000;
  exporting = false;
  await poller;
  return { rows: lines - 1, seconds, firstByteMs, maxRssMb: maxRss / 1024, pagesP95: quantile(pageTimes, 0.95), pagesN: pageTimes.length };
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const database = args.reuse ? existingDatabase(args.reuse) : await createTestDatabase(dialect);
  let server: RunningServer | undefined;
  try {
    const seedStart = performance.now();
    const probe = await seedConsole(database, { rows: ROWS, reuse: Boolean(args.reuse), burst: args.burst });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    if (!args.reuse) console.log(`${dialect}: seeded ${fmt(ROWS)} sign-ups in ${fmt(seedSeconds, 1)} s (${fmt(ROWS / seedSeconds)}/s)`);
    server = await startServer({
      dialect,
      database,
      env: { LOG_LEVEL: 'warn', ADMIN_SIGNIN_RATE_LIMIT: 'off', ADMIN_READ_BUDGET_PER_HOUR: '1000000000' },
    });
    const cookie = await signInOperator(server);
    const timings = args['only-export'] ? [] : await timeReads(server, cookie, probe);
    let exported: ExportRun | null = null;
    let reference: Reference | null = null;
    if (!args['skip-export']) {
      exported = { ...(await exportRun(server, cookie, false)), withPages: await exportRun(server, cookie, true) };
      reference = await rawStreamRate(database);
    }
    return { dialect, timings, exported, reference };
  } finally {
    await server?.stop({ keepDatabase: true });
    if (args.keep && !args.reuse) console.log(`${dialect}: kept the database: --reuse ${database.url ?? database.dataDir}`);
    else await database.drop();
  }
}

console.log(
  args.burst
    ? `bench:console --burst: ${fmt(ROWS)} sign-ups just arrived (mails waiting, nothing folded, no statistics); p50 / worst of ${REPEAT} calls, no warm-up\n`
    : `bench:console: ${fmt(ROWS)} sign-ups, ${REPEAT} timed calls per read after two warm-ups\n`,
);
const results: Awaited<ReturnType<typeof benchDialect>>[] = [];
for (const dialect of DIALECTS) results.push(await benchDialect(dialect));

console.log(`\n| read | ${results.map((r) => `${r.dialect} p50 / p95 (ms)`).join(' | ')} | answered |`);
console.log(`|---|${results.map(() => '---|').join('')}---|`);
for (let i = 0; i < (results[0]?.timings.length ?? 0); i++) {
  const cells = results.map((r) => {
    const t = r.timings[i]!;
    const mark = t.p95 > 150 ? ' **over**' : '';
    return `${fmt(t.p50, 1)} / ${fmt(t.p95, 1)}${mark}`;
  });
  console.log(`| ${results[0]!.timings[i]!.read} | ${cells.join(' | ')} | ${results[0]!.timings[i]!.answered} |`);
}
if (results.some((r) => r.exported)) {
  console.log(`\n| CSV export | ${results.map((r) => r.dialect).join(' | ')} |`);
  console.log(`|---|${results.map(() => '---|').join('')}`);
  const row = (label: string, cell: (r: (typeof results)[number]) => string) =>
    console.log(`| ${label} | ${results.map(cell).join(' | ')} |`);
  row('rows', (r) => fmt(r.exported?.rows ?? 0));
  row('seconds', (r) => fmt(r.exported?.seconds ?? 0, 1));
  row('rows/s', (r) => fmt((r.exported?.rows ?? 0) / (r.exported?.seconds ?? 1)));
  row('raw streaming SELECT, rows/s (reference)', (r) => fmt(r.reference?.rowsPerSecond ?? 0));
  row(
    'share of the reference',
    (r) => `${fmt((100 * ((r.exported?.rows ?? 0) / (r.exported?.seconds ?? 1))) / (r.reference?.rowsPerSecond ?? 1))} %`,
  );
  row('first byte', (r) => `${fmt(r.exported?.firstByteMs ?? 0)} ms`);
  row('again while ordinary pages are read: rows/s', (r) =>
    fmt((r.exported?.withPages?.rows ?? 0) / (r.exported?.withPages?.seconds ?? 1)),
  );
  row(
    'ordinary pages meanwhile, p95',
    (r) => `${fmt(r.exported?.withPages?.pagesP95 ?? 0, 1)} ms (${r.exported?.withPages?.pagesN ?? 0} requests)`,
  );
  row("server's memory, highest (sampled while pages are read)", (r) => `${fmt(r.exported?.withPages?.maxRssMb ?? 0)} MB`);
}
const over = results.flatMap((r) => r.timings.filter((t) => t.p95 > 150).map((t) => `${r.dialect}: ${t.read}`));
if (over.length > 0) console.log(`\nreads over 150 ms (p95): ${over.join('; ')}`);

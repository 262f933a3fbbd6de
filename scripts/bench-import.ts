#!/usr/bin/env -S npx tsx
/**
 * `npm run bench:import -- --rows N [--db sqlite,postgres]`: importing an existing list of N people with
 * `npm run admin -- import` (a process of its own) into a running server's database, while sign-ups keep arriving at the
 * server every 20 ms: how long the import takes, and how long a sign-up waited meanwhile (does it hold the sign-up path?).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS, SIGNUPS_PATH } from '@waitlist/contract';
import { startServer } from '../e2e/support/server';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: { rows: { type: 'string', default: '100000' }, db: { type: 'string', default: 'sqlite,postgres' } },
});
const ROWS = Number(args.rows);
const KEY = 'bench-import-public-key';
const quantile = (v: number[], q: number) => [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.ceil(q * v.length) - 1)] ?? 0;

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-import-'));
const file = path.join(dir, 'old-list.csv');
const lines = ['Email Address,Job Title,Company Size,Desired outcomes,Date Added,Language'];
for (let i = 0; i < ROWS; i++) {
  lines.push(
    [
      `person-${i}@company-${i % 3000}.example`,
      ROLE_OPTIONS[i % ROLE_OPTIONS.length],
      COMPANY_SIZE_OPTIONS[i % COMPANY_SIZE_OPTIONS.length],
      `${DESIRED_OUTCOME_OPTIONS[i % DESIRED_OUTCOME_OPTIONS.length]}; Reuse insights`,
      new Date(Date.now() - (i % 365) * 86_400_000).toISOString(),
      i % 5 === 0 ? 'sv' : 'en',
    ].join(','),
  );
}
fs.writeFileSync(file, lines.join('\n'));
console.log(
  `bench:import: ${ROWS.toLocaleString('en-US')} rows (${(fs.statSync(file).size / 1e6).toFixed(1)} MB), sign-ups every 20 ms meanwhile\n`,
);

for (const dialect of args.db.split(',') as ('sqlite' | 'postgres')[]) {
  const server = await startServer({ dialect, env: { WAITLIST_PUBLIC_KEY: KEY, LOG_LEVEL: 'warn' } });
  try {
    const latencies: number[] = [];
    /** Every answer but 201, and every wait over half a second, with when it began (seconds into the import). */
    const answers = new Map<number, number>();
    const slow: string[] = [];
    let importing = true;
    const started = performance.now();
    let n = 0;
    const signUps = (async () => {
      while (importing) {
        const t = performance.now();
        const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
          method: 'POST',
          headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `live-${n++}@acme.example`,
            role: 'Product Manager',
            company_size: '1000+ employees',
            desired_outcomes: ['Reuse insights'],
          }),
        });
        await res.arrayBuffer();
        const ms = performance.now() - t;
        latencies.push(ms);
        answers.set(res.status, (answers.get(res.status) ?? 0) + 1);
        if (ms > 500 || res.status !== 201) slow.push(`${res.status} after ${ms.toFixed(0)} ms at ${((t - started) / 1000).toFixed(1)} s`);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const env = {
      PATH: process.env.PATH ?? '',
      DATA_DIR: server.database.dataDir,
      ...(server.database.url ? { DATABASE_URL: server.database.url } : {}),
    };
    const { stdout } = await run(process.execPath, ['server/dist/admin-cli.js', 'import', file, '--source', 'old-list'], {
      env,
      maxBuffer: 1 << 24,
    });
    const seconds = (performance.now() - started) / 1000;
    importing = false;
    await signUps;
    console.log(
      `${dialect}: ${seconds.toFixed(1)} s (${Math.round(ROWS / seconds).toLocaleString('en-US')} rows/s): ${stdout.trim().split('\n').at(-1)}`,
    );
    console.log(
      `  ${latencies.length} sign-ups meanwhile: p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p99 ${quantile(latencies, 0.99).toFixed(1)} ms, longest ${Math.max(...latencies).toFixed(1)} ms; answers ${[...answers].map(([status, count]) => `${status} × ${count}`).join(', ')}`,
    );
    if (slow.length > 0) console.log(`  slower than 500 ms or not 201: ${slow.join('; ')}`);
    if ([...answers.keys()].some((status) => status !== 201)) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
fs.rmSync(dir, { recursive: true, force: true });

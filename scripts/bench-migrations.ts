#!/usr/bin/env -S npx tsx
/**
 * `npm run bench:migrations -- --rows N [--db sqlite|postgres] [--from V]`: what the newest migrations cost on a big
 * list, and whether sign-ups wait for them.
 *
 * Makes a database at version V (default 11, before the console's kept counts and indexes), fills it with N sign-ups
 * (the spread of server/src/test/seed-signups.ts, written as that version's code wrote them), then runs
 * `npm run migrate` (the built server's migrate.js) in a process of its own while this process inserts a sign-up
 * every 20 ms the way a copy still running the older code does, timing each insert. Prints each migration's duration and
 * the inserts' latency while they ran (the longest is how long sign-ups were held).
 *
 * `--reuse DATA_DIR|postgres://…` migrates an existing database instead (e.g. one `npm run bench:console -- --keep` made).
 */
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';
import { sql } from 'kysely';
import { migrate, migrations } from '../server/src/db/migrations';
import { createTestDatabase, existingDatabase, type TestDatabase } from '../server/src/test/databases';
import { seedRows } from '../server/src/test/seed-signups';
import type { Database } from '../server/src/db/connection';

const run = promisify(execFile);
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'sqlite,postgres' },
    from: { type: 'string', default: '11' },
    reuse: { type: 'string' },
  },
});
const ROWS = Number(args.rows);
const FROM = Number(args.from);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)] ?? 0;

/** The columns every version since 11 has; `counted` is left to the column's default, as older code does. */
async function insertAsOlderCode(database: Database, rows: ReturnType<typeof seedRows>) {
  await database.db
    .insertInto('waitlist_signups')
    .values(
      rows.map(({ desired_outcomes, free_mail, flags, ...row }) => ({
        ...row,
        desired_outcomes: database.encodeList(desired_outcomes ?? []),
        free_mail: free_mail ? 1 : 0,
        flags: flags.join(' '),
      })),
    )
    .execute();
}

async function benchDialect(dialect: 'sqlite' | 'postgres') {
  const testDb: TestDatabase = args.reuse ? existingDatabase(args.reuse) : await createTestDatabase(dialect);
  const database = testDb.open();
  try {
    if (!args.reuse) {
      await migrate(
        database,
        migrations.filter((m) => m.version <= FROM),
      );
      const now = Date.now();
      for (let start = 0; start < ROWS; start += 1000)
        await insertAsOlderCode(database, seedRows(Math.min(1000, ROWS - start), now, start));
      if (dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(database.db);
      console.log(`${dialect}: ${fmt(ROWS)} sign-ups at version ${FROM}`);
    }
    // Sign-ups keep coming while another process migrates.
    const latencies: number[] = [];
    let refused = 0;
    let n = 0;
    let migrating = true;
    const inserter = (async () => {
      while (migrating) {
        const start = performance.now();
        try {
          await insertAsOlderCode(database, seedRows(1, Date.now(), 10_000_000 + n++));
        } catch {
          // SQLite: the migration held the one writer longer than busy_timeout (5 s).
          refused += 1;
        }
        latencies.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const started = performance.now();
    const startedAt = Date.now();
    const { stdout } = await run(process.execPath, ['server/dist/migrate.js'], {
      env: { PATH: process.env.PATH ?? '', DATA_DIR: testDb.dataDir, ...(testDb.url ? { DATABASE_URL: testDb.url } : {}) },
    });
    const seconds = (performance.now() - started) / 1000;
    migrating = false;
    await inserter;
    const applied = await sql<{ version: number; name: string; applied_at: string | Date }>`
      SELECT version, name, applied_at FROM schema_migrations WHERE version > ${FROM} ORDER BY version`.execute(database.db);
    return { dialect, seconds, startedAt, stdout: stdout.trim(), applied: applied.rows, latencies, refused };
  } finally {
    await database.close();
    await testDb.drop();
  }
}

console.log(`bench:migrations: from version ${FROM}${args.reuse ? ` (reusing ${args.reuse})` : ` with ${fmt(ROWS)} sign-ups`}\n`);
for (const dialect of args.db.split(',') as ('sqlite' | 'postgres')[]) {
  const result = await benchDialect(dialect);
  const stamps = result.applied.map((r) => new Date(r.applied_at).getTime());
  console.log(`\n${dialect}: migrated in ${fmt(result.seconds, 1)} s (${result.stdout.split('\n').at(-1)})`);
  result.applied.forEach((r, i) =>
    console.log(`  ${r.version} ${r.name}: ${fmt((stamps[i]! - (i === 0 ? result.startedAt : stamps[i - 1]!)) / 1000, 1)} s`),
  );
  console.log(
    `  sign-ups inserted meanwhile: ${result.latencies.length}, latency p50 ${fmt(quantile(result.latencies, 0.5), 1)} ms, p99 ${fmt(
      quantile(result.latencies, 0.99),
      1,
    )} ms, longest ${fmt(Math.max(...result.latencies), 1)} ms; refused after waiting 5 s: ${result.refused}`,
  );
}

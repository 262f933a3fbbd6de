import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../server/src/test/databases';
import { startServer } from './support/server';
import { addOperator, signInByApi } from './support/console-seed';

/**
 * Backups and restores that honour erasure (issue 26), with the built server and the real CLIs: a backup taken while
 * 300 sign-ups a second arrive restores into an empty database holding every sign-up acknowledged before the backup
 * began, and the restored database is whole (SQLite's integrity check; pg_restore without an error); a person erased
 * after the backup is absent after the restore (the erasure ledger); a damaged backup, and a database that holds
 * sign-ups, are refused with nothing changed.
 */
const run = promisify(execFile);
const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PUBLIC_KEY = 'dev-public-key';
const envOf = (db: TestDatabase, ledger: string) => ({
  PATH: process.env.PATH ?? '',
  DATA_DIR: db.dataDir,
  ERASURE_LEDGER: ledger,
  ...(db.url ? { DATABASE_URL: db.url } : {}),
});
const cli = (script: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [path.join(repoRoot, 'server', 'dist', script), ...args], { env }).then(
    (r) => ({ code: 0, out: r.stdout, err: r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout, err: e.stderr }),
  );

describe.each(DIALECTS)('backup and restore on %s', (dialect) => {
  it('restores every sign-up acknowledged before a backup taken under load, whole, without the person erased after it', async () => {
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-backups-'));
    const ledger = path.join(scratch, 'erasure-ledger.jsonl');
    const server = await startServer({ dialect, env: { ERASURE_LEDGER: ledger, LOG_LEVEL: 'warn' } });
    const target = await createTestDatabase(dialect);
    try {
      // 300 sign-ups a second, each remembered in the order it was acknowledged.
      const acknowledged: { email: string }[] = [];
      let n = 0;
      let running = true;
      const loadStarted = Date.now();
      const load = (async () => {
        while (running) {
          const started = performance.now();
          await Promise.all(
            Array.from({ length: 30 }, async () => {
              const email = `load-${dialect}-${n++}@acme.example`;
              const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
                method: 'POST',
                headers: {
                  apikey: PUBLIC_KEY,
                  authorization: `Bearer ${PUBLIC_KEY}`,
                  'content-type': 'application/json',
                  prefer: 'return=minimal',
                },
                body: JSON.stringify({
                  email,
                  role: 'Product Manager',
                  company_size: '1000+ employees',
                  desired_outcomes: ['Reuse insights'],
                }),
              });
              if (res.status === 201) acknowledged.push({ email });
            }),
          );
          await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (performance.now() - started))));
        }
      })();
      // The backup starts once 300 are in, however fast this machine takes them (a fixed wait made it a race).
      await expect.poll(() => acknowledged.length, { timeout: 60_000, interval: 50 }).toBeGreaterThan(300);
      // Who was acknowledged before the backup began, by count (the list grows in the order of acknowledgement): a
      // timestamp compare lost the ones acknowledged in the backup's first millisecond and made this a race.
      const acknowledgedBefore = acknowledged.length;
      const backup = await cli('backup-cli.js', ['--out', scratch], envOf(server.database, ledger));
      await new Promise((resolve) => setTimeout(resolve, 500));
      running = false;
      await load;
      expect(backup.code, backup.err).toBe(0);
      const file = backup.out.trim().split('\n').at(-1)!;
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.readFileSync(`${file}.sha256`, 'utf8')).toMatch(/^[0-9a-f]{64} {2}waitlist-/);
      const before = acknowledged.slice(0, acknowledgedBefore);
      const rate = acknowledged.length / ((Date.now() - loadStarted) / 1000);
      console.log(
        `[backup on ${dialect}] ${acknowledged.length} sign-ups acknowledged (${rate.toFixed(0)}/s), ${before.length} before the backup began`,
      );
      expect(before.length).toBeGreaterThan(300);

      // A person erased after the backup: by an operator, through the console's API.
      await addOperator(server);
      const cookie = await signInByApi(server);
      const erased = before[7]!.email;
      const [row] = await server.query<{ id: number }>(`SELECT id FROM waitlist_signups WHERE email = '${erased}'`);
      expect(
        (await fetch(`${server.url}/api/admin/signups/${row!.id}`, { method: 'DELETE', headers: { cookie, origin: server.url } })).status,
      ).toBe(204);
      await server.stop({ keepDatabase: true });

      // A damaged copy is refused before anything is touched.
      const damaged = path.join(scratch, `damaged-${path.basename(file)}`);
      fs.copyFileSync(file, damaged);
      fs.copyFileSync(`${file}.json`, `${damaged}.json`);
      fs.appendFileSync(damaged, 'x');
      const refused = await cli('restore-cli.js', [damaged], envOf(target, ledger));
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('damaged');

      // Into an empty database: everyone acknowledged before the backup, but the erased person.
      const restored = await cli('restore-cli.js', [file], envOf(target, ledger));
      expect(restored.code, restored.err).toBe(0);
      expect(restored.out).toContain('1 erased again');
      const emails = new Set(
        (dialect === 'postgres'
          ? await (async () => {
              const pg = (await import('pg')).default;
              const client = new pg.Client({ connectionString: target.url });
              await client.connect();
              try {
                return (await client.query<{ email: string }>('SELECT email FROM waitlist_signups')).rows;
              } finally {
                await client.end();
              }
            })()
          : new BetterSqlite3(path.join(target.dataDir, 'waitlist.db'), { readonly: true })
              .prepare('SELECT email FROM waitlist_signups')
              .all()
        ).map((r) => (r as { email: string }).email),
      );
      const missing = before.filter((a) => a.email !== erased && !emails.has(a.email));
      expect(missing).toEqual([]);
      expect(emails.has(erased)).toBe(false);
      if (dialect === 'sqlite') {
        const check = new BetterSqlite3(path.join(target.dataDir, 'waitlist.db'), { readonly: true });
        expect(check.pragma('integrity_check', { simple: true })).toBe('ok');
        check.close();
      }

      // A database that holds sign-ups is not overwritten without --force.
      const again = await cli('restore-cli.js', [file], envOf(target, ledger));
      expect(again.code).toBe(1);
      expect(again.err).toContain('--force');
      expect((await cli('restore-cli.js', [file, '--force'], envOf(target, ledger))).code).toBe(0);
    } finally {
      await server.database.drop();
      await target.drop();
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  }, 120_000);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fork } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openSqlite, sqliteFile } from './sqlite';

/**
 * Two processes on one SQLite file: the server writing, and an operator's command (`npm run admin -- add`) that reads
 * and then writes in one transaction. A deferred transaction failed at once with SQLITE_BUSY whenever the other
 * process had written since its read (no busy timeout helps there); every transaction now begins immediate and waits.
 */
describe('a second process on the SQLite file', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-writers-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('reads then writes in one transaction while another process writes every few milliseconds, and none of it is lost', async () => {
    const database = openSqlite(dir, 10_000);
    await sql`CREATE TABLE IF NOT EXISTS beats (id INTEGER PRIMARY KEY, who TEXT NOT NULL)`.execute(database.db);
    // The other process: a writer that commits back to back with 2 ms pauses for 3 s, as a server folding a burst.
    const script = `
      const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
      const db = new Database(${JSON.stringify(sqliteFile(dir))});
      db.pragma('journal_mode = WAL'); db.pragma('busy_timeout = 10000');
      const insert = db.prepare("INSERT INTO beats (who) VALUES ('server')");
      const until = Date.now() + 3000;
      process.send('ready');
      (function beat() { if (Date.now() > until) { db.close(); process.exit(0); } insert.run(); setTimeout(beat, 2); })();
    `;
    const scriptFile = path.join(dir, 'writer.cjs');
    fs.writeFileSync(scriptFile, script);
    const writer = fork(scriptFile);
    await new Promise((resolve) => writer.once('message', resolve));
    const exited = new Promise((resolve) => writer.once('exit', resolve));

    let committed = 0;
    for (let i = 0; i < 40; i++) {
      await database.transaction(async (trx) => {
        const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM beats`.execute(trx);
        // Between the read and the write, the other process writes (the moment that made a deferred one fail).
        await new Promise((resolve) => setTimeout(resolve, 5));
        await sql`INSERT INTO beats (who) VALUES (${`command ${rows[0]!.n}`})`.execute(trx);
      });
      committed += 1;
    }
    await exited;
    const { rows } = await sql<{ who: string; n: number }>`SELECT who = 'server' AS who, count(*) AS n FROM beats GROUP BY 1`.execute(
      database.db,
    );
    await database.close();
    expect(committed).toBe(40);
    expect(Number(rows.find((r) => !Number(r.who))?.n)).toBe(40);
    expect(Number(rows.find((r) => Number(r.who))?.n)).toBeGreaterThan(100);
  }, 30_000);
});

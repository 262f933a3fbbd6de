import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import type { TestDatabase } from '../server/src/test/databases';
import { startServer, type RunningServer } from './support/server';

/**
 * kill -9 of the built server while sign-ups stream in, then a restart on the same database:
 * every acknowledged (201) sign-up must be there, and the database must open cleanly.
 */
const KEY = 'crash-test-key-1234';
const WORKERS = 12;
const ROUNDS = 2;
const STREAM_MS = 700;

interface Stream {
  acknowledged: string[];
  failed: number;
  done: Promise<void>;
}

/** WORKERS clients each sending sign-ups one after another until the server stops answering. */
function streamSignups(server: RunningServer, tag: string): Stream {
  const acknowledged: string[] = [];
  let failed = 0;
  let n = 0;
  const worker = async (w: number) => {
    for (let i = 0; i < 10_000; i++) {
      const email = `crash-${tag}-${w}-${n++}@example.com`;
      try {
        const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
          method: 'POST',
          headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            email,
            role: 'Project Manager',
            company_size: '51-200 employees',
            desired_outcomes: ['Speed up time-to-market'],
          }),
          signal: AbortSignal.timeout(5_000),
        });
        await res.arrayBuffer();
        if (res.status === 201) acknowledged.push(email);
        else failed++;
      } catch {
        failed++;
        return; // connection refused or reset: the server is gone
      }
    }
  };
  return {
    acknowledged,
    get failed() {
      return failed;
    },
    done: Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w))).then(() => undefined),
  };
}

function sqliteIntegrity(database: TestDatabase): string {
  const db = new BetterSqlite3(path.join(database.dataDir, 'waitlist.db'));
  try {
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}

/** Also with group commit on, where an acknowledgement could most easily run ahead of durability. */
const CASES = [
  { dialect: 'sqlite', batch: '0' },
  { dialect: 'postgres', batch: '0' },
  { dialect: 'sqlite', batch: '3' },
  { dialect: 'postgres', batch: '3' },
] as const;

describe.each(CASES)('kill -9 mid-stream on $dialect (SIGNUP_BATCH_WINDOW_MS=$batch)', ({ dialect, batch }) => {
  const env = { WAITLIST_PUBLIC_KEY: KEY, SIGNUP_BATCH_WINDOW_MS: batch };
  let server: RunningServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it(`every acknowledged sign-up survives ${ROUNDS} SIGKILLs and the database opens cleanly`, async () => {
    server = await startServer({ dialect, env });
    const acknowledged: string[] = [];

    for (let round = 0; round < ROUNDS; round++) {
      const stream = streamSignups(server, `${dialect}-${round}-${Date.now().toString(36)}`);
      // Kill only once sign-ups are flowing, so the crash lands mid-stream.
      const deadline = Date.now() + 10_000;
      while (stream.acknowledged.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      await new Promise((r) => setTimeout(r, STREAM_MS));
      const ackedBeforeKill = stream.acknowledged.length;
      server.process.kill('SIGKILL');
      await stream.done;
      await server.stop({ keepDatabase: true });
      expect(server.process.signalCode).toBe('SIGKILL');
      expect(ackedBeforeKill).toBeGreaterThan(20);
      acknowledged.push(...stream.acknowledged);

      if (dialect === 'sqlite') expect(sqliteIntegrity(server.database)).toBe('ok');
      server = await startServer({ dialect, database: server.database, env });
    }

    const stored = new Set((await server.query<{ email: string }>('SELECT email FROM waitlist_signups')).map((r) => r.email));
    const missing = acknowledged.filter((email) => !stored.has(email));
    expect(missing, `${missing.length} of ${acknowledged.length} acknowledged sign-ups were lost`).toEqual([]);
    console.info(
      `[crash ${dialect} batch=${batch}ms] ${acknowledged.length} acknowledged sign-ups verified after ${ROUNDS} SIGKILLs (${stored.size} rows stored)`,
    );

    // The restarted server is ready and takes new sign-ups.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
      method: 'POST',
      headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `after-crash-${dialect}-${batch}@example.com`,
        role: 'Other',
        company_size: '1-10 employees',
        desired_outcomes: ['Other'],
      }),
    });
    expect(res.status).toBe(201);
    if (dialect === 'sqlite') {
      const [check] = await server.query<{ integrity_check: string }>('PRAGMA integrity_check');
      expect(check?.integrity_check).toBe('ok');
    }
  });
});

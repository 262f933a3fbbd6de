import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { createTestDatabase, type TestDatabase } from '../../server/src/test/databases';
import { freePort } from '../../server/src/test/free-port';
import { ready } from '../../server/src/test/app';
import { afterAll, beforeAll } from 'vitest';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

export { freePort };

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const serverEntry = path.join(repoRoot, 'server', 'dist', 'server.js');

export interface RunningServer {
  url: string;
  port: number;
  database: TestDatabase;
  /** Reads the server's own database directly (no mock): SQLite file or the PostgreSQL test database. */
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Writes to the server's own database directly (test set-up, e.g. people who confirmed). */
  execute(sql: string, params?: unknown[]): Promise<void>;
  /** Everything the server printed so far (JSON log lines). */
  logs(): string;
  process: ChildProcess;
  /** SIGTERM and wait (use `kill('SIGKILL')` for crash tests); drops the database unless `keepDatabase`. */
  stop(options?: { keepDatabase?: boolean }): Promise<void>;
}

export interface StartServerOptions {
  dialect?: 'sqlite' | 'postgres';
  env?: Record<string, string>;
  /** Reuse an existing test database (e.g. restart after a crash). */
  database?: TestDatabase;
  /** Listen on this port (e.g. one SITE_URL already names); default: a free one. */
  port?: number;
}

/** Spawns the built production server (`npm run build` first) on a free port with a fresh database. */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  if (!fs.existsSync(serverEntry)) throw new Error(`${serverEntry} is missing: run npm run build first`);
  const database = options.database ?? (await createTestDatabase(options.dialect ?? 'sqlite', { migrated: true }));
  const port = options.port ?? (await freePort());
  let output = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
      SIGNUP_RATE_LIMIT: 'off',
      // Tests of the mail budget turn it on; the others send more than 30 mails an hour.
      UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start within 20 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }

  const query = async <T>(sql: string, params: unknown[] = []): Promise<T[]> => {
    if (database.url) {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        return (await client.query(sql, params)).rows as T[];
      } finally {
        await client.end();
      }
    }
    const db = new BetterSqlite3(path.join(database.dataDir, 'waitlist.db'), { readonly: true });
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  };

  const execute = async (sql: string, params: unknown[] = []): Promise<void> => {
    if (database.url) {
      await query(sql, params);
      return;
    }
    const db = new BetterSqlite3(path.join(database.dataDir, 'waitlist.db'));
    db.pragma('busy_timeout = 5000');
    try {
      db.prepare(sql).run(...params);
    } finally {
      db.close();
    }
  };

  return {
    url,
    port,
    database,
    query,
    execute,
    logs: () => output,
    process: child,
    async stop({ keepDatabase = false } = {}) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      await exited;
      if (!keepDatabase) await database.drop();
    },
  };
}

/**
 * In a describe block: a built server on a fresh PostgreSQL database that it reaches through a TCP proxy, so a
 * test can cut the database off (`proxy.cut()`) and bring it back (`proxy.restore()`) while the server runs.
 */
export function useServerBehindDatabaseProxy(): { readonly server: RunningServer; readonly proxy: TcpProxy } {
  let testDb: TestDatabase | undefined;
  let proxy: TcpProxy | undefined;
  let server: RunningServer | undefined;
  beforeAll(async () => {
    testDb = await createTestDatabase('postgres');
    const target = new URL(testDb.url!);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    server = await startServer({ database: testDb, env: { DATABASE_URL: proxy.rewrite(testDb.url!) } });
  });
  afterAll(async () => {
    await server?.stop({ keepDatabase: true });
    await proxy?.close();
    await testDb?.drop();
  });
  return {
    get server() {
      return ready(server);
    },
    get proxy() {
      return ready(proxy);
    },
  };
}

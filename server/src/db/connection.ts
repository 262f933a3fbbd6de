import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Expression,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { Schema } from './schema';

export type DialectName = 'sqlite' | 'postgres';

/**
 * One query layer (Kysely) over two engines. What differs between them lives here (and in errors.ts and
 * migrations.ts) and nowhere else: features and repositories call these named operations, never `if (dialect …)`.
 */
export interface Database {
  readonly dialect: DialectName;
  readonly db: Kysely<Schema>;
  /** A description safe to log (no password). */
  readonly description: string;
  /** A text list as the column stores it: `text[]` in PostgreSQL, JSON text in SQLite. */
  encodeList(values: readonly string[]): unknown;
  decodeList(value: unknown): string[];
  /** A timestamp as ISO 8601 text (pg answers Date, SQLite ISO text). */
  decodeTimestamp(value: Date | string): string;
  /** SQL that is true when the list column holds `value`. */
  listContains(list: Expression<unknown>, value: string): RawBuilder<boolean>;
  /** A FROM item with one row per element of the list column; the element's text is column `value` of `alias`. */
  listElements(list: Expression<unknown>, alias: string): RawBuilder<unknown>;
  /** The UTC calendar day (YYYY-MM-DD) of a timestamp column. */
  utcDay(timestamp: Expression<unknown>): RawBuilder<string>;
  /**
   * Write transactions worth running at once: SQLite has one writer; on PostgreSQL two keep a commit on its way while
   * the next batch is written (measured with `npm run bench`: with four, batches were smaller and PostgreSQL spent
   * 30 to 50 % more CPU per sign-up for no more sign-ups a second).
   */
  readonly concurrentWriters: number;
  /**
   * A subquery of rows to claim, as used in `UPDATE … WHERE id IN (…)`: PostgreSQL locks them and skips rows
   * another process holds (FOR UPDATE SKIP LOCKED); SQLite has one writer, so the statement is atomic as it is.
   */
  skipLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** The same, waiting for rows another process holds (and leaving out those it changed so they no longer match). */
  waitLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Work that may take minutes (migrations that build indexes on a million rows, backups): on PostgreSQL a connection
   * of its own without the request timeouts, closed afterwards; on SQLite the one connection.
   */
  withoutTimeouts<T>(work: (db: Kysely<Schema>) => Promise<T>): Promise<T>;
  /** The raw better-sqlite3 handle (SQLite only): for integrity checks and benchmarks. */
  readonly sqlite?: BetterSqlite3.Database;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
}

// int8 (bigint ids, counts) as JS numbers: ids stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

/** Timestamps as the code writes them (SQLite keeps that text as it is); anything else is parsed and written so. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const toIso = (value: Date | string) =>
  value instanceof Date ? value.toISOString() : ISO.test(value) ? value : new Date(value).toISOString();

export function openDatabase(options: DatabaseOptions): Database {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openSqlite(options.dataDir);
}

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'waitlist.db');
}

/** Prepared statements kept for reuse, by SQL text; the least recently used goes first beyond this many. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query afresh, and preparing costs more than running most of ours (measured with
 * `npm run bench:mail`: a third of the database time of sending a mail). The queries' SQL text repeats (values are
 * parameters), so each is prepared once. Reuse is safe: Kysely's one SQLite connection runs one query at a time,
 * and holds it for the whole of a streamed query.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

function openSqlite(dataDir: string): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = sqliteFile(dataDir);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  // Every acknowledged sign-up survives power loss (docs/decisions/0001).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    dialect: 'sqlite',
    db,
    sqlite,
    description: `sqlite:${file}`,
    encodeList: (values) => JSON.stringify(values),
    decodeList: (value) => (typeof value === 'string' ? (JSON.parse(value) as string[]) : []),
    decodeTimestamp: toIso,
    listContains: (list, value) => sql<boolean>`EXISTS (SELECT 1 FROM json_each(${list}) WHERE value = ${value})`,
    listElements: (list, alias) => sql`json_each(${list}) AS ${sql.id(alias)}`,
    // Stored as ISO text in UTC: the day is its first ten characters.
    utcDay: (timestamp) => sql<string>`substr(${timestamp}, 1, 10)`,
    concurrentWriters: 1,
    skipLocked: (query) => query,
    waitLocked: (query) => query,
    withoutTimeouts: (work) => work(db),
    async ping() {
      sqlite.prepare('SELECT 1').get();
    },
    async close() {
      await db.destroy();
    },
  };
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // Fail fast during an outage instead of queueing requests forever.
    connectionTimeoutMillis: 2000,
    idleTimeoutMillis: 30_000,
    query_timeout: 5000,
    statement_timeout: 5000,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // A checked-out client has no pool listener: without one, a connection lost between two queries (an outage
  // mid-transaction) is an unhandled 'error' event that kills the process. Its next query fails instead (→ 503),
  // and the pool discards it on release.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Schema>({ dialect: new PostgresDialect({ pool }) });
  const safe = new URL(url);
  safe.password = '';
  return {
    dialect: 'postgres',
    db,
    description: `postgres:${safe.host}${safe.pathname}`,
    encodeList: (values) => [...values],
    decodeList: (value) => (Array.isArray(value) ? (value as string[]) : []),
    decodeTimestamp: toIso,
    listContains: (list, value) => sql<boolean>`${value} = ANY(${list})`,
    listElements: (list, alias) => sql`unnest(${list}) AS ${sql.id(alias)}(value)`,
    utcDay: (timestamp) => sql<string>`to_char(${timestamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    concurrentWriters: 2,
    skipLocked: (query) => query.forUpdate().skipLocked(),
    waitLocked: (query) => query.forUpdate(),
    async withoutTimeouts(work) {
      const long = new Kysely<Schema>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) });
      try {
        return await work(long);
      } finally {
        await long.destroy();
      }
    },
    async ping(timeoutMs = 1500) {
      await withTimeout(sql`SELECT 1`.execute(db), timeoutMs);
    },
    async close() {
      await db.destroy();
    },
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(Object.assign(new Error('database ping timed out'), { code: 'ETIMEDOUT' })), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

import type BetterSqlite3 from 'better-sqlite3';
import type { Expression, Kysely, RawBuilder, SelectQueryBuilder } from 'kysely';
import type { Schema } from './schema';
import type { MigrationEngine } from './migrations/ddl';

export type DialectName = 'sqlite' | 'postgres';

/** What stores run their statements on: the pool, or a transaction a use case opened (services pass it on). */
export type Executor = Kysely<Schema>;

/**
 * One query layer (Kysely) over two engines. What differs between them lives in `db/dialects/` (and errors.ts and
 * the migrations) and nowhere else: stores call these named operations, never `if (dialect …)`; code outside `db/`
 * never touches `db` or `dialect` to decide anything (eslint.config.js: the server's "only db/ knows SQL" rules).
 */
export interface Database {
  /** Which engine, as data (a backup's manifest, the health answer); never branched on outside `db/`. */
  readonly dialect: DialectName;
  /** The query builder: for stores only. */
  readonly db: Kysely<Schema>;
  /** A description safe to log (no password). */
  readonly description: string;
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (trx: Executor) => Promise<T>): Promise<T>;
  /** A text list as the column stores it: `text[]` in PostgreSQL, JSON text in SQLite. */
  encodeList(values: readonly string[]): unknown;
  decodeList(value: unknown): string[];
  /** A timestamp as ISO 8601 text (pg answers Date, SQLite ISO text). */
  decodeTimestamp(value: Date | string): string;
  /** SQL that is true when the list column holds `value`. */
  listContains(list: Expression<unknown>, value: string): RawBuilder<boolean>;
  /** A whole number held between `low` and `high` (GREATEST/LEAST on PostgreSQL, SQLite's scalar MAX/MIN). */
  clampInt(value: RawBuilder<number>, low: number, high: number): RawBuilder<number>;
  /**
   * A column the planner should filter by but not walk an index of (SQLite walked the status index for the short list
   * and sorted what it found by score: 1.6 s at 450,000; PostgreSQL plans it well by itself): SQLite's unary `+`.
   */
  notIndexed(column: string): RawBuilder<unknown>;
  /** A FROM item with one row per element of the list column; the element's text is column `value` of `alias`. */
  listElements(list: Expression<unknown>, alias: string): RawBuilder<unknown>;
  /** The UTC calendar day (YYYY-MM-DD) of a timestamp column. */
  utcDay(timestamp: Expression<unknown>): RawBuilder<string>;
  /**
   * The search of sign-ups by part of their address (issue 24): PostgreSQL's trigram index follows the table by itself;
   * on SQLite the sign-up store keeps an FTS5 trigram table in step (`add`, `remove`).
   */
  readonly addressSearch: {
    /** SQL true for the sign-ups whose address holds `text` (lower case); a prefix match when shorter than a trigram. */
    matches(text: string): RawBuilder<boolean>;
    add(trx: Executor, rows: readonly { id: number; email: string }[]): Promise<void>;
    remove(trx: Executor, id: number): Promise<void>;
  };
  /**
   * A setting for the rest of the transaction that a PostgreSQL trigger reads (`SET LOCAL` by `set_config`); SQLite has
   * no such triggers, so nothing to do there.
   */
  setLocal(trx: Executor, name: string, value: string): Promise<void>;
  /**
   * The id a new operator gets, when the engine would not choose a fresh one: SQLite hands out max(id) + 1, so removing
   * the newest operator would give their id, and with it their audit history, to the next; it answers one above both
   * the operators and every id the audit trail names. PostgreSQL's sequence never returns an id: undefined.
   */
  freshOperatorId(trx: Executor): Promise<number | undefined>;
  /**
   * Write transactions worth running at once: SQLite has one writer; on PostgreSQL two keep a commit on its way while
   * the next batch is written (measured with `npm run bench`: with four, batches were smaller and PostgreSQL spent
   * 30 to 50 % more CPU per sign-up for no more sign-ups a second).
   */
  readonly concurrentWriters: number;
  /**
   * How long a bulk writer (an import, a fold of counts) pauses between its transactions so sign-ups waiting for the
   * same writer go first: SQLite has one writer (a writer committing back to back starved them), PostgreSQL many.
   */
  readonly bulkWritePauseMs: number;
  /**
   * How long one transaction of background work (the kept counts' fold) should take, or undefined for no bound: the next
   * batch is sized from the last one's rate, and a console read's own fold too. SQLite: 20 ms, since the server's reads
   * wait on its one connection for a whole transaction (after a burst of 450,000 a 250-row fold took about 100 ms there).
   * PostgreSQL: 25 ms; its reads don't wait on a writer, but a read that folds first paid 100 ms for 100 rows, and a
   * long fold held a core of two (bench:console --burst, docs/performance.md).
   */
  readonly writerSliceMs: number | undefined;
  /**
   * A subquery of rows to claim, as used in `UPDATE … WHERE id IN (…)`: PostgreSQL locks them and skips rows
   * another process holds (FOR UPDATE SKIP LOCKED); SQLite has one writer, so the statement is atomic as it is.
   */
  skipLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /** The same, waiting for rows another process holds (and leaving out those it changed so they no longer match). */
  waitLocked<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /**
   * Holds the lock named `name` until `trx` ends, in every copy: work that must not run beside itself (the kept counts'
   * fold, a step of the fit rescoring: two of them deadlocked on each other's rows). Waits for it; with `waitMs`, gives
   * up after that long and answers false. SQLite has one writer: always true at once.
   */
  exclusive(trx: Executor, name: string, waitMs?: number): Promise<boolean>;
  /**
   * Gathers the planner's statistics of these tables now (PostgreSQL: ANALYZE; autovacuum would do it within minutes,
   * and until then a burst of rows is planned as an empty table). SQLite plans without statistics here: nothing.
   */
  refreshStatistics(tables: readonly string[]): Promise<void>;
  /**
   * Gathers them for those of `tables` that grew by a fifth (and a megabyte) since they were last gathered, from the
   * size of their files (known at once, unlike the activity counters): the burst's reads plan with its rows within
   * seconds. Answers the tables it analysed. SQLite: none.
   */
  keepUpStatistics(tables: readonly string[]): Promise<string[]>;

  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Work that may take minutes (migrations that build indexes on a million rows, backups): on PostgreSQL a connection
   * of its own without the request timeouts, closed afterwards; on SQLite the one connection.
   */
  withoutTimeouts<T>(work: (db: Kysely<Schema>) => Promise<T>): Promise<T>;
  /** How this engine migrates (db/dialects/*-migrations.ts; the migrator runs the same loop on both). */
  readonly migrationEngine: MigrationEngine;
  /** The raw better-sqlite3 handle (SQLite only): for integrity checks and benchmarks. */
  readonly sqlite?: BetterSqlite3.Database;
}

/** What an operator's command (server/src/cli/) waits for the running server's writes on SQLite. */
export const CLI_BUSY_TIMEOUT_MS = 60_000;

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL pool size. */
  poolSize?: number;
  /**
   * SQLite: how long a write waits for another process's (5 s by default). An operator's command beside a running
   * server waits up to a minute: right after a burst the server's fold and rescoring write in turns, and 5 s was once
   * too short for `npm run admin -- add` (issue 36).
   */
  busyTimeoutMs?: number;
}

/** Timestamps as the code writes them (SQLite keeps that text as it is); anything else is parsed and written so. */
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
export const toIso = (value: Date | string): string =>
  value instanceof Date ? value.toISOString() : ISO.test(value) ? value : new Date(value).toISOString();

/** The characters LIKE treats specially, escaped with `\`. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Addresses are searched by trigrams: a text shorter than this is matched as a prefix. */
export const TRIGRAM = 3;

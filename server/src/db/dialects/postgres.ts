import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { TRIGRAM, escapeLike, toIso, type Database } from '../database';
import type { Schema } from '../schema';
import { postgresMigrations } from './postgres-migrations';

// int8 (bigint ids, counts) as JS numbers: ids stay far below 2^53.
pg.types.setTypeParser(20, (value) => Number(value));

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

/** PostgreSQL (DATABASE_URL): a pool with short timeouts, for several copies behind one database. */
export function openPostgres(url: string, poolSize: number): Database {
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
    transaction: (work) => db.transaction().execute(work),
    encodeList: (values) => [...values],
    decodeList: (value) => (Array.isArray(value) ? (value as string[]) : []),
    decodeTimestamp: toIso,
    listContains: (list, value) => sql<boolean>`${value} = ANY(${list})`,
    notIndexed: (column) => sql`${sql.ref(column)}`,
    clampInt: (value, low, high) => sql<number>`GREATEST(${sql.lit(low)}, LEAST(${sql.lit(high)}, ${value}))`,
    listElements: (list, alias) => sql`unnest(${list}) AS ${sql.id(alias)}(value)`,
    utcDay: (timestamp) => sql<string>`to_char(${timestamp} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
    // The trigram index (pg_trgm) follows the table: LIKE uses it, a prefix uses the (email, id) index.
    addressSearch: {
      matches: (text) =>
        [...text].length < TRIGRAM
          ? sql<boolean>`email LIKE ${`${escapeLike(text)}%`} ESCAPE '\\'`
          : sql<boolean>`email LIKE ${`%${escapeLike(text)}%`} ESCAPE '\\'`,
      add: async () => undefined,
      remove: async () => undefined,
    },
    async setLocal(trx, name, value) {
      await sql`SELECT set_config(${name}, ${value}, true)`.execute(trx);
    },
    freshOperatorId: async () => undefined,
    migrationEngine: postgresMigrations,
    concurrentWriters: 2,
    writerSliceMs: 25,
    bulkWritePauseMs: 0,
    async refreshStatistics(tables) {
      for (const table of tables) await sql`ANALYZE ${sql.table(table)}`.execute(db);
    },
    async keepUpStatistics(tables) {
      // relpages: the size the last ANALYZE or VACUUM saw (0 before any); the file's size now, in pages.
      const { rows } = await sql<{ table: string; then: number; now: number }>`
        SELECT relname AS table, relpages AS then, pg_relation_size(oid) / current_setting('block_size')::int AS now
        FROM pg_class WHERE relkind = 'r' AND relnamespace = current_schema()::regnamespace AND relname = ANY(${[...tables]})`.execute(db);
      const behind = rows.filter((r) => Number(r.now) > Math.max(Number(r.then) * 1.2, Number(r.then) + 128)).map((r) => r.table);
      for (const table of behind) await sql`ANALYZE ${sql.table(table)}`.execute(db);
      return behind;
    },

    async exclusive(trx, name, waitMs) {
      if (waitMs === undefined) {
        await sql`SELECT pg_advisory_xact_lock(hashtext(${name}))`.execute(trx);
        return true;
      }
      // Tried, not waited for: a lock_timeout would abort the transaction, and the caller goes on without the work.
      const until = Date.now() + waitMs;
      for (;;) {
        const { rows } = await sql<{ got: boolean }>`SELECT pg_try_advisory_xact_lock(hashtext(${name})) AS got`.execute(trx);
        if (rows[0]?.got) return true;
        if (Date.now() >= until) return false;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
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

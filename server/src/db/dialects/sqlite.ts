import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type SqliteDatabase } from 'kysely';
import { TRIGRAM, toIso, type Database } from '../database';
import type { Schema } from '../schema';
import { sqliteMigrations } from './sqlite-migrations';

/** Prepared statements kept for reuse, by SQL text; the least recently used goes first beyond this many. */
const STATEMENT_CACHE_SIZE = 500;
/** Rows of the address search written per statement. */
const SEARCH_CHUNK = 500;

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
    prepare(query: string) {
      // Every transaction takes the write lock when it begins (waiting up to busy_timeout): a deferred one that read and
      // then wrote failed at once with SQLITE_BUSY when another process (the server beside `npm run admin`) had
      // written since its read, and no busy timeout helps there.
      const text = query === 'begin' ? 'begin immediate' : query;
      let statement = statements.get(text);
      if (statement) statements.delete(text);
      else statement = sqlite.prepare(text);
      statements.set(text, statement);
      if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
      return statement;
    },
  };
}

export function sqliteFile(dataDir: string): string {
  return path.join(dataDir, 'waitlist.db');
}

/** The embedded default: one file in DATA_DIR, WAL, every commit on disk before it is answered. */
export function openSqlite(dataDir: string, busyTimeoutMs = 5000): Database {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = sqliteFile(dataDir);
  const sqlite = new BetterSqlite3(file);
  sqlite.pragma('journal_mode = WAL');
  // Every acknowledged sign-up survives power loss (docs/decisions/0001).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  const db = new Kysely<Schema>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  return {
    dialect: 'sqlite',
    db,
    sqlite,
    description: `sqlite:${file}`,
    transaction: (work) => db.transaction().execute(work),
    encodeList: (values) => JSON.stringify(values),
    decodeList: (value) => (typeof value === 'string' ? (JSON.parse(value) as string[]) : []),
    decodeTimestamp: toIso,
    listContains: (list, value) => sql<boolean>`EXISTS (SELECT 1 FROM json_each(${list}) WHERE value = ${value})`,
    notIndexed: (column) => sql`+${sql.ref(column)}`,
    clampInt: (value, low, high) => sql<number>`MAX(${sql.lit(low)}, MIN(${sql.lit(high)}, ${value}))`,
    listElements: (list, alias) => sql`json_each(${list}) AS ${sql.id(alias)}`,
    // Stored as ISO text in UTC: the day is its first ten characters.
    utcDay: (timestamp) => sql<string>`substr(${timestamp}, 1, 10)`,
    // The FTS5 trigram table of migration 13, kept in step by the sign-up store.
    addressSearch: {
      matches(text) {
        if ([...text].length < TRIGRAM) {
          // A range of the (email, id) index: from the text to the next text of its length.
          const next = text.slice(0, -1) + String.fromCodePoint(text.codePointAt(text.length - 1)! + 1);
          return sql<boolean>`(email >= ${text} AND email < ${next})`;
        }
        // A phrase of the text's trigrams: the addresses holding it, in any case.
        return sql<boolean>`id IN (SELECT rowid FROM signup_email_search WHERE signup_email_search MATCH ${`"${text.replaceAll('"', '""')}"`})`;
      },
      async add(trx, rows) {
        for (let start = 0; start < rows.length; start += SEARCH_CHUNK) {
          const values = rows.slice(start, start + SEARCH_CHUNK).map((r) => sql`(${r.id}, ${r.email})`);
          await sql`INSERT INTO signup_email_search (rowid, email) VALUES ${sql.join(values)}`.execute(trx);
        }
      },
      async remove(trx, id) {
        await sql`DELETE FROM signup_email_search WHERE rowid = ${id}`.execute(trx);
      },
    },
    setLocal: async () => undefined,
    async freshOperatorId(trx) {
      const { rows } = await sql<{
        next: number;
      }>`SELECT max(coalesce((SELECT max(id) FROM operators), 0), coalesce((SELECT max(operator_id) FROM audit_trail), 0)) + 1 AS next`.execute(
        trx,
      );
      return Number(rows[0]!.next);
    },
    migrationEngine: sqliteMigrations(sqlite),
    concurrentWriters: 1,
    writerSliceMs: 20,
    bulkWritePauseMs: 30,
    exclusive: async () => true,
    refreshStatistics: async () => undefined,
    keepUpStatistics: async () => [],
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

import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { sqliteFile } from '../server/src/db/connection';
import type { TestDatabase } from '../server/src/test/databases';

export interface Reference {
  rows: number;
  rowsPerSecond: number;
}

const QUERY = 'SELECT * FROM waitlist_signups ORDER BY created_at DESC, id DESC';

/**
 * The reference of the export in `npm run bench:console`: every sign-up read in the export's order by the driver
 * alone, streaming (SQLite: a statement iterator; PostgreSQL: a server-side cursor fetched 1,000 rows at a time).
 */
export async function rawStreamRate(database: TestDatabase): Promise<Reference> {
  const start = performance.now();
  let rows = 0;
  if (database.dialect === 'sqlite') {
    const sqlite = new BetterSqlite3(sqliteFile(database.dataDir), { readonly: true });
    try {
      for (const _row of sqlite.prepare(QUERY).iterate()) rows += 1;
    } finally {
      sqlite.close();
    }
  } else {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query(`DECLARE everyone NO SCROLL CURSOR FOR ${QUERY}`);
      for (;;) {
        const batch = await client.query('FETCH 1000 FROM everyone');
        rows += batch.rowCount ?? 0;
        if ((batch.rowCount ?? 0) === 0) break;
      }
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
  }
  return { rows, rowsPerSecond: rows / ((performance.now() - start) / 1000) };
}

import pg from 'pg';
import { PRIVACY_POLICY_VERSION } from '@waitlist/contract';
import { migrate } from '../server/src/db/migrations';
import { createTestDatabase, type TestDatabase } from '../server/src/test/databases';

/** A PostgreSQL setting as the server reports it. */
async function showSetting(url: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ setting: string }>('SELECT setting FROM pg_settings WHERE name = $1', [name]);
    return rows[0]?.setting ?? '?';
  } finally {
    await client.end();
  }
}

/** How long the raw insert rate is measured. */
export const RAW_DURATION_MS = 5_000;

/**
 * The reference `npm run bench` compares the server with: the database's own single-row insert rate into the same
 * table, with the same checks and durability, one transaction per row.
 */
export async function rawInsertRate(dialect: 'sqlite' | 'postgres'): Promise<{ rowsPerSecond: number; rows: number; note: string }> {
  const testDb: TestDatabase = await createTestDatabase(dialect);
  const database = testDb.open();
  try {
    await migrate(database);
    const now = new Date().toISOString();
    let rows = 0;
    const started = performance.now();
    const deadline = started + RAW_DURATION_MS;
    if (dialect === 'sqlite') {
      // Autocommit: every statement is its own transaction, with the server's pragmas (WAL, synchronous=FULL).
      const insert = database.sqlite!.prepare(
        `INSERT INTO waitlist_signups (email, role, company_size, desired_outcomes, other_outcome, consented_at, privacy_policy_version, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
      );
      while (performance.now() < deadline) {
        insert.get(
          `raw-${rows}@example.com`,
          'Project Manager',
          '1-10 employees',
          '["Reuse insights"]',
          null,
          now,
          PRIVACY_POLICY_VERSION,
          now,
        );
        rows++;
      }
    } else {
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      try {
        while (performance.now() < deadline) {
          await client.query({
            name: 'raw-insert',
            text: `INSERT INTO waitlist_signups (email, role, company_size, desired_outcomes, other_outcome, consented_at, privacy_policy_version, created_at)
                   VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
            values: [
              `raw-${rows}@example.com`,
              'Project Manager',
              '1-10 employees',
              ['Reuse insights'],
              null,
              now,
              PRIVACY_POLICY_VERSION,
              now,
            ],
          });
          rows++;
        }
      } finally {
        await client.end();
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const note =
      dialect === 'sqlite'
        ? 'better-sqlite3, WAL, synchronous=FULL, autocommit'
        : 'one pg connection, autocommit, synchronous_commit=' + (await showSetting(testDb.url!, 'synchronous_commit'));
    return { rowsPerSecond: rows / seconds, rows, note };
  } finally {
    await database.close();
    await testDb.drop();
  }
}

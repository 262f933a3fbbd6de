#!/usr/bin/env node
// Fails early, with a clear message, when the PostgreSQL the tests need is not reachable.
import pg from 'pg';

const url = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
try {
  await client.connect();
  const { rows } = await client.query('SHOW server_version');
  console.log(`[setup] PostgreSQL ${rows[0].server_version} reachable`);
} catch (error) {
  console.error(`[setup] PostgreSQL is not reachable at ${url.replace(/:[^:@/]*@/, ':***@')}: ${error.message}`);
  console.error('        The test suite runs every database test against SQLite and PostgreSQL; start PostgreSQL 15 first.');
  process.exit(1);
} finally {
  await client.end().catch(() => undefined);
}

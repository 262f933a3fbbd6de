import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/databases';
import { useTestDatabase } from '../../test/app';
import { COUNT_CAP, createOutboxReports } from './outbox-reports';

/**
 * The Mail page with more mail waiting than it counts (issue 35 item 7; the million-row figures are
 * `npm run bench:mail-page`, docs/performance.md): past COUNT_CAP a figure stops counting and says so, so the page's
 * cost stays bounded however long the relay was down; below it, every figure is exact.
 */
describe.each(DIALECTS)('the Mail page past its count cap on %s', (dialect) => {
  const handle = useTestDatabase(dialect);
  const waiting = COUNT_CAP + 50;

  beforeAll(async () => {
    const { database } = handle;
    const numbers =
      dialect === 'postgres'
        ? sql`SELECT n FROM generate_series(1, ${waiting}) AS n`
        : sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${waiting}) SELECT n FROM seq`;
    const now = new Date().toISOString();
    await database.withoutTimeouts(async (db) => {
      await sql`INSERT INTO outbox (kind, topic, payload, status, attempts, next_attempt_at, created_at, last_error, lane)
        SELECT 'mail', 'confirmation', '{}', 'pending', 2, ${now}, ${now}, 'ECONNREFUSED', 'urgent' FROM (${numbers}) AS s`.execute(db);
      await sql`INSERT INTO outbox (kind, topic, payload, status, attempts, next_attempt_at, created_at, last_error, lane)
        SELECT 'mail', 'confirmation', '{}', 'failed', 12, ${now}, ${now}, '550 5.1.1', 'urgent' FROM (${numbers}) AS s WHERE n <= 40`.execute(
        db,
      );
      await sql`INSERT INTO outbox (kind, topic, payload, status, attempts, next_attempt_at, created_at, sent_at, lane)
        SELECT 'mail', 'confirmation', '{}', 'sent', 1, ${now}, ${now}, ${now}, 'urgent' FROM (${numbers}) AS s WHERE n <= 25`.execute(db);
    });
  });

  it('counts each figure up to the cap and names the one that went past; the stuck list is the newest 200', async () => {
    const reports = createOutboxReports(handle.database);
    expect(await reports.counts()).toEqual({ pending: COUNT_CAP, failed: 40, cancelled: 0, sent_24h: 25, capped: ['pending'] });
    const stuck = await reports.stuck();
    expect(stuck).toHaveLength(200);
    expect(stuck[0]!.id).toBeGreaterThan(stuck[199]!.id);
  });
});

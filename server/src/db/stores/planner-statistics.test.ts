import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS } from '../../test/databases';
import { useTestDatabase } from '../../test/app';
import { createOutboxReports } from './outbox-reports';
import { createPlannerStatistics } from './planner-statistics';

/**
 * The planner learns of a burst within seconds (issue 48: the Mail page took 340-520 ms a few seconds after 450,000
 * sign-ups, planned as an empty outbox; npm run bench:mail-page -- --fresh). The statistics of a table that grew by a
 * fifth are gathered again; of one that did not, not. SQLite plans without them.
 */
describe.each(DIALECTS)('the planner statistics of the burst tables on %s', (dialect) => {
  const handle = useTestDatabase(dialect);

  it('gathers them for the outbox after a burst of mail, once, and the stuck list of the Mail page still answers its 200', async () => {
    const { database } = handle;
    const planner = createPlannerStatistics(database);
    await planner.keepUp();
    expect(await planner.keepUp()).toEqual([]);
    const now = new Date().toISOString();
    const numbers =
      dialect === 'postgres'
        ? sql`SELECT n FROM generate_series(1, 20000) AS n`
        : sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 20000) SELECT n FROM seq`;
    await database.withoutTimeouts((db) =>
      sql`INSERT INTO outbox (kind, topic, payload, status, attempts, next_attempt_at, created_at, last_error, lane)
        SELECT 'mail', 'confirmation', '{}', 'pending', 2, ${now}, ${now}, 'ECONNREFUSED', 'urgent' FROM (${numbers}) AS s`.execute(db),
    );
    expect(await planner.keepUp()).toEqual(dialect === 'postgres' ? ['outbox'] : []);
    expect(await planner.keepUp()).toEqual([]);
    if (dialect === 'postgres') {
      const [row] = (await sql<{ n: number }>`SELECT reltuples AS n FROM pg_class WHERE relname = 'outbox'`.execute(database.db)).rows;
      expect(Number(row!.n)).toBeGreaterThan(15_000);
    }
    expect(await createOutboxReports(database).stuck()).toHaveLength(200);
  });
});

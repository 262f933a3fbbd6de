import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/databases';
import type { Database } from './connection';
import { migrate, migrations } from './migrations';

/**
 * Migration 25 (issue 45): outbox rows may say `refused` and why; an outbox id is never given twice, so an old bounce
 * address can never name a newer mail (SQLite reused the highest id once its row was deleted, as an erasure does).
 */
describe.each(DIALECTS)('migration 25 on %s', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database.close();
    await testDb.drop();
  });

  const queue = async (topic: string) => {
    const row = await database.db
      .insertInto('outbox')
      .values({
        kind: 'mail',
        topic,
        signup_id: null,
        payload: '{}',
        next_attempt_at: new Date().toISOString(),
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  };

  it('never gives an outbox id twice, keeps every row, and takes a refusal with its reason', async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(
      database,
      migrations.filter((m) => m.version < 25),
    );
    const kept = await queue('confirmation');
    const highest = await queue('confirmation');
    await database.db.deleteFrom('outbox').where('id', '=', highest).execute();
    await expect(database.db.updateTable('outbox').set({ feedback: 'refused' }).where('id', '=', kept).execute()).rejects.toThrow(/check/i);

    expect(
      await migrate(
        database,
        migrations.filter((m) => m.version <= 25),
      ),
    ).toEqual([25]);
    // From now on an id is never given twice, whatever is deleted. (An id deleted before the migration may be given once
    // more on SQLite, which kept no record of it: its old bounce address carries a tag of the former form, which no
    // longer matches any mail: lib/verp.ts.)
    const next = await queue('confirmation');
    expect(next).toBeGreaterThanOrEqual(highest);
    await database.db.deleteFrom('outbox').where('id', '=', next).execute();
    const after = await queue('confirmation');
    expect(after).toBeGreaterThan(next);
    await database.db.deleteFrom('outbox').where('id', '>=', next).execute();
    expect(await queue('confirmation')).toBeGreaterThan(after);

    await database.db.updateTable('outbox').set({ feedback: 'refused', feedback_reason: 'auth-failure' }).where('id', '=', kept).execute();
    expect(await database.db.selectFrom('outbox').select(['id', 'feedback', 'feedback_reason']).where('id', '=', kept).execute()).toEqual([
      { id: kept, feedback: 'refused', feedback_reason: 'auth-failure' },
    ]);
    await expect(
      database.db
        .updateTable('outbox')
        .set({ feedback: 'bounced' as 'refused' })
        .where('id', '=', kept)
        .execute(),
    ).rejects.toThrow(/check/i);
    if (database.sqlite) expect(database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
  });

  it('keeps the highest id a database ever gave across a restart (SQLite keeps it in sqlite_sequence)', async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(database);
    const first = await queue('confirmation');
    await database.db.deleteFrom('outbox').execute();
    await database.close();
    database = testDb.open();
    expect(await queue('confirmation')).toBeGreaterThan(first);
    const [{ n }] = (await sql<{ n: number }>`SELECT count(*) AS n FROM outbox`.execute(database.db)).rows as [{ n: number }];
    expect(Number(n)).toBe(1);
  });
});

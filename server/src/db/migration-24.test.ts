import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/databases';
import { validSignup } from '../test/fixtures';
import type { Database } from './connection';
import { migrate, migrations } from './migrations';
import type { Migration } from './migrations/ddl';

/** Migration 24: a sign-up's answers may be unknown (imported from a list of addresses); nothing else changes. */
describe.each(DIALECTS)('migration 24 on %s', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database.close();
    await testDb.drop();
  });

  const insert = (email: string, answers: { role: string | null; size: string | null; outcomes: string[] | null }) =>
    sql`INSERT INTO waitlist_signups (email, role, company_size, desired_outcomes, consented_at, privacy_policy_version, created_at)
      VALUES (${email}, ${answers.role}, ${answers.size}, ${answers.outcomes && database.encodeList(answers.outcomes)}, ${new Date().toISOString()}, 'import:test', ${new Date().toISOString()})`.execute(
      database.db,
    );

  it('lets the answers be unknown, keeps every row and every check of a given answer', async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(
      database,
      migrations.filter((m) => m.version < 24),
    );
    const before = validSignup();
    // Stored as a v23 database holds it (today's services expect today's tables).
    await insert(before.email, { role: before.role, size: before.company_size, outcomes: before.desired_outcomes });
    // Before: an address without answers is refused.
    await expect(insert('no-answers@example.com', { role: null, size: null, outcomes: null })).rejects.toThrow();

    expect(
      await migrate(
        database,
        migrations.filter((m) => m.version <= 24),
      ),
    ).toEqual([24]);
    await insert('no-answers@example.com', { role: null, size: null, outcomes: null });
    const rows = await database.db.selectFrom('waitlist_signups').select(['email', 'role', 'company_size']).orderBy('id').execute();
    expect(rows).toEqual([
      { email: before.email, role: before.role, company_size: before.company_size },
      { email: 'no-answers@example.com', role: null, company_size: null },
    ]);
    // A given answer is still checked against the form's options, on both databases.
    await expect(insert('bad-role@example.com', { role: 'Not a role', size: null, outcomes: null })).rejects.toThrow(/check/i);
    await expect(insert('bad-size@example.com', { role: null, size: 'Huge', outcomes: null })).rejects.toThrow(/check/i);
    await expect(insert('bad-outcome@example.com', { role: null, size: null, outcomes: ['Not an outcome'] })).rejects.toThrow(/check/i);
    await expect(insert('no-outcome@example.com', { role: null, size: null, outcomes: [] })).rejects.toThrow(/check/i);
    if (database.sqlite) {
      expect(database.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      // Defensive mode is on again: nobody else writes the schema table.
      expect(() => database.sqlite!.exec(`PRAGMA writable_schema = ON; UPDATE sqlite_schema SET sql = sql WHERE name = 'x'`)).toThrow();
      database.sqlite.exec('PRAGMA writable_schema = OFF');
    }
  });

  it('changes nothing when an edit of the SQLite schema does not find what it replaces', async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(database);
    const broken: Migration = {
      version: 999,
      name: 'an edit that finds nothing',
      postgres: [],
      sqlite: [`CREATE TABLE made_before_the_edit (id INTEGER PRIMARY KEY) STRICT`],
      sqliteSchemaEdits: [
        {
          table: 'waitlist_signups',
          replace: [
            ['email TEXT NOT NULL,', 'email TEXT,'],
            ['no such text', ''],
          ],
        },
      ],
    };
    if (dialect === 'postgres') return expect(await migrate(database, [broken])).toEqual([999]);
    await expect(migrate(database, [broken])).rejects.toThrow(/"no such text" is not once/);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_schema WHERE name = 'made_before_the_edit'`.execute(database.db);
    expect(tables.rows).toEqual([]);
    const schema = await sql<{ sql: string }>`SELECT sql FROM sqlite_schema WHERE name = 'waitlist_signups'`.execute(database.db);
    expect(schema.rows[0]!.sql).toContain('email TEXT NOT NULL,');
    expect(database.sqlite!.pragma('integrity_check', { simple: true })).toBe('ok');
  });
});

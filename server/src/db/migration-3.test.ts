import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { sha256 } from '../lib/crypto';
import { servicesOn } from '../test/app';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/databases';
import { validSignup } from '../test/fixtures';
import type { Database } from './connection';
import { migrate, migrations } from './migrations';

describe.each(DIALECTS)('migration 3 on %s', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  afterEach(async () => {
    await database.close();
    await testDb.drop();
  });

  it('keeps existing sign-ups and idempotency keys, which become unconfirmed English sign-ups', async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(
      database,
      migrations.filter((m) => m.version < 3),
    );
    // A row and its idempotency key as the code before this migration stored them.
    const before = validSignup();
    const at = new Date().toISOString();
    await sql`INSERT INTO waitlist_signups (email, role, company_size, desired_outcomes, other_outcome, consented_at, privacy_policy_version, created_at)
      VALUES (${before.email}, ${before.role}, ${before.company_size}, ${database.encodeList(before.desired_outcomes)}, NULL, ${at}, '2025-01', ${at})`.execute(
      database.db,
    );
    const [oldRow] = await sql<{ id: number }>`SELECT id FROM waitlist_signups`.execute(database.db).then((r) => r.rows);
    await sql`INSERT INTO idempotency_keys (key, request_hash, signup_id, created_at) VALUES ('idem-key-12345', ${sha256(JSON.stringify(before))}, ${oldRow!.id}, ${at})`.execute(
      database.db,
    );
    const { services } = servicesOn(database);
    const signups = services.signups;

    expect(await migrate(database, migrations)).toEqual(migrations.filter((m) => m.version >= 3).map((m) => m.version));
    const [row] = await database.db.selectFrom('waitlist_signups').selectAll().execute();
    expect(row).toMatchObject({
      id: Number(oldRow!.id),
      email: before.email,
      confirmed_at: null,
      marketing_opt_out_at: null,
      locale: 'en',
      confirmation_sent_at: null,
    });
    expect(await database.db.selectFrom('idempotency_keys').select('signup_id').execute()).toEqual([{ signup_id: Number(oldRow!.id) }]);
    // The same request is still recognised as a replay, and the contract's checks still hold.
    expect(await signups.signUp(before, 'idem-key-12345')).toBe('replayed');
    await expect(signups.signUp(validSignup({ role: 'Not a role' as never }))).rejects.toThrow();
    await expect(signups.signUp(validSignup({ desired_outcomes: ['Not an outcome' as never] }))).rejects.toThrow();
    await expect(
      database.db.updateTable('waitlist_signups').set({ locale: 'xx' }).where('id', '=', oldRow!.id).execute(),
    ).rejects.toThrow();
  });

  it("never gives an erased sign-up's id to the next one", async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(database, migrations);
    const { services, stores } = servicesOn(database);
    const signups = services.signups;
    const last = validSignup();
    await signups.signUp(validSignup());
    await signups.signUp(last);
    const erased = (await stores.signups.findByEmail(database.db, last.email))!.id;
    await database.db.deleteFrom('waitlist_signups').where('id', '=', erased).execute();
    const next = validSignup();
    await signups.signUp(next);
    expect((await stores.signups.findByEmail(database.db, next.email))!.id).toBeGreaterThan(erased);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { SignupBody } from '@waitlist/contract';
import { sql } from 'kysely';
import { servicesOn, useTestDatabase } from '../test/app';
import { DIALECTS } from '../test/databases';
import { validSignup } from '../test/fixtures';
import { sqliteFile } from '../db/connection';
import { CheckViolationError, DuplicateEmailError, IdempotencyKeyReusedError } from '../db/errors';
import type { SignupService } from './signups';

type Settled = PromiseSettledResult<'created' | 'replayed'>;
const reason = (r: Settled) => (r.status === 'rejected' ? r.reason : undefined);
const value = (r: Settled) => (r.status === 'fulfilled' ? r.value : undefined);

/** Group commit (db/group-commit.ts) must be invisible to callers: same outcomes and errors as one transaction per sign-up. */
describe.each(DIALECTS)('group-committed sign-up inserts on %s', (dialect) => {
  const suite = useTestDatabase(dialect);
  let batched: SignupService;
  const service = (batchWindowMs: number) => servicesOn(suite.database, { batchWindowMs }).services.signups;
  const findByEmail = (email: string) => servicesOn(suite.database).stores.signups.findByEmail(suite.database.db, email);

  /** Reads through a separate connection: only committed rows are visible there. */
  const committedEmails = async (emails: string[]): Promise<string[]> => {
    const { testDb } = suite;
    if (testDb.url) {
      const client = new pg.Client({ connectionString: testDb.url });
      await client.connect();
      try {
        const { rows } = await client.query<{ email: string }>('SELECT email FROM waitlist_signups WHERE email = ANY($1)', [emails]);
        return rows.map((r) => r.email).sort();
      } finally {
        await client.end();
      }
    }
    const other = new BetterSqlite3(sqliteFile(testDb.dataDir), { readonly: true });
    try {
      return (
        other.prepare(`SELECT email FROM waitlist_signups WHERE email IN (${emails.map(() => '?').join(',')})`).all(...emails) as {
          email: string;
        }[]
      )
        .map((r) => r.email)
        .sort();
    } finally {
      other.close();
    }
  };

  beforeAll(() => {
    // A wide window so that every insert of a test lands in the same batch.
    batched = service(50);
  });

  it('answers each sign-up only once it is committed, many sign-ups per transaction', async () => {
    const bodies = Array.from({ length: 40 }, () => validSignup());
    const emails = bodies.map((b) => b.email).sort();
    const results = await Promise.allSettled(bodies.map((b) => batched.signUp(b)));
    expect(results.map(value)).toEqual(bodies.map(() => 'created'));
    expect(await committedEmails(emails)).toEqual(emails);
  });

  it('fails only the duplicate and the invalid row of a batch, with the errors of a lone insert', async () => {
    const good = Array.from({ length: 5 }, () => validSignup());
    const twice = validSignup();
    const existing = validSignup();
    await batched.signUp(existing);
    const invalid = validSignup({ role: 'Astronaut' as SignupBody['role'] });
    const results = await Promise.allSettled([
      batched.signUp(good[0]!),
      batched.signUp(twice),
      batched.signUp(good[1]!),
      batched.signUp({ ...twice, role: 'Other' }),
      batched.signUp(invalid),
      batched.signUp(good[2]!),
      batched.signUp(existing),
      batched.signUp(good[3]!),
      batched.signUp(good[4]!),
    ]);
    expect(results.map(value)).toEqual(['created', 'created', 'created', undefined, undefined, 'created', undefined, 'created', 'created']);
    expect(reason(results[3]!)).toBeInstanceOf(DuplicateEmailError);
    expect(reason(results[4]!)).toBeInstanceOf(CheckViolationError);
    expect((reason(results[4]!) as CheckViolationError).constraint).toBe('waitlist_signups_role_check');
    expect(reason(results[6]!)).toBeInstanceOf(DuplicateEmailError);
    const expected = [...good.map((b) => b.email), twice.email].sort();
    expect(await committedEmails([...expected, invalid.email])).toEqual(expected);
    expect((await findByEmail(twice.email))?.role).toBe(twice.role);
  });

  it('keeps idempotency-key semantics inside one batch: same body replays, another body is refused', async () => {
    const body = validSignup();
    const same = await Promise.allSettled([batched.signUp(body, 'key-same-batch-1'), batched.signUp(body, 'key-same-batch-1')]);
    expect(same.map(value).sort()).toEqual(['created', 'replayed']);

    const first = validSignup();
    const other = validSignup();
    const clash = await Promise.allSettled([batched.signUp(first, 'key-same-batch-2'), batched.signUp(other, 'key-same-batch-2')]);
    // Whichever commits first wins (as without batching); the other is refused and stores nothing.
    const winner = clash.findIndex((r) => value(r) === 'created');
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(reason(clash[1 - winner]!)).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await committedEmails([first.email, other.email])).toEqual([[first, other][winner]!.email]);

    // A retry in a later batch replays too.
    expect(await batched.signUp(body, 'key-same-batch-1')).toBe('replayed');
  });

  it('gives each e-mail exactly one 201 when duplicates race across concurrent batches', async () => {
    const fast = service(1);
    const people = Array.from({ length: 20 }, () => validSignup());
    const attempts: Promise<PromiseSettledResult<'created' | 'replayed'>>[] = [];
    // 10 waves of the 20 e-mails in shuffled orders, a millisecond apart: many batches, several in flight at once.
    // Each attempt is settled as it starts: an early wave rejects while later waves are still being sent.
    for (let wave = 0; wave < 10; wave++) {
      const order = [...people].sort(() => Math.random() - 0.5);
      for (const person of order) attempts.push(Promise.allSettled([fast.signUp(person)]).then(([result]) => result!));
      await new Promise((r) => setTimeout(r, 1));
    }
    const results = await Promise.all(attempts);
    const created = results.filter((r) => value(r) === 'created').length;
    const duplicates = results.filter((r) => reason(r) instanceof DuplicateEmailError).length;
    expect({ created, duplicates }).toEqual({ created: 20, duplicates: 180 });
    const emails = people.map((p) => p.email).sort();
    expect(await committedEmails(emails)).toEqual(emails);
  });

  it('stores the same row with or without batching', async () => {
    const plain = service(0);
    const a = validSignup({ other_outcome: 'Portfolio view', desired_outcomes: ['Other', 'Reuse insights'] });
    const b = { ...a, email: `b-${a.email}` };
    await plain.signUp(a);
    await batched.signUp(b);
    const rowA = await findByEmail(a.email);
    const rowB = await findByEmail(b.email);
    const strip = (r: typeof rowA) => ({ ...r, id: 0, email: '', consented_at: '', created_at: '' });
    expect(strip(rowB)).toEqual(strip(rowA));
  });

  it.each([
    ['batched', 50],
    ['one transaction per sign-up', 0],
  ])(
    'queues each stored sign-up’s confirmation mail in its own transaction (%s), and none for a row that failed',
    async (_label, batchWindowMs) => {
      const signups = service(batchWindowMs);
      const existing = validSignup();
      await signups.signUp(existing);
      const fresh = [validSignup(), validSignup()];
      const results = await Promise.allSettled([signups.signUp(fresh[0]!), signups.signUp(existing), signups.signUp(fresh[1]!)]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      const ids = await suite.database.db
        .selectFrom('waitlist_signups')
        .select('id')
        .where('email', 'in', [existing.email, ...fresh.map((f) => f.email)])
        .execute();
      expect(ids).toHaveLength(3);
      const mails = await suite.database.db
        .selectFrom('outbox')
        .select(['signup_id', 'topic', 'payload'])
        .where(
          'signup_id',
          'in',
          ids.map((r) => r.id),
        )
        .execute();
      // One each: the duplicate was too soon after the first mail to be sent another (the re-send rules).
      expect(mails.map((m) => [Number(m.signup_id), m.topic]).sort()).toEqual(ids.map((r) => [Number(r.id), 'confirmation']).sort());
    },
  );

  it('stores nothing of a sign-up whose outbox row fails', async () => {
    const { database } = suite;
    // A real failure inside the transaction: the database refuses the confirmation mail's row.
    if (database.dialect === 'sqlite') {
      // (A RAISE would read as a CHECK failure: the insert fails on a table that is not there instead.)
      await sql`CREATE TRIGGER refuse_mail BEFORE INSERT ON outbox BEGIN INSERT INTO outbox_unavailable VALUES (1); END`.execute(
        database.db,
      );
    } else {
      await sql`CREATE FUNCTION refuse_mail() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'outbox unavailable'; END $$ LANGUAGE plpgsql`.execute(
        database.db,
      );
      await sql`CREATE TRIGGER refuse_mail BEFORE INSERT ON outbox FOR EACH ROW EXECUTE FUNCTION refuse_mail()`.execute(database.db);
    }
    try {
      const body = validSignup();
      await expect(batched.signUp(body)).rejects.toThrow(/outbox.unavailable/);
      expect(await committedEmails([body.email])).toEqual([]);
    } finally {
      await sql`DROP TRIGGER refuse_mail${database.dialect === 'postgres' ? sql` ON outbox` : sql``}`.execute(database.db);
      if (database.dialect === 'postgres') await sql`DROP FUNCTION refuse_mail()`.execute(database.db);
    }
  });
});

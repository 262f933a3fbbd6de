import { beforeAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import type { SignupBody } from '@waitlist/contract';
import { useTestDatabase } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { validSignup } from '../../test/fixtures';
import { sqliteFile } from '../connection';
import { CheckViolationError, DuplicateEmailError, IdempotencyKeyReusedError } from '../errors';
import { createSignupsRepository, type SignupsRepository, type WriteAlongside } from './signups';

type Settled = PromiseSettledResult<'created' | 'replayed'>;
const reason = (r: Settled) => (r.status === 'rejected' ? r.reason : undefined);
const value = (r: Settled) => (r.status === 'fulfilled' ? r.value : undefined);

/** Group commit must be invisible to callers: same outcomes and errors as one transaction per sign-up. */
describe.each(DIALECTS)('group-committed sign-up inserts on %s', (dialect) => {
  const suite = useTestDatabase(dialect);
  let batched: SignupsRepository;

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
    batched = createSignupsRepository(suite.database, { batchWindowMs: 50 });
  });

  it('answers each sign-up only once it is committed, many sign-ups per transaction', async () => {
    const bodies = Array.from({ length: 40 }, () => validSignup());
    const emails = bodies.map((b) => b.email).sort();
    const results = await Promise.allSettled(bodies.map((b) => batched.insert(b)));
    expect(results.map(value)).toEqual(bodies.map(() => 'created'));
    expect(await committedEmails(emails)).toEqual(emails);
  });

  it('fails only the duplicate and the invalid row of a batch, with the errors of a lone insert', async () => {
    const good = Array.from({ length: 5 }, () => validSignup());
    const twice = validSignup();
    const existing = validSignup();
    await batched.insert(existing);
    const invalid = validSignup({ role: 'Astronaut' as SignupBody['role'] });
    const results = await Promise.allSettled([
      batched.insert(good[0]!),
      batched.insert(twice),
      batched.insert(good[1]!),
      batched.insert({ ...twice, role: 'Other' }),
      batched.insert(invalid),
      batched.insert(good[2]!),
      batched.insert(existing),
      batched.insert(good[3]!),
      batched.insert(good[4]!),
    ]);
    expect(results.map(value)).toEqual(['created', 'created', 'created', undefined, undefined, 'created', undefined, 'created', 'created']);
    expect(reason(results[3]!)).toBeInstanceOf(DuplicateEmailError);
    expect(reason(results[4]!)).toBeInstanceOf(CheckViolationError);
    expect((reason(results[4]!) as CheckViolationError).constraint).toBe('waitlist_signups_role_check');
    expect(reason(results[6]!)).toBeInstanceOf(DuplicateEmailError);
    const expected = [...good.map((b) => b.email), twice.email].sort();
    expect(await committedEmails([...expected, invalid.email])).toEqual(expected);
    expect((await batched.findByEmail(twice.email))?.role).toBe(twice.role);
  });

  it('keeps idempotency-key semantics inside one batch: same body replays, another body is refused', async () => {
    const body = validSignup();
    const same = await Promise.allSettled([batched.insert(body, 'key-same-batch-1'), batched.insert(body, 'key-same-batch-1')]);
    expect(same.map(value).sort()).toEqual(['created', 'replayed']);

    const first = validSignup();
    const other = validSignup();
    const clash = await Promise.allSettled([batched.insert(first, 'key-same-batch-2'), batched.insert(other, 'key-same-batch-2')]);
    // Whichever commits first wins (as without batching); the other is refused and stores nothing.
    const winner = clash.findIndex((r) => value(r) === 'created');
    expect(winner).toBeGreaterThanOrEqual(0);
    expect(reason(clash[1 - winner]!)).toBeInstanceOf(IdempotencyKeyReusedError);
    expect(await committedEmails([first.email, other.email])).toEqual([[first, other][winner]!.email]);

    // A retry in a later batch replays too.
    expect(await batched.insert(body, 'key-same-batch-1')).toBe('replayed');
  });

  it('gives each e-mail exactly one 201 when duplicates race across concurrent batches', async () => {
    const fast = createSignupsRepository(suite.database, { batchWindowMs: 1 });
    const people = Array.from({ length: 20 }, () => validSignup());
    const attempts: Promise<PromiseSettledResult<'created' | 'replayed'>>[] = [];
    // 10 waves of the 20 e-mails in shuffled orders, a millisecond apart: many batches, several in flight at once.
    // Each attempt is settled as it starts: an early wave rejects while later waves are still being sent.
    for (let wave = 0; wave < 10; wave++) {
      const order = [...people].sort(() => Math.random() - 0.5);
      for (const person of order) attempts.push(Promise.allSettled([fast.insert(person)]).then(([result]) => result!));
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
    const plain = createSignupsRepository(suite.database);
    const a = validSignup({ other_outcome: 'Portfolio view', desired_outcomes: ['Other', 'Reuse insights'] });
    const b = { ...a, email: `b-${a.email}` };
    await plain.insert(a);
    await batched.insert(b);
    const rowA = await plain.findByEmail(a.email);
    const rowB = await plain.findByEmail(b.email);
    const strip = (r: typeof rowA) => ({ ...r, id: 0, email: '', consented_at: '', created_at: '' });
    expect(strip(rowB)).toEqual(strip(rowA));
  });

  it.each([
    ['batched', 50],
    ['one transaction per sign-up', 0],
  ])('writes rows alongside in the sign-up’s own transaction (%s), and not for a row that failed', async (_label, batchWindowMs) => {
    const seen: number[] = [];
    // Stands in for an outbox entry: an idempotency key row per stored sign-up, written by the hook.
    const writeAlongside: WriteAlongside = async (trx, stored) => {
      for (const { id } of stored) {
        seen.push(id);
        await trx
          .insertInto('idempotency_keys')
          .values({ key: `alongside-${id}`, request_hash: 'x', signup_id: id, created_at: new Date().toISOString() })
          .execute();
      }
    };
    const repository = createSignupsRepository(suite.database, { batchWindowMs, writeAlongside });
    const existing = validSignup();
    await repository.insert(existing);
    const fresh = [validSignup(), validSignup()];
    const results = await Promise.allSettled([repository.insert(fresh[0]!), repository.insert(existing), repository.insert(fresh[1]!)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const ids = await suite.database.db
      .selectFrom('waitlist_signups')
      .select('id')
      .where('email', 'in', [existing.email, ...fresh.map((f) => f.email)])
      .execute();
    expect(ids).toHaveLength(3);
    const keys = await suite.database.db
      .selectFrom('idempotency_keys')
      .select('key')
      .where('key', 'like', 'alongside-%')
      .where(
        'signup_id',
        'in',
        ids.map((r) => r.id),
      )
      .execute();
    expect(keys.map((k) => k.key).sort()).toEqual(ids.map((r) => `alongside-${r.id}`).sort());
    expect(seen.sort()).toEqual(ids.map((r) => Number(r.id)).sort());
  });

  it('stores nothing of a sign-up whose rows alongside fail', async () => {
    const failing = createSignupsRepository(suite.database, {
      batchWindowMs: 50,
      writeAlongside: async () => {
        throw new Error('outbox unavailable');
      },
    });
    const body = validSignup();
    await expect(failing.insert(body)).rejects.toThrow('outbox unavailable');
    expect(await committedEmails([body.email])).toEqual([]);
  });
});

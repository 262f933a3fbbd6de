import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayResendConfirmation } from '../../lib/resend-policy';
import { issueToken } from '../../lib/tokens';
import { createSignupsRepository } from './signups';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../../test/databases';
import { validSignup } from '../../test/fixtures';
import type { Database } from '../connection';
import { migrate, migrations } from '../migrations';
import { createOutboxRepository } from './outbox';
import { createPersonDataRepository, type PersonDataRepository } from './person-data';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

describe.each(DIALECTS)('person data on %s', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  let people: PersonDataRepository;

  const signUp = async (overrides: Parameters<typeof validSignup>[0] = {}) => {
    const signup = validSignup(overrides);
    await createSignupsRepository(database).insert(signup);
    return { id: (await people.idByEmail(signup.email))!, email: signup.email };
  };
  const db = () => database.db;
  const auditOf = (signupId: number) =>
    db().selectFrom('person_audit_log').selectAll().where('signup_id', '=', signupId).orderBy('id').execute();

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(database.db, database.dialect, migrations);
    people = createPersonDataRepository(database);
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  it('new sign-ups start unconfirmed, opted in, in English', async () => {
    const { id } = await signUp();
    expect(await people.person(id)).toMatchObject({ confirmedAt: null, marketingOptOutAt: null, confirmationSentAt: null, locale: 'en' });
  });

  it('confirms once per token; a second submit of the same or another confirmation link changes nothing', async () => {
    const { id } = await signUp();
    const [a, b] = [issueToken('confirm'), issueToken('confirm')];
    await people.saveTokens(id, [a, b]);
    const now = new Date();
    expect(await people.confirm(a.hash, now)).toBe(true);
    expect((await people.person(id))!.confirmedAt).toBe(now.toISOString());
    expect(await people.confirm(a.hash, new Date(now.getTime() + 1000))).toBe(false);
    expect(await people.confirm(b.hash, new Date(now.getTime() + 1000))).toBe(false);
    expect((await people.person(id))!.confirmedAt).toBe(now.toISOString());
    expect((await auditOf(id)).map((r) => [r.action, r.actor])).toEqual([['confirm', 'person']]);
  });

  it('refuses to confirm with an expired token or a token for another purpose', async () => {
    const { id } = await signUp();
    const expired = issueToken('confirm', new Date(Date.now() - 8 * DAY));
    const manage = issueToken('manage');
    await people.saveTokens(id, [expired, manage]);
    expect(await people.confirm(expired.hash)).toBe(false);
    expect(await people.confirm(manage.hash)).toBe(false);
    expect((await people.person(id))!.confirmedAt).toBeNull();
  });

  it('records an opt-out once and cancels queued confirmation mail, not a data link', async () => {
    const { id } = await signUp();
    const outbox = createOutboxRepository(database);
    await outbox.queueMail({ signupId: id, topic: 'confirmation' });
    await outbox.queueMail({ signupId: id, topic: 'data-link' });
    expect(await people.optOut(id)).toBe(true);
    expect(await people.optOut(id)).toBe(false);
    expect((await people.person(id))!.marketingOptOutAt).not.toBeNull();
    const rows = await outbox.forSignup(id);
    expect(rows.map((r) => [r.topic, r.status])).toEqual([
      ['data-link', 'pending'],
      ['confirmation', 'cancelled'],
    ]);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['unsubscribe']);
  });

  it('corrects fields and audits their names, never their values', async () => {
    const { id } = await signUp();
    const fields = await people.correct(id, { role: 'Product Manager', desired_outcomes: ['Speed up time-to-market'] });
    expect(fields).toEqual(['role', 'desired_outcomes']);
    expect(await people.person(id)).toMatchObject({ role: 'Product Manager', desiredOutcomes: ['Speed up time-to-market'] });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'correct', fields: 'role,desired_outcomes' });
    expect(JSON.stringify(entry)).not.toContain('Product Manager');
  });

  it('refuses a correction the contract forbids, through the database checks', async () => {
    const { id } = await signUp();
    await expect(people.correct(id, { role: 'Chief Everything Officer' })).rejects.toThrow();
    await expect(people.correct(id, { desired_outcomes: ['World peace'] })).rejects.toThrow();
    expect(await auditOf(id)).toHaveLength(0);
  });

  it('erases the row with its outbox rows and tokens, keeps its counts and an audit entry without the address', async () => {
    const { id, email } = await signUp({ role: 'Project Manager', desired_outcomes: ['Reuse insights', 'Other'], other_outcome: 'x' });
    const outbox = createOutboxRepository(database);
    await outbox.queueMail({ signupId: id, topic: 'confirmation' });
    await people.saveTokens(id, [issueToken('manage')]);
    const before = await people.erasedCounts();
    const count = (rows: typeof before, dimension: string, value: string) =>
      rows.find((r) => r.dimension === dimension && r.value === value)?.count ?? 0;

    expect(await people.erase(id)).toBe(true);
    expect(await people.person(id)).toBeUndefined();
    expect(await outbox.forSignup(id)).toHaveLength(0);
    expect(await db().selectFrom('person_tokens').select('hash').where('signup_id', '=', id).execute()).toHaveLength(0);
    const after = await people.erasedCounts();
    expect(count(after, 'all', '') - count(before, 'all', '')).toBe(1);
    expect(count(after, 'role', 'Project Manager') - count(before, 'role', 'Project Manager')).toBe(1);
    expect(count(after, 'outcome', 'Other') - count(before, 'outcome', 'Other')).toBe(1);
    const audit = await auditOf(id);
    expect(audit.map((r) => [r.action, r.actor])).toEqual([['erase', 'person']]);
    expect(JSON.stringify(await db().selectFrom('person_audit_log').selectAll().execute())).not.toContain(email);
    // The address is free again.
    expect(await createSignupsRepository(database).insert(validSignup({ email }))).toBe('created');
    expect(await people.erase(id)).toBe(false);
  });

  it('expires sign-ups left unconfirmed after their confirmation went out, and only those', async () => {
    const now = new Date();
    const old = await signUp();
    const oldConfirmed = await signUp();
    const recent = await signUp();
    const neverSent = await signUp();
    const set = (id: number, values: Record<string, string>) =>
      db().updateTable('waitlist_signups').set(values).where('id', '=', id).execute();
    await set(old.id, { confirmation_sent_at: new Date(now.getTime() - 31 * DAY).toISOString() });
    await set(oldConfirmed.id, { confirmation_sent_at: new Date(now.getTime() - 31 * DAY).toISOString(), confirmed_at: now.toISOString() });
    await set(recent.id, { confirmation_sent_at: new Date(now.getTime() - 29 * DAY).toISOString() });
    void neverSent;

    const erased = await people.expireUnconfirmed(new Date(now.getTime() - 30 * DAY), now);
    expect(erased).toBeGreaterThanOrEqual(1);
    expect(await people.person(old.id)).toBeUndefined();
    for (const kept of [oldConfirmed, recent, neverSent]) expect(await people.person(kept.id)).toBeDefined();
    expect((await auditOf(old.id)).map((r) => [r.action, r.actor])).toEqual([['expire', 'system']]);
  });

  it('queues a confirmation re-send only as the policy allows, one at a time', async () => {
    const { id } = await signUp();
    const outbox = createOutboxRepository(database);
    const t0 = new Date();
    await outbox.queueMail({ signupId: id, topic: 'confirmation', payload: { locale: 'en' } }, t0);
    const decide = (at: Date) => (input: { confirmed: boolean; history: { createdAt: Date; resend: boolean }[] }) =>
      mayResendConfirmation({ ...input, now: at }).ok;
    const at = (ms: number) => new Date(t0.getTime() + ms);

    expect(await people.queueConfirmationResend(id, decide(at(5 * MIN)), at(5 * MIN))).toBe(false);
    // Two racing re-sign-ups: one mail.
    const racing = await Promise.all([
      people.queueConfirmationResend(id, decide(at(11 * MIN)), at(11 * MIN)),
      people.queueConfirmationResend(id, decide(at(11 * MIN)), at(11 * MIN)),
    ]);
    expect(racing.filter(Boolean)).toHaveLength(1);
    const history = await outbox.history(id, 'confirmation');
    expect(history.map((h) => h.resend)).toEqual([true, false]);
  });
});

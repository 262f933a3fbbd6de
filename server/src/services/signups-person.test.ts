import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateEmailError } from '../db/errors';
import type { Stores } from '../db/stores';
import { issueToken } from '../lib/tokens';
import { servicesOn } from '../test/app';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/databases';
import { validSignup } from '../test/fixtures';
import type { Database } from '../db/connection';
import { migrate, migrations } from '../db/migrations';
import type { SignupService } from './signups';
import type { CountedReads } from './counted-reads';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

/** The life of one person's row through the sign-up service: confirm, opt out, correct, erase, expire, re-send. */
describe.each(DIALECTS)('a sign-up’s life on %s', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  let stores: Stores;
  let signups: SignupService;
  let counted: CountedReads;
  let clock: Date | undefined;
  const person = (id: number) => stores.signups.find(database.db, id);
  const queueMail = (signupId: number, topic: string) =>
    stores.outbox.queueMail(database.db, [{ signupId, topic, at: new Date().toISOString() }]);

  const signUp = async (overrides: Parameters<typeof validSignup>[0] = {}) => {
    const signup = validSignup(overrides);
    await signups.signUp(signup);
    return { id: (await stores.signups.idByEmail(database.db, signup.email))!, email: signup.email };
  };
  const db = () => database.db;
  const auditOf = (signupId: number) =>
    db().selectFrom('person_audit_log').selectAll().where('signup_id', '=', signupId).orderBy('id').execute();

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(database, migrations);
    ({
      stores,
      services: { signups, countedReads: counted },
    } = servicesOn(database, { now: () => clock ?? new Date() }));
  });
  afterAll(async () => {
    await database.close();
    await testDb.drop();
  });

  afterEach(() => {
    clock = undefined;
  });

  it('new sign-ups start unconfirmed, opted in, in English, with their confirmation mail queued', async () => {
    const { id } = await signUp();
    expect(await person(id)).toMatchObject({ confirmed_at: null, marketing_opt_out_at: null, confirmation_sent_at: null, locale: 'en' });
    expect((await stores.outboxReports.forSignup(id)).map((m) => [m.topic, m.status])).toEqual([['confirmation', 'pending']]);
  });

  it('confirms once per token; a second submit of the same or another confirmation link changes nothing', async () => {
    const { id } = await signUp();
    const [a, b] = [issueToken('confirm'), issueToken('confirm')];
    await stores.personTokens.save(id, [a, b]);
    const now = new Date();
    clock = now;
    expect(await signups.confirm(a.hash, id)).toBe(true);
    expect((await person(id))!.confirmed_at).toBe(now.toISOString());
    clock = new Date(now.getTime() + 1000);
    expect(await signups.confirm(a.hash, id)).toBe(false);
    expect(await signups.confirm(b.hash, id)).toBe(false);
    expect((await person(id))!.confirmed_at).toBe(now.toISOString());
    expect((await auditOf(id)).map((r) => [r.action, r.actor])).toEqual([['confirm', 'person']]);
  });

  it('refuses to confirm with an expired token or a token for another purpose', async () => {
    const { id } = await signUp();
    const expired = issueToken('confirm', new Date(Date.now() - 8 * DAY));
    const manage = issueToken('manage');
    await stores.personTokens.save(id, [expired, manage]);
    expect(await signups.confirm(expired.hash, id)).toBe(false);
    expect(await signups.confirm(manage.hash, id)).toBe(false);
    expect((await person(id))!.confirmed_at).toBeNull();
  });

  it('records an opt-out once and cancels queued confirmation mail, not a data link', async () => {
    const { id } = await signUp();
    await queueMail(id, 'data-link');
    expect(await signups.unsubscribe(id)).toBe(true);
    expect(await signups.unsubscribe(id)).toBe(false);
    expect((await person(id))!.marketing_opt_out_at).not.toBeNull();
    const rows = await stores.outboxReports.forSignup(id);
    expect(rows.map((r) => [r.topic, r.status])).toEqual([
      ['data-link', 'pending'],
      ['confirmation', 'cancelled'],
    ]);
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['unsubscribe']);
  });

  it('corrects fields and audits their names, never their values', async () => {
    const { id } = await signUp();
    const result = await signups.correct(
      id,
      { role: 'Product Manager', desired_outcomes: ['Speed up time-to-market'] },
      { kind: 'person' },
    );
    expect(result?.changed).toEqual(['role', 'desired_outcomes']);
    expect(await person(id)).toMatchObject({ role: 'Product Manager', desired_outcomes: ['Speed up time-to-market'] });
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'correct', fields: 'role,desired_outcomes' });
    expect(JSON.stringify(entry)).not.toContain('Product Manager');
  });

  it('takes a corrected address as unconfirmed until its new owner confirms, and names the operator behind an erasure through it', async () => {
    const { id } = await signUp();
    const [a] = [issueToken('confirm')];
    await stores.personTokens.save(id, [a]);
    expect(await signups.confirm(a.hash, id)).toBe(true);
    const operator = await stores.operatorAccounts.add(`corrector-${dialect}@example.com`, 'scrypt$not-a-real-hash', 'member');
    const confirmations = async () =>
      (await db().selectFrom('outbox').select('topic').where('signup_id', '=', id).where('topic', '=', 'confirmation').execute()).length;
    const before = await confirmations();

    // Another answer is no new address: still confirmed. A new address: unconfirmed, and a confirmation goes to it.
    await signups.correct(id, { role: 'Product Manager' }, { kind: 'operator', operatorId: operator.id });
    expect((await person(id))!.confirmed_at).not.toBeNull();
    await signups.correct(id, { email: `held-by-the-operator-${dialect}@example.com` }, { kind: 'operator', operatorId: operator.id });
    expect((await person(id))!.confirmed_at).toBeNull();
    expect(await confirmations()).toBe(before + 1);

    // Whoever holds that address erases through its link: the person's log says "person", the operators' trail says who.
    expect(await signups.erase(id, { kind: 'person' })).toBe(true);
    const trail = await db()
      .selectFrom('audit_trail')
      .select(['action', 'operator_id', 'detail'])
      .where('signup_id', '=', id)
      .orderBy('id')
      .execute();
    expect(trail.at(-1)).toEqual({
      action: 'signup.erase',
      operator_id: operator.id,
      detail: 'through the link mailed to an address this operator set, before its owner confirmed',
    });
  });

  it('refuses a correction the contract forbids, through the database checks', async () => {
    const { id } = await signUp();
    await expect(signups.correct(id, { role: 'Chief Everything Officer' as never }, { kind: 'person' })).rejects.toThrow();
    await expect(signups.correct(id, { desired_outcomes: ['World peace' as never] }, { kind: 'person' })).rejects.toThrow();
    expect(await auditOf(id)).toHaveLength(0);
  });

  it('erases the row with its outbox rows and tokens, keeps its counts and an audit entry without the address', async () => {
    const { id, email } = await signUp({ role: 'Project Manager', desired_outcomes: ['Reuse insights', 'Other'], other_outcome: 'x' });
    await stores.personTokens.save(id, [issueToken('manage')]);
    // The dashboard's read folds the new sign-up into the kept counts first (services/counted-reads.ts).
    const before = await counted.stats();
    const count = (stats: typeof before, list: 'by_role' | 'by_outcome', label: string) =>
      stats[list].find((r) => r.label === label)?.count;

    expect(await stores.outboxReports.forSignup(id)).toHaveLength(1);
    expect(await signups.erase(id, { kind: 'person' })).toBe(true);
    expect(await person(id)).toBeUndefined();
    expect(await stores.outboxReports.forSignup(id)).toHaveLength(0);
    expect(await db().selectFrom('person_tokens').select('hash').where('signup_id', '=', id).execute()).toHaveLength(0);
    // The dashboard still counts them where and when they signed up.
    expect(count(before, 'by_role', 'Project Manager')).toBeGreaterThan(0);
    const after = await counted.stats();
    expect(after.total).toBe(before.total);
    expect(count(after, 'by_role', 'Project Manager')).toBe(count(before, 'by_role', 'Project Manager'));
    expect(count(after, 'by_outcome', 'Other')).toBe(count(before, 'by_outcome', 'Other'));
    const audit = await auditOf(id);
    expect(audit.map((r) => [r.action, r.actor])).toEqual([['erase', 'person']]);
    expect(JSON.stringify(await db().selectFrom('person_audit_log').selectAll().execute())).not.toContain(email);
    // The address is free again.
    expect(await signups.signUp(validSignup({ email }))).toBe('created');
    expect(await signups.erase(id, { kind: 'person' })).toBe(false);
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

    const erased = await signups.eraseExpired(new Date(now.getTime() - 30 * DAY));
    expect(erased).toBeGreaterThanOrEqual(1);
    expect(await person(old.id)).toBeUndefined();
    for (const kept of [oldConfirmed, recent, neverSent]) expect(await person(kept.id)).toBeDefined();
    expect((await auditOf(old.id)).map((r) => [r.action, r.actor])).toEqual([['expire', 'system']]);
  });

  it('re-sends the confirmation to someone who signs up again only as the policy allows, one mail for racing repeats', async () => {
    const t0 = new Date();
    clock = t0;
    const { id, email } = await signUp();
    const again = () => signups.signUp(validSignup({ email })).catch((error: unknown) => error);
    const at = (ms: number) => new Date(t0.getTime() + ms);

    clock = at(5 * MIN);
    expect(await again()).toBeInstanceOf(DuplicateEmailError);
    expect((await stores.outbox.history(database.db, id, 'confirmation')).map((h) => h.resend)).toEqual([false]);
    // Two racing re-sign-ups: one mail.
    clock = at(11 * MIN);
    const racing = await Promise.all([again(), again()]);
    expect(racing.every((r) => r instanceof DuplicateEmailError)).toBe(true);
    expect((await stores.outbox.history(database.db, id, 'confirmation')).map((h) => h.resend)).toEqual([true, false]);
  });
});

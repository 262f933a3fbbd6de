import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH, type AdminSignupPage } from '@waitlist/contract';
import { useTestApp } from '../../test/app';
import { solvedChallenge } from '../../test/proof-of-work';
import { DIALECTS } from '../../test/databases';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { addOperator, ADMIN_TEST_ENV, adminClient, signIn } from '../../test/console';

/**
 * The review queue (issue 22): sign-ups carry why they may deserve a second look (no proof of work, a burst from one
 * network); the console filters by it, the CSV export has a `flags` column, and a selection is erased at once, audited.
 */
describe.each(DIALECTS)('the review queue on %s', (dialect) => {
  const suite = useTestApp(dialect, () => ({ ...ADMIN_TEST_ENV, ALTCHA_MAX_NUMBER: '1000' }));
  let cookie: string;
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const signUp = (email: string, ip: string, altcha?: string) =>
    suite.app.inject({
      method: 'POST',
      url: SIGNUPS_PATH,
      remoteAddress: ip,
      headers: apiHeaders(),
      payload: { ...validSignup({ email }), ...(altcha ? { altcha } : {}) },
    });
  const solved = () => solvedChallenge(suite.app);

  beforeAll(async () => {
    await addOperator(suite.app, 'founder@acme.example');
    cookie = await signIn(suite.app, 'founder@acme.example');
  });

  it('flags sign-ups without proof of work and beyond a burst from one network; filters, exports and erases them', async () => {
    // A person whose script solved the challenge, from their own network: nothing to review.
    expect((await signUp(`person-${dialect}@volvo.example`, '198.51.100.20', await solved())).statusCode).toBe(201);
    // A script: six sign-ups from one /24 within the minute, without proof of work.
    for (let i = 0; i < 6; i++) expect((await signUp(`bot-${i}-${dialect}@example.com`, `203.0.113.${10 + i}`)).statusCode).toBe(201);

    const list = async (query: string) => (await admin('GET', `/signups?${query}`)).json<AdminSignupPage>().items;
    const all = await list('limit=50');
    const person = all.find((s) => s.email.startsWith('person-'))!;
    expect(person.flags).toEqual([]);
    const bots = all.filter((s) => s.email.startsWith('bot-')).sort((a, b) => a.id - b.id);
    expect(bots.map((b) => b.flags)).toEqual([
      ['no-proof-of-work'],
      ['no-proof-of-work'],
      ['no-proof-of-work'],
      ['burst', 'no-proof-of-work'],
      ['burst', 'no-proof-of-work'],
      ['burst', 'no-proof-of-work'],
    ]);
    expect((await list('flag=no-proof-of-work')).map((s) => s.email).sort()).toEqual(bots.map((b) => b.email).sort());
    expect(await list('flag=burst')).toHaveLength(3);
    expect((await admin('GET', '/signups?flag=nonsense')).statusCode).toBe(400);

    const csv = (await admin('GET', '/signups/export.csv?flag=burst')).body.replace(/^\uFEFF/, '').split('\r\n');
    const flagsColumn = csv[0]!.split(',').indexOf('flags');
    expect(flagsColumn).toBeGreaterThan(0);
    expect(csv.filter((line) => line.split(',')[flagsColumn] === 'burst; no-proof-of-work')).toHaveLength(3);

    // Erase the flagged selection at once; each erasure is audited by operator, without the address.
    const ids = bots.map((b) => b.id);
    const erased = await admin('POST', '/signups/erase', { ids: [...ids, 999_999] });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toEqual({ erased: ids, missing: [999_999] });
    expect(await list('flag=no-proof-of-work')).toEqual([]);
    expect((await list('limit=50')).map((s) => s.email)).toEqual([person.email]);
    const audit = await suite.app.database.db.selectFrom('audit_trail').selectAll().where('action', '=', 'signup.erase').execute();
    const outcome = (wanted: string) => audit.filter((a) => a.outcome === wanted).map((a) => Number(a.signup_id));
    expect(outcome('ok').sort((a, b) => a - b)).toEqual(ids);
    // The id nobody has is recorded as an attempt that failed.
    expect(outcome('failed')).toEqual([999_999]);
    expect(JSON.stringify(audit)).not.toContain('bot-');
  });
});

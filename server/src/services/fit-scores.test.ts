import { describe, expect, it } from 'vitest';
import { DEFAULT_FIT_WEIGHTS, SIGNUPS_PATH, type AdminFitWeights, type AdminSignup, type FitWeights } from '@waitlist/contract';
import { useTestApp } from '../test/app';
import { DIALECTS } from '../test/databases';
import { apiHeaders, validSignup } from '../test/fixtures';
import { ADMIN_TEST_ENV, addOperator, adminClient, auditEntries, signIn } from '../test/console';
import { seedRows } from '../test/seed-signups';
import { fitOf } from '../lib/fit-score';

type Page = { items: AdminSignup[]; next_cursor: string | null };

/**
 * Issue 36 item 2: every sign-up has a fit score from 0 to 100 and its reasons; the defaults rank a Head of Innovation
 * at a company of 1000+ with a work address above an "Other" at a company of 1-10 with free mail; the list sorts and
 * filters by score; an owner's new weights are a new version, audited, and every score follows them; the SQL that
 * rescores a million rows and the server's own sum agree on a realistic spread.
 */
describe.each(DIALECTS)('fit scores on %s', (dialect) => {
  const suite = useTestApp(dialect, () => ({ ...ADMIN_TEST_ENV }));
  const owner = `owner-${dialect}@acme.example`;
  let cookie = '';
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const signUp = async (body: Parameters<typeof validSignup>[0]) => {
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup(body) });
    expect(res.statusCode).toBe(201);
  };
  const list = async (query: string) => (await admin('GET', `/signups?${query}`)).json<Page>();

  it('ranks a Head of Innovation at a 1000+ company with a work address above an "Other" at 1-10 with free mail, and says why', async () => {
    await addOperator(suite.app, owner);
    cookie = await signIn(suite.app, owner);
    await signUp({ email: `other-${dialect}@gmail.com`, role: 'Other', company_size: '1-10 employees', desired_outcomes: ['Other'] });
    await signUp({ email: `head-${dialect}@volvo.com`, role: 'Head of Innovation / Innovation Director', company_size: '1000+ employees' });
    const page = await list('sort=-fit_score');
    const [best, worst] = [page.items[0]!, page.items.at(-1)!];
    expect(best.email).toBe(`head-${dialect}@volvo.com`);
    expect(worst.email).toBe(`other-${dialect}@gmail.com`);
    expect(best.fit_score).toBeGreaterThan(worst.fit_score);
    expect(best.fit_reasons).toEqual(
      expect.arrayContaining(['+30 1000+ employees', '+25 Head of Innovation / Innovation Director', '+10 work address']),
    );
    expect(worst.fit_score).toBe(0);
    expect(worst.fit_reasons).toContain('−40 free mail');
    // The person's own page carries the same.
    expect((await admin('GET', `/signups/${best.id}`)).json<AdminSignup>().fit_score).toBe(best.fit_score);
    // A filter by score, and the CSV's columns.
    expect((await list('min_score=50')).items.map((s) => s.email)).toEqual([`head-${dialect}@volvo.com`]);
    expect((await admin('GET', '/signups?min_score=101')).statusCode).toBe(400);
    const csv = (await admin('GET', '/signups/export.csv')).body;
    expect(csv.split('\r\n')[0]).toMatch(/,fit_score,fit_reasons,meeting_at,answers$/);
    // The dashboard's spread: the free-mail "Other" at the bottom, the Head of Innovation at the top.
    const spread = (await admin('GET', '/fit-spread')).json<{ bands: { label: string; count: number }[] }>().bands;
    expect(spread.map((b) => b.label)).toEqual(['0-19', '20-39', '40-59', '60-79', '80-100']);
    expect(spread.map((b) => b.count)).toEqual([1, 0, 0, 0, 1]);

    // A wave takes the best fits of a filter first.
    await suite.app.database.db.updateTable('waitlist_signups').set({ confirmed_at: new Date().toISOString() }).execute();
    const wave = await admin('POST', '/waves', { name: 'Best first', filter: {}, limit: 1, order: 'best_fit' });
    expect(wave.statusCode).toBe(201);
    expect((await list('status=invited')).items.map((s) => s.email)).toEqual([`head-${dialect}@volvo.com`]);
    expect((await admin('POST', '/waves', { name: 'No filter', ids: [best.id], order: 'best_fit' })).statusCode).toBe(400);
  });

  it('gives colleagues their term once a second person of the company is on the list, the first one too', async () => {
    await signUp({ email: `first-${dialect}@scania.com`, role: 'Project Manager', company_size: '201-500 employees' });
    await suite.app.services.countFold.run();
    const before = (await list('company=scania.com')).items[0]!;
    expect(before.fit_reasons).not.toContain('+10 colleagues on the list');
    await signUp({ email: `second-${dialect}@scania.com`, role: 'Product Manager', company_size: '201-500 employees' });
    await suite.app.services.countFold.run();
    const both = (await list('company=scania.com')).items;
    expect(both).toHaveLength(2);
    for (const person of both) expect(person.fit_reasons).toContain('+10 colleagues on the list');
    expect(both.find((p) => p.id === before.id)!.fit_score).toBe(before.fit_score + 10);
  });

  it('scores in SQL exactly as the server sums (a realistic spread of 600 sign-ups), and pages by score without a gap', async () => {
    const rows = seedRows(600, Date.now(), 10_000);
    await suite.app.database.db.transaction().execute((trx) => suite.app.stores.signups.insertNew(trx, rows));
    await suite.app.services.countFold.run();
    const stored = await suite.app.database.db.selectFrom('waitlist_signups').selectAll().execute();
    const companies = new Map(
      (await suite.app.database.db.selectFrom('companies').select(['domain', 'people']).execute()).map((c) => [c.domain, Number(c.people)]),
    );
    for (const row of stored) {
      const person = suite.app.stores.signups.decode(row);
      const expected = fitOf(
        { ...person, colleagues: !person.free_mail && person.company_domain !== null && (companies.get(person.company_domain) ?? 0) >= 2 },
        DEFAULT_FIT_WEIGHTS,
      ).score;
      expect(person.fit_score, person.email).toBe(expected);
    }
    // Every page of the list sorted by score, through its cursor: each person once, scores never rising.
    const seen: AdminSignup[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(`sort=-fit_score&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items);
      cursor = page.next_cursor;
    } while (cursor);
    expect(new Set(seen.map((s) => s.id)).size).toBe(stored.length);
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]!.fit_score).toBeLessThanOrEqual(seen[i - 1]!.fit_score);
  });

  it('takes an owner’s new weights as a new version, audited, and rescores every sign-up; a member may not change them', async () => {
    const weights: FitWeights = {
      ...DEFAULT_FIT_WEIGHTS,
      free_mail: 0,
      company_size: { ...DEFAULT_FIT_WEIGHTS.company_size, '1-10 employees': 40 },
    };
    await addOperator(suite.app, `member-${dialect}@acme.example`, undefined, 'member');
    const asMember = await signIn(suite.app, `member-${dialect}@acme.example`);
    const asOwner = cookie;
    cookie = asMember;
    expect((await admin('PUT', '/fit-weights', weights)).statusCode).toBe(403);
    cookie = asOwner;
    expect((await admin('PUT', '/fit-weights', { ...weights, base: 500 })).statusCode).toBe(400);
    const res = await admin('PUT', '/fit-weights', weights);
    expect(res.statusCode).toBe(200);
    expect(res.json<AdminFitWeights>()).toMatchObject({ version: 2, updated_by: owner });
    await suite.app.services.fitRules.rescore();
    const view = (await admin('GET', '/fit-weights')).json<AdminFitWeights>();
    expect(view.rescoring).toEqual({ done: true, remaining: 0 });
    // Every sign-up carries the new weights' score.
    for (const row of await suite.app.database.db.selectFrom('waitlist_signups').selectAll().execute()) {
      const person = suite.app.stores.signups.decode(row);
      const colleagues =
        !person.free_mail && person.company_domain !== null && (await list(`company=${person.company_domain}`)).items.length >= 2;
      expect(person.fit_score, person.email).toBe(fitOf({ ...person, colleagues }, weights).score);
    }
    const other = (await list(`q=other-${dialect}`)).items[0]!;
    expect(other.fit_score).toBe(fitOf({ ...other, colleagues: false }, weights).score);
    expect(other.fit_reasons).toContain('+40 1-10 employees');
    expect(await auditEntries(suite.app, 'fit.weights')).toEqual([expect.objectContaining({ target: 'fit:2', outcome: 'ok' })]);
  });

  it('lets the server answer between the statements of a rescoring walk: sign-ups are not held back for all of it', async () => {
    const store = suite.app.stores.signups;
    for (let offset = 0; offset < 5_000; offset += 500)
      await suite.app.database.db.transaction().execute((trx) => store.insertNew(trx, seedRows(500, Date.now(), 50_000 + offset)));
    const weights: FitWeights = { ...DEFAULT_FIT_WEIGHTS, free_mail: -35, partner_code: 25 };
    // Turns the event loop gives to other work (a request, a timer) while the walk runs, counted from its start.
    let turns = 0;
    let walking = true;
    const turn = () => {
      if (!walking) return;
      turns += 1;
      setImmediate(turn);
    };
    expect((await admin('PUT', '/fit-weights', weights)).statusCode).toBe(200);
    setImmediate(turn);
    await suite.app.services.fitRules.rescore();
    walking = false;
    expect((await admin('GET', '/fit-weights')).json<AdminFitWeights>().rescoring).toEqual({ done: true, remaining: 0 });
    // SQLite's driver holds the thread for each statement, and a walk that went straight on gave no turn at all until its
    // end (seen: 0); now it pauses after each slice. PostgreSQL's driver waits on the network, so the loop turns there
    // whatever the walk does (it goes straight on: sign-ups have writers of their own).
    if (dialect === 'sqlite') expect(turns).toBeGreaterThanOrEqual(3);
  });

  it('applies the newest weights when they change while a walk of older ones is under way', async () => {
    const { fitRules } = suite.app.services;
    const operatorId = (await suite.app.stores.operatorAccounts.list())[0]!.id;
    const older: FitWeights = { ...DEFAULT_FIT_WEIGHTS, free_mail: -10 };
    const newer: FitWeights = { ...DEFAULT_FIT_WEIGHTS, free_mail: -20, work_address: 15 };
    await fitRules.set(older, operatorId);
    // The owner's change lands while the walk of the older weights runs (its own, started by the first change).
    await new Promise((resolve) => setTimeout(resolve, 1));
    await fitRules.set(newer, operatorId);
    await fitRules.rescore();
    expect((await admin('GET', '/fit-weights')).json<AdminFitWeights>()).toMatchObject({ rescoring: { done: true, remaining: 0 } });
    const rows = await suite.app.database.db.selectFrom('waitlist_signups').selectAll().where('free_mail', '=', 1).limit(50).execute();
    for (const row of rows) {
      const person = suite.app.stores.signups.decode(row);
      expect(person.fit_score, person.email).toBe(fitOf({ ...person, colleagues: false }, newer).score);
    }
  });
});

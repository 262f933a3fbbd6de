import { describe, expect, it } from 'vitest';
import { MANAGE_COOKIE, SIGNUPS_PATH, type AdminQuestion } from '@waitlist/contract';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { DIALECTS } from '../../test/databases';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { type ReceivedMail } from '../../test/smtp';
import { ADMIN_TEST_ENV, addOperator, adminClient, signIn } from '../../test/console';

const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(name, v);
  return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
};
const tokenIn = (mail: ReceivedMail, kind: 'confirm' | 'manage') => new RegExp(`/${kind}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
const hiddenToken = (html: string) => /<input type="hidden" name="token" value="([A-Za-z0-9_-]{43})"/.exec(html)?.[1];

const TIMELINE = {
  kind: 'single',
  prompt: { en: 'When would you start a pilot?', sv: 'När skulle ni kunna börja en pilot?' },
  options: [
    { en: 'This quarter', sv: 'Det här kvartalet' },
    { en: 'Within six months', sv: 'Inom sex månader' },
    { en: 'Later', sv: 'Senare' },
  ],
};
const TOOLS = {
  kind: 'multiple',
  prompt: { en: 'Where do your ideas live today?', sv: 'Var finns era idéer i dag?' },
  options: [
    { en: 'Spreadsheets', sv: 'Kalkylblad' },
    { en: 'An idea platform', sv: 'En idéplattform' },
    { en: 'E-mail', sv: 'E-post' },
  ],
};
const VOLUME = {
  kind: 'text',
  prompt: { en: 'How many ideas does your organisation handle a year?', sv: 'Hur många idéer hanterar er organisation per år?' },
};

/**
 * Issue 36 item 1: owners ask up to five questions in both languages; people answer on the page after confirming
 * (no script, the token in a hidden field) and on their data page; answers are their data (download, change,
 * erase), show on the console's person page, in the CSV and as a list filter; an edited question keeps old answers.
 */
describe.each(DIALECTS)('questions after confirming on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
  }));
  let cookie = '';
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );

  it('asks, is answered after confirming and on the data page, and keeps the answers readable after an edit', async () => {
    await addOperator(suite.app, `owner-${dialect}@acme.example`);
    await addOperator(suite.app, `member-${dialect}@acme.example`, undefined, 'member');
    cookie = await signIn(suite.app, `member-${dialect}@acme.example`);
    expect((await admin('POST', '/questions', TIMELINE)).statusCode).toBe(403);
    cookie = await signIn(suite.app, `owner-${dialect}@acme.example`);
    expect((await admin('POST', '/questions', { ...TIMELINE, options: [{ en: 'Only', sv: 'Enda' }] })).statusCode).toBe(400);
    expect((await admin('POST', '/questions', { ...TIMELINE, prompt: { en: 'No Swedish', sv: ' ' } })).statusCode).toBe(400);
    for (const q of [TIMELINE, TOOLS, VOLUME]) expect((await admin('POST', '/questions', q)).statusCode).toBe(200);
    const questions = ((await admin('GET', '/questions')).json() as { items: AdminQuestion[] }).items;
    const [timeline, tools, volume] = questions;
    expect(timeline!.options.map((o) => o.id)).toEqual(['o1', 'o2', 'o3']);

    // A Swedish visitor confirms: the page after it asks, in Swedish, with the token in a hidden field.
    const email = `anna-${dialect}@volvo.com`;
    expect(
      (await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup({ email, locale: 'sv' }) }))
        .statusCode,
    ).toBe(201);
    const mail = await smtp.nextMailTo(email, { timeoutMs: 15_000 });
    const confirmed = await suite.app.inject({ method: 'POST', url: '/sv/confirm', ...form({ token: tokenIn(mail, 'confirm')! }) });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('När skulle ni kunna börja en pilot?');
    expect(confirmed.body).toContain('Det här kvartalet');
    const token = hiddenToken(confirmed.body)!;
    expect(token).toBeDefined();

    // An option nobody offered: refused, nothing saved.
    const q = (id: number) => `q${id}`;
    const bad = await suite.app.inject({
      method: 'POST',
      url: '/sv/manage/answers',
      ...form({ token, from: 'confirmed', [q(timeline!.id)]: 'o9' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ingenting sparades');
    const id = (await suite.app.stores.signups.idByEmail(suite.app.database.db, email))!;
    expect((await admin('GET', `/signups/${id}`)).json().answers).toEqual([]);

    const saved = await suite.app.inject({
      method: 'POST',
      url: '/sv/manage/answers',
      ...form({ token, from: 'confirmed', [q(timeline!.id)]: 'o1', [q(tools!.id)]: ['o1', 'o3'], [q(volume!.id)]: ' About 400 ' }),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('dina svar är sparade');
    const person = (await admin('GET', `/signups/${id}`)).json() as { answers: { question: string; answer: string }[] };
    expect(person.answers.map((a) => `${a.question} ${a.answer}`)).toEqual([
      'When would you start a pilot? This quarter',
      'Where do your ideas live today? Spreadsheets, E-mail',
      'How many ideas does your organisation handle a year? About 400',
    ]);
    // The list filters by an answer; the CSV carries them.
    const byAnswer = (await admin('GET', `/signups?answer=${timeline!.id}:o1`)).json() as { items: { id: number }[] };
    expect(byAnswer.items.map((p) => p.id)).toEqual([id]);
    expect(((await admin('GET', `/signups?answer=${timeline!.id}:o2`)).json() as { items: unknown[] }).items).toEqual([]);
    expect((await admin('GET', '/signups?answer=nonsense')).statusCode).toBe(400);
    const csv = (await admin('GET', '/signups/export.csv')).body;
    expect(csv).toContain('When would you start a pilot?: This quarter; Where do your ideas live today?: Spreadsheets, E-mail');

    // The owner drops "This quarter": it is archived, the earlier answer still reads as it did, the form offers it no more.
    const edited = await admin('PUT', `/questions/${timeline!.id}`, {
      ...TIMELINE,
      options: TIMELINE.options.slice(1).map((o, i) => ({ ...o, id: `o${i + 2}` })),
    });
    expect(edited.statusCode).toBe(200);
    expect((await admin('PUT', `/questions/${timeline!.id}`, { ...TOOLS })).statusCode).toBe(400);
    expect(((await admin('GET', `/signups/${id}`)).json() as typeof person).answers[0]!.answer).toBe('This quarter');

    // The data page (its cookie): the answers as a form, changed there; the download has them; erasure takes them.
    const manageToken = tokenIn(mail, 'manage')!;
    const opened = await suite.app.inject({ method: 'GET', url: `/sv/manage?token=${manageToken}` });
    const jar = { cookie: `${MANAGE_COOKIE}=${manageToken}` };
    expect(opened.statusCode).toBe(303);
    const page = await suite.app.inject({ method: 'GET', url: '/sv/manage', headers: jar });
    expect(page.body).toContain('Dina svar på våra frågor');
    expect(page.body).not.toContain('Det här kvartalet');
    const changed = await suite.app.inject({
      method: 'POST',
      url: '/sv/manage/answers',
      payload: new URLSearchParams([
        [q(timeline!.id), 'o3'],
        [q(volume!.id), ''],
      ]).toString(),
      headers: { ...jar, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(changed.statusCode).toBe(200);
    const download = await suite.app.inject({ method: 'POST', url: '/sv/manage/export', headers: jar });
    expect((download.json() as { answers: { answer: string }[] }).answers.map((a) => a.answer)).toEqual(['Later']);
    const erased = await suite.app.inject({
      method: 'POST',
      url: '/sv/manage/erase',
      payload: 'confirm=yes',
      headers: { ...jar, 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(erased.statusCode).toBe(200);
    const left = await suite.app.database.db.selectFrom('signup_answers').select('signup_id').where('signup_id', '=', id).execute();
    expect(left).toEqual([]);

    // At most five at once.
    for (const n of [4, 5])
      expect((await admin('POST', '/questions', { ...VOLUME, prompt: { en: `Q${n}`, sv: `F${n}` } })).statusCode).toBe(200);
    expect((await admin('POST', '/questions', VOLUME)).statusCode).toBe(400);
    expect((await admin('POST', `/questions/${volume!.id}/archive`)).statusCode).toBe(200);
    expect((await admin('POST', '/questions', VOLUME)).statusCode).toBe(200);
  });
  it('answers count in the fit score with the weights an owner gives them, at once and after a change of weights', async () => {
    const questions = ((await admin('GET', '/questions')).json() as { items: AdminQuestion[] }).items;
    const timeline = questions.find((q) => q.archived_at === null && q.kind === 'single')!;
    const key = `${timeline.id}:o2`;
    const current = (await admin('GET', '/fit-weights')).json() as { weights: Record<string, unknown> };
    expect((await admin('PUT', '/fit-weights', { ...current.weights, answers: { [key]: 30 } })).statusCode).toBe(200);
    expect((await admin('PUT', '/fit-weights', { ...current.weights, answers: { 'not-a-key': 30 } })).statusCode).toBe(400);

    const email = `erik-${dialect}@scania.com`;
    expect(
      (
        await suite.app.inject({
          method: 'POST',
          url: SIGNUPS_PATH,
          headers: apiHeaders(),
          payload: validSignup({ email, role: 'Product Manager', company_size: '11-50 employees' }),
        })
      ).statusCode,
    ).toBe(201);
    const mail = await smtp.nextMailTo(email, { timeoutMs: 15_000 });
    const confirmed = await suite.app.inject({ method: 'POST', url: '/confirm', ...form({ token: tokenIn(mail, 'confirm')! }) });
    const id = (await suite.app.stores.signups.idByEmail(suite.app.database.db, email))!;
    const before = ((await admin('GET', `/signups/${id}`)).json() as { fit_score: number }).fit_score;
    expect(before).toBeLessThanOrEqual(70); // room for the answer's points below 100
    const answered = await suite.app.inject({
      method: 'POST',
      url: '/manage/answers',
      ...form({ token: hiddenToken(confirmed.body)!, from: 'confirmed', [`q${timeline.id}`]: 'o2' }),
    });
    expect(answered.statusCode).toBe(200);
    const after = (await admin('GET', `/signups/${id}`)).json() as { fit_score: number; fit_reasons: string[] };
    expect(after.fit_score).toBe(before + 30);
    expect(after.fit_reasons).toContain('+30 When would you start a pilot? Within six months');

    // The owner weighs the answer less: the set-based rescoring gives the same sum as the server's own.
    expect((await admin('PUT', '/fit-weights', { ...current.weights, answers: { [key]: 10 } })).statusCode).toBe(200);
    await expect
      .poll(async () => ((await admin('GET', `/signups/${id}`)).json() as { fit_score: number }).fit_score, { timeout: 15_000 })
      .toBe(before + 10);
    expect(((await admin('GET', `/signups/${id}`)).json() as { fit_reasons: string[] }).fit_reasons).toContain(
      '+10 When would you start a pilot? Within six months',
    );
  });
});

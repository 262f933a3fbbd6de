import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_OPTIONS, SIGNUPS_PATH, type AdminCampaign } from '@waitlist/contract';
import { BULK_PACE } from '../../services/mail-budget';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { apiHeaders } from '../../test/fixtures';
import { useTestSmtp, type ReceivedMail } from '../../test/smtp';
import { addOperator, ADMIN_TEST_ENV, adminClient, seedSignup, signIn } from '../../test/console';

/**
 * Updates to the list (issue 23), with a real SMTP server: a campaign reaches exactly the confirmed, not opted-out
 * people of its segment, each in their language, once; a one-click unsubscribe keeps a person out of the next one;
 * a cancelled campaign stops; and a sign-up's confirmation never waits behind a campaign of thousands.
 */
const [READER, OTHER] = [ROLE_OPTIONS[1], ROLE_OPTIONS[2]] as const;
const MESSAGE = {
  en: { subject: 'Pilot news', body: 'Three things are **new**.\n\n- Ideas\n- [Pilots](https://example.com/pilots)' },
  sv: { subject: 'Nytt om piloten', body: 'Tre saker är **nya**.' },
};

describe.each(DIALECTS)('campaigns on %s', (dialect) => {
  const smtp = useTestSmtp();
  const suite = useTestApp(dialect, () => ({ ...ADMIN_TEST_ENV, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100' }));
  let cookie: string;
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const person = async (
    email: string,
    role: (typeof ROLE_OPTIONS)[number],
    how: { confirmed?: boolean; optedOut?: boolean; locale?: 'en' | 'sv' } = {},
  ) => {
    const row = await seedSignup(suite.app, { email, role });
    const now = new Date().toISOString();
    await suite.app.database.db
      .updateTable('waitlist_signups')
      .set({
        confirmed_at: how.confirmed === false ? null : now,
        marketing_opt_out_at: how.optedOut ? now : null,
        locale: how.locale ?? 'en',
      })
      .where('id', '=', row.id)
      .execute();
    return row;
  };
  const campaignMails = (subject: string) => smtp.mails.filter((m) => m.subject === subject || m.subject === `[Test] ${subject}`);
  const status = async (id: number) => (await admin('GET', `/campaigns/${id}`)).json<AdminCampaign>();

  beforeAll(async () => {
    await addOperator(suite.app, `founder-${dialect}@acme.example`);
    cookie = await signIn(suite.app, `founder-${dialect}@acme.example`);
  });

  it('reaches exactly its segment in each language, once; a one-click unsubscribe keeps a person out of the next', async () => {
    const en = await Promise.all([1, 2, 3].map((i) => person(`reader-${i}-${dialect}@volvo.example`, READER)));
    const sv = await person(`läsare-${dialect}@scania.example`, READER, { locale: 'sv' });
    const unconfirmed = await person(`unconfirmed-${dialect}@volvo.example`, READER, { confirmed: false });
    const optedOut = await person(`opted-out-${dialect}@volvo.example`, READER, { optedOut: true });
    const outside = await person(`outside-${dialect}@volvo.example`, OTHER);

    // Bad input is refused with a reason and stores nothing.
    const before = (await admin('GET', '/campaigns')).json<{ items: unknown[] }>().items.length;
    for (const bad of [
      { name: 'x', message: { sv: MESSAGE.sv } },
      { name: 'x', message: MESSAGE, filter: { colour: 'red' } },
      { name: ' ', message: MESSAGE },
      { name: 'x', message: { en: { subject: 'Hi', body: '' } } },
    ]) {
      const res = await admin('POST', '/campaigns', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/\w/);
    }
    expect((await admin('GET', '/campaigns')).json<{ items: unknown[] }>().items).toHaveLength(before);

    const created = await admin('POST', '/campaigns', { name: 'November news', filter: { role: READER }, message: MESSAGE });
    expect(created.statusCode).toBe(201);
    const { id, recipients } = created.json<{ id: number; recipients: number }>();
    expect(recipients).toBe(4);
    const draft = await admin('GET', `/campaigns/${id}`);
    expect(draft.statusCode, draft.body).toBe(200);
    expect(draft.json()).toMatchObject({ state: 'draft', recipients: 4, sent: 0, pending: 0 });

    // A test copy goes to the team only: any other address is refused, sends nothing, and is recorded.
    const stranger = await admin('POST', `/campaigns/${id}/test`, { to: `someone-${dialect}@elsewhere.example`, locale: 'en' });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toContain('Test copies go to the team only');
    // A test copy to the founder, marked as one, without an unsubscribe header that could not work.
    expect((await admin('POST', `/campaigns/${id}/test`, { to: `founder-${dialect}@acme.example`, locale: 'sv' })).statusCode).toBe(202);
    const test = await smtp.nextMailTo(`founder-${dialect}@acme.example`, { subject: /^\[Test\]/ });
    expect(test.subject).toBe('[Test] Nytt om piloten');
    expect(test.text).toContain('testexemplar');
    expect(test.rawHeader('list-unsubscribe')).toBeUndefined();
    expect(smtp.mailsTo(`someone-${dialect}@elsewhere.example`)).toEqual([]);
    const tests = await suite.app.database.db
      .selectFrom('audit_trail')
      .select(['outcome', 'target', 'detail'])
      .where('action', '=', 'campaign.test')
      .orderBy('id')
      .execute();
    expect(tests).toEqual([
      { outcome: 'failed', target: `campaign:${id} someone-${dialect}@elsewhere.example`, detail: 'not-teammate' },
      { outcome: 'ok', target: `campaign:${id} founder-${dialect}@acme.example`, detail: null },
    ]);

    expect((await admin('POST', `/campaigns/${id}/send`)).statusCode).toBe(202);
    // A second click, or a second copy of the console, queues nothing more.
    expect((await admin('POST', `/campaigns/${id}/send`)).statusCode).toBe(409);

    const got: ReceivedMail[] = [];
    // (Each got their confirmation mail when they signed up too: the update is the one with its subject.)
    for (const p of en) got.push(await smtp.nextMailTo(p.email, { timeoutMs: 15_000, subject: /^Pilot news$/ }));
    const svMail = await smtp.nextMailTo(sv.email, { timeoutMs: 15_000, subject: /^(Nytt om piloten|Pilot news)$/ });
    for (const mail of got) {
      expect(mail.subject).toBe('Pilot news');
      expect(mail.text).toContain('Three things are new.');
      expect(mail.text).toContain('- Pilots (https://example.com/pilots)');
      expect(mail.html).toContain('<strong>new</strong>');
      expect(mail.rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    }
    expect(svMail.subject).toBe('Nytt om piloten');
    expect(svMail.rawHeader('content-language')).toBe('sv');
    await expect.poll(async () => (await status(id)).state, { timeout: 10_000 }).toBe('sent');
    expect(await status(id)).toMatchObject({ recipients: 4, sent: 4, pending: 0, failed: 0 });
    // Nobody outside the segment, unconfirmed or opted out; nobody twice.
    for (const p of [unconfirmed, optedOut, outside]) expect(smtp.mailsTo(p.email).filter((m) => m.subject === 'Pilot news')).toEqual([]);
    expect(campaignMails('Pilot news').filter((m) => !m.subject.startsWith('[Test]'))).toHaveLength(3);

    // One click in the first reader's mail client: no later campaign reaches them.
    const unsubscribe = new URL(got[0]!.rawHeader('list-unsubscribe')!.slice(1, -1));
    const click = await suite.app.inject({
      method: 'POST',
      url: `${unsubscribe.pathname}${unsubscribe.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    const next = await admin('POST', '/campaigns', {
      name: 'December news',
      filter: { role: READER },
      message: { en: { subject: 'More news', body: 'Hej.' } },
    });
    const second = next.json<{ id: number; recipients: number }>();
    expect(second.recipients).toBe(3);
    expect((await admin('POST', `/campaigns/${second.id}/send`)).json()).toEqual({ recipients: 3 });
    for (const p of [en[1]!, en[2]!, sv]) await smtp.nextMailTo(p.email, { timeoutMs: 15_000, subject: /^More news$/ });
    await expect.poll(async () => (await status(second.id)).state, { timeout: 10_000 }).toBe('sent');
    // English for everyone when there is no Swedish text.
    expect(smtp.mailsTo(sv.email).at(-1)!.subject).toBe('More news');
    expect(smtp.mailsTo(en[0]!.email).filter((m) => m.subject === 'More news')).toEqual([]);
  });

  it('answers 404 for an unknown campaign and 401 without a session', async () => {
    expect((await admin('GET', '/campaigns/999999')).statusCode).toBe(404);
    expect((await admin('POST', '/campaigns/999999/send')).statusCode).toBe(404);
    const anonymous = await suite.app.inject({ method: 'GET', url: '/api/admin/campaigns' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(DIALECTS)('the bulk lane on %s', (dialect) => {
  const smtp = useTestSmtp();
  // 60 a minute: one second's share (1) at once, then one a second.
  const suite = useTestApp(dialect, () => ({ ...ADMIN_TEST_ENV, SMTP_URL: smtp.url, OUTBOX_POLL_MS: '100', BULK_MAIL_PER_MINUTE: '60' }));
  let cookie: string;
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const RECIPIENTS = 5_000;

  beforeAll(async () => {
    await addOperator(suite.app, `owner-${dialect}@acme.example`);
    cookie = await signIn(suite.app, `owner-${dialect}@acme.example`);
    // Five thousand confirmed readers, written in one go (the campaign, not the sign-ups, is under test).
    const now = new Date().toISOString();
    const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
      email: `reader-${i}-${dialect}@example.com`,
      role: READER,
      company_size: '1000+ employees',
      desired_outcomes: suite.app.database.encodeList(['Reuse insights']),
      other_outcome: null,
      consented_at: now,
      privacy_policy_version: '2026-11-01',
      created_at: now,
      confirmed_at: now,
      confirmation_sent_at: now,
    }));
    for (let i = 0; i < rows.length; i += 500)
      await suite.app.database.db
        .insertInto('waitlist_signups')
        .values(rows.slice(i, i + 500))
        .execute();
  }, 120_000);

  it('an idle bulk lane reads, and writes nothing to the shared pace', async () => {
    // Ten polls or so with nothing due in the bulk lane.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const bucket = await suite.app.database.db.selectFrom('mail_budgets').selectAll().where('name', '=', BULK_PACE).execute();
    expect(bucket).toEqual([]);
  });

  it('paces a campaign of 5,000 evenly while a confirmation queued meanwhile leaves within 5 s; cancel stops the rest', async () => {
    const created = await admin('POST', '/campaigns', { name: 'Launch', filter: { role: READER }, message: MESSAGE });
    const { id } = created.json<{ id: number }>();
    const started = Date.now();
    expect((await admin('POST', `/campaigns/${id}/send`)).json()).toEqual({ recipients: RECIPIENTS });
    const fromCampaign = () => smtp.mails.filter((m) => m.subject === 'Pilot news');

    // A person signs up while the campaign's 5,000 wait in the bulk lane.
    await expect.poll(() => fromCampaign().length, { timeout: 10_000 }).toBeGreaterThan(0);
    const email = `new-${dialect}@volvo.example`;
    const signedUp = Date.now();
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: { ...personBody(email) } });
    expect(res.statusCode).toBe(201);
    await smtp.nextMailTo(email, { timeoutMs: 5_000 });
    const confirmationMs = Date.now() - signedUp;
    expect(confirmationMs).toBeLessThan(5_000);

    // The pace: one a second from the first second on; never a burst beyond one second's share.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const elapsedS = (Date.now() - started) / 1000;
    const sent = fromCampaign().length;
    expect(sent).toBeGreaterThanOrEqual(Math.floor(elapsedS) - 2);
    expect(sent).toBeLessThanOrEqual(1 + Math.ceil(elapsedS) + 1);
    console.log(
      `[bulk lane ${dialect}] ${sent} campaign mails in ${elapsedS.toFixed(1)} s at 60/min; confirmation after ${confirmationMs} ms`,
    );

    const cancelled = await admin('POST', `/campaigns/${id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    const after = await admin('GET', `/campaigns/${id}`);
    const view = after.json<AdminCampaign>();
    expect(view.state).toBe('cancelled');
    expect(view.sent + view.cancelled + view.pending).toBe(RECIPIENTS);
    // What a worker held when the campaign was cancelled is dropped when it comes to be sent.
    await expect.poll(async () => (await admin('GET', `/campaigns/${id}`)).json<AdminCampaign>().pending, { timeout: 10_000 }).toBe(0);
    const settled = fromCampaign().length;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(fromCampaign().length).toBe(settled);
    expect((await admin('POST', `/campaigns/${id}/cancel`)).statusCode).toBe(409);
  }, 60_000);
});

const personBody = (email: string) => ({
  email,
  role: READER,
  company_size: '1000+ employees',
  desired_outcomes: ['Reuse insights'],
  other_outcome: null,
});

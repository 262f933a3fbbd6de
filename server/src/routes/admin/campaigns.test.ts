import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_OPTIONS, type AdminCampaign } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import type { ReceivedMail } from '../../test/smtp';
import { addOperator, adminClient, seedSignup, signIn, useConsoleAppWithMail } from '../../test/console';

/**
 * Updates to the list (issue 23), with a real SMTP server: a campaign reaches exactly the confirmed, not opted-out
 * people of its segment, each in their language, once; a one-click unsubscribe keeps a person out of the next one;
 * a cancelled campaign stops. The bulk lane's pace, and a confirmation that never waits behind a campaign of
 * thousands, are measured alone: campaigns.timing.test.ts.
 */
const [READER, OTHER] = [ROLE_OPTIONS[1], ROLE_OPTIONS[2]] as const;
const MESSAGE = {
  en: { subject: 'Pilot news', body: 'Three things are **new**.\n\n- Ideas\n- [Pilots](https://example.com/pilots)' },
  sv: { subject: 'Nytt om piloten', body: 'Tre saker är **nya**.' },
};

describe.each(DIALECTS)('campaigns on %s', (dialect) => {
  const { smtp, suite } = useConsoleAppWithMail(dialect);
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

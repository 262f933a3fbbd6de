import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_OPTIONS, SIGNUPS_PATH, type AdminCampaign } from '@waitlist/contract';
import { BULK_PACE } from '../../services/mail-budget';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { DIALECTS } from '../../test/databases';
import { apiHeaders } from '../../test/fixtures';
import { addOperator, ADMIN_TEST_ENV, adminClient, signIn } from '../../test/console';

/**
 * The bulk lane, measured in time and so run alone (the timing project): a campaign of 5,000 goes at the pace set
 * (BULK_MAIL_PER_MINUTE), a sign-up's confirmation queued meanwhile leaves within seconds, cancel stops the rest; an idle
 * lane writes nothing.
 */
const READER = ROLE_OPTIONS[1];
const MESSAGE = {
  en: { subject: 'Pilot news', body: 'Three things are **new**.\n\n- Ideas\n- [Pilots](https://example.com/pilots)' },
  sv: { subject: 'Nytt om piloten', body: 'Tre saker är **nya**.' },
};

describe.each(DIALECTS)('the bulk lane on %s', (dialect) => {
  // 60 a minute: one second's share (1) at once, then one a second.
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({ ...ADMIN_TEST_ENV, OUTBOX_POLL_MS: '100', BULK_MAIL_PER_MINUTE: '60' }));
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

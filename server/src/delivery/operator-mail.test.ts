import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { ADMIN_TEST_ENV, addOperator, seedSignup } from '../test/console';
import { useTestAppWithMail } from '../test/app-with-mail';
import { DIALECTS } from '../test/databases';
import { apiHeaders, validSignup } from '../test/fixtures';
import { composeFactorGuessingAlert } from './operator-mails';

const SITE = 'https://waitlist.example.se';

describe.each(DIALECTS)('mail to the founders on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    SITE_URL: SITE,
    MAIL_FROM: 'Acme Innovate <hello@example.com>',
    OUTBOX_POLL_MS: '100',
  }));

  const signUp = async (overrides: Parameters<typeof validSignup>[0]) => {
    const signup = validSignup(overrides);
    expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup })).statusCode).toBe(201);
    return signup.email;
  };

  /** A second copy on the same database, started before any operator exists (its start-up digest check finds nobody). */
  let other: Awaited<ReturnType<typeof suite.makeApp>>;

  it('tells each operator who opted in, once, when someone confirms; not those who opted out', async () => {
    other = await suite.makeApp({ SMTP_URL: smtp.url, SITE_URL: SITE });
    const keen = await addOperator(suite.app, 'keen@acme.example');
    const quiet = await addOperator(suite.app, 'quiet@acme.example');
    // An operator who chose Swedish for the console gets the founders' mail in Swedish.
    const swede = await addOperator(suite.app, 'svensk@acme.example');
    await suite.app.services.team.setOwnLanguage({ operatorId: swede.id }, 'sv');
    await suite.app.stores.operatorAccounts.setPreferences(quiet.id, { notify_on_confirm: false, notify_digest: true });
    const email = await signUp({ email: 'ada@ericsson.com', utm_source: 'linkedin', utm_campaign: 'launch' });
    const confirmation = await smtp.nextMailTo(email, { timeoutMs: 15_000 });
    const token = /\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(confirmation.text)![1]!;
    const confirmed = await suite.app.inject({
      method: 'POST',
      url: '/confirm',
      payload: `token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(confirmed.statusCode).toBe(200);

    const notice = await smtp.nextMailTo(keen.email, { timeoutMs: 15_000 });
    expect(notice.subject).toBe('Confirmed: ada@ericsson.com (ericsson.com)');
    expect(notice.text).toContain('linkedin / launch');
    expect(notice.text).toContain(`${SITE}/admin/signups/`);
    // Nothing from the person's own links in a mail to an operator.
    expect(notice.text).not.toMatch(/token=/);
    const svensk = await smtp.nextMailTo(swede.email, { timeoutMs: 15_000 });
    expect(svensk.subject).toBe('Bekräftad: ada@ericsson.com (ericsson.com)');
    expect(svensk.rawHeader('content-language')).toBe('sv');
    expect(svensk.text).toContain('En anmälan har bekräftats');
    expect(svensk.text).toContain('Öppna i konsolen');
    expect(svensk.text).toContain('Mejlinställningar');
    await new Promise((r) => setTimeout(r, 500));
    expect(smtp.mailsTo(keen.email)).toHaveLength(1);
    expect(smtp.mailsTo(quiet.email)).toHaveLength(0);
    // The notice is about the person, not mail to them: their own mail log does not list it.
    const id = (await suite.app.stores.signups.idByEmail(suite.app.database.db, 'ada@ericsson.com'))!;
    expect((await suite.app.stores.outboxReports.forSignup(id)).map((m) => m.topic)).toEqual(['confirmation']);
  });

  it('queues the daily digest once a day after 06:00 UTC, whichever copy asks, and says what happened', async () => {
    await signUp({ email: 'bo@mail.ericsson.com', utm_source: 'linkedin' });
    await signUp({ email: 'cecilia@volvocars.se', utm_source: 'newsletter' });
    await signUp({ email: 'dan@gmail.com' });
    // Someone from Volvo Cars signed up three days ago: Cecilia is a second person from a company already on the list.
    await seedSignup(suite.app, { email: 'erik@volvocars.se' }, new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString());
    // Before the hour nothing is queued; then exactly one of two racing copies queues it, and never again that day.
    const now = new Date();
    const day = now.toISOString().slice(0, 10);
    const hour = now.getUTCHours();
    expect(await suite.app.services.operatorDigest.queueToday(now, hour + 1)).toBe(0);
    const ask = (app: typeof other) => app.services.operatorDigest.queueToday(now, hour);
    // SQLite serves one process (one writer); PostgreSQL copies race for real.
    const queued = dialect === 'postgres' ? await Promise.all([ask(suite.app), ask(other)]) : [await ask(suite.app), await ask(other)];
    expect(queued.sort()).toEqual([0, 3]);
    expect(await ask(suite.app)).toBe(0);
    suite.app.delivery.worker.nudge();

    const digest = await smtp.nextMailTo('quiet@acme.example', { timeoutMs: 15_000 });
    expect(digest.subject).toMatch(new RegExp(`^Waitlist digest ${day}: \\d+ new, \\d+ confirmed$`));
    // The 24 hours before it was queued: four sign-ups (Dan's free mail is no company), one confirmation.
    expect(digest.text).toContain('New sign-ups: 4\nConfirmations: 1\n');
    expect(digest.text).toContain('New companies: ericsson.com\n');
    expect(digest.text).toContain('Another person from a company already on the list: volvocars.se\n');
    expect(digest.text).toContain('Top sources: linkedin (2), (none) (1), newsletter (1)\n');
    expect((await smtp.nextMailTo('keen@acme.example', { timeoutMs: 15_000 })).subject).toBe(digest.subject);
    const svensk = await smtp.nextMailTo('svensk@acme.example', { timeoutMs: 15_000 });
    expect(svensk.subject).toMatch(new RegExp(`^Väntelistan ${day}: \\d+ nya, \\d+ bekräftade$`));
  });
});

describe('the alert that someone is trying codes', () => {
  it("says what happened and what to do, links to the operator's own security page, and names no network", () => {
    const mail = composeFactorGuessingAlert({ to: 'founder@example.com', siteUrl: 'https://waitlist.example.com', wrong: 10 });
    expect(mail.subject).toMatch(/^Someone with your password is trying codes/);
    expect(mail.text).toContain('10 wrong second-factor codes within an hour');
    expect(mail.text).toContain('https://waitlist.example.com/admin/account/security');
    expect(mail.text).toMatch(/change it, and ask an owner/);
    expect(mail.headers).toMatchObject({ 'Auto-Submitted': 'auto-generated' });
  });
});

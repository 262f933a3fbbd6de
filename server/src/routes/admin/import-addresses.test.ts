import { describe, expect, it } from 'vitest';
import {
  MANAGE_COOKIE,
  SIGNUPS_PATH,
  UNKNOWN_ANSWER,
  type AdminCompanies,
  type AdminImportReport,
  type AdminSignup,
  type AdminSignupPage,
  type AdminStats,
} from '@waitlist/contract';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { ADMIN_TEST_ENV, addOperator, adminClient, signIn } from '../../test/console';
import { DIALECTS } from '../../test/databases';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { type ReceivedMail } from '../../test/smtp';

/** A Mailchimp audience export (its own column names), with the language column a founder added: addresses and names only. */
const MAILCHIMP = [
  'Email Address,First Name,Last Name,MEMBER_RATING,OPTIN_TIME,Language',
  'anna.lindqvist@volvocars.example,Anna,Lindqvist,2,2025-09-01 10:00:00,sv',
  'erik@volvocars.example,Erik,Berg,2,2025-09-02 11:00:00,sv',
  'grace@scania.example,Grace,Hopper,3,2025-09-03 12:00:00,en',
].join('\n');

const tokenIn = (mail: ReceivedMail, kind: 'manage') => new RegExp(`/${kind}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
const form = (fields: [string, string][], cookie: string) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
});

/**
 * Issue 38 item 5: the commonest list a founder brings has addresses and names only. It imports; those people's answers
 * are unknown and shown so everywhere in the console; their confirmation mail and data page ask for the answers, in their
 * language; the public form's rules are unchanged.
 */
describe.each(DIALECTS)('a list of addresses imported on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
    BULK_MAIL_PER_MINUTE: '60000',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
  }));
  let cookie = '';
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const upload = (query: string) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/admin/import?${query}`,
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80', 'content-type': 'text/csv' },
      payload: MAILCHIMP,
    });

  it('imports, shows the answers as unknown in the console, and asks each person for them in their language', async () => {
    await addOperator(suite.app, `owner-${dialect}@acme.example`);
    cookie = await signIn(suite.app, `owner-${dialect}@acme.example`);

    const dry = (await upload('source=mailchimp&dry_run=true')).json<AdminImportReport>();
    expect(dry).toMatchObject({ rows: 3, new: 3, answers_unknown: 3, invalid: [] });
    const real = (await upload('source=mailchimp&confirm_by_mail=true')).json<AdminImportReport>();
    expect(real).toMatchObject({ imported: 3, answers_unknown: 3, confirmations_queued: 3 });

    // The list: the answers unknown, found by the filter "not known"; not by a role.
    const list = (await admin('GET', `/signups?role=${UNKNOWN_ANSWER}&sort=email`)).json<AdminSignupPage>();
    expect(list.items.map((p) => [p.email, p.role, p.company_size, p.desired_outcomes])).toEqual([
      ['anna.lindqvist@volvocars.example', null, null, null],
      ['erik@volvocars.example', null, null, null],
      ['grace@scania.example', null, null, null],
    ]);
    expect((await admin('GET', `/signups?company_size=${UNKNOWN_ANSWER}&outcome=${UNKNOWN_ANSWER}`)).json<AdminSignupPage>().total).toBe(3);
    expect((await admin('GET', '/signups?role=Product%20Manager')).json<AdminSignupPage>().total).toBe(0);
    // Counts, companies, the person's fit.
    const stats = (await admin('GET', '/stats')).json<AdminStats>();
    expect(stats.by_role.find((r) => r.label === UNKNOWN_ANSWER)).toEqual({ label: UNKNOWN_ANSWER, count: 3 });
    expect(stats.by_company_size.find((r) => r.label === UNKNOWN_ANSWER)?.count).toBe(3);
    expect(stats.by_outcome.find((r) => r.label === UNKNOWN_ANSWER)?.count).toBe(3);
    const volvo = (await admin('GET', '/companies')).json<AdminCompanies>().items.find((c) => c.domain === 'volvocars.example');
    expect(volvo).toMatchObject({ people: 2, roles: [UNKNOWN_ANSWER], largest_size: UNKNOWN_ANSWER });
    const anna = list.items[0]!;
    const person = (await admin('GET', `/signups/${anna.id}`)).json<AdminSignup>();
    expect(person.fit_reasons).toContain('no points for role, company size and outcomes: not known yet');
    // The CSV: empty cells, not "null".
    const csv = (await admin('GET', `/signups/export.csv?role=${UNKNOWN_ANSWER}`)).body;
    const line = csv.split('\r\n').find((l) => l.includes('anna.lindqvist@volvocars.example'))!;
    expect(line).toMatch(new RegExp(`^${anna.id},anna\\.lindqvist@volvocars\\.example,,,,,`));
    expect(csv).not.toContain('null');

    // The confirmation mail asks for the answers, in the person's language, with their data page's link.
    const swedish = await smtp.nextMailTo('anna.lindqvist@volvocars.example', { timeoutMs: 15_000 });
    expect(swedish.text).toContain('vi vet ännu inte din roll');
    expect(swedish.text).toMatch(/Lägg till dina svar:\n\S+\/sv\/manage\?token=/);
    const english = await smtp.nextMailTo('grace@scania.example', { timeoutMs: 15_000 });
    expect(english.text).toContain('we do not know your role');
    expect(english.html).toMatch(/<a href="[^"]+\/manage\?token=[^"]+"[^>]*>Add your answers<\/a>/);

    // Her data page says so, offers the form's first choices, and refuses a half answer as the form would.
    const token = tokenIn(swedish, 'manage')!;
    expect((await suite.app.inject({ method: 'GET', url: `/sv/manage?token=${token}` })).statusCode).toBe(303);
    const jar = `${MANAGE_COOKIE}=${token}`;
    const page = await suite.app.inject({ method: 'GET', url: '/sv/manage', headers: { cookie: jar } });
    expect(page.body).toContain('så vi vet ännu inte din roll');
    expect(page.body).toContain('Inte angivet än');
    expect(page.body).toMatch(/<select id="role" name="role"><option value="" selected="">/);
    const half = await suite.app.inject({
      method: 'POST',
      url: '/sv/manage/correct',
      ...form(
        [
          ['role', ''],
          ['company_size', '1000+ employees'],
        ],
        jar,
      ),
    });
    expect(half.statusCode).toBe(400);
    expect((await admin('GET', `/signups/${anna.id}`)).json<AdminSignup>().company_size).toBeNull();
    const whole = await suite.app.inject({
      method: 'POST',
      url: '/sv/manage/correct',
      ...form(
        [
          ['role', 'Head of Innovation / Innovation Director'],
          ['company_size', '1000+ employees'],
          ['desired_outcomes', 'Reuse insights'],
        ],
        jar,
      ),
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).not.toContain('så vi vet ännu inte din roll');
    const answered = (await admin('GET', `/signups/${anna.id}`)).json<AdminSignup>();
    expect(answered).toMatchObject({ role: 'Head of Innovation / Innovation Director', company_size: '1000+ employees' });
    expect(answered.fit_reasons.join(' ')).not.toContain('not known');
    // Her score follows her answers at once (the short list's order, a best-fit wave, the call offered at confirming).
    expect(answered.fit_score).toBeGreaterThan(person.fit_score);
    expect(answered.fit_reasons).toContain('+25 Head of Innovation / Innovation Director');
    expect((await admin('GET', `/signups?role=${UNKNOWN_ANSWER}`)).json<AdminSignupPage>().total).toBe(2);

    // The public form's rules are unchanged: every answer is still required.
    const { role: _role, ...withoutRole } = validSignup();
    expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: withoutRole })).statusCode).toBe(
      400,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { useTestApp } from '../../test/app';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { useTestSmtp } from '../../test/smtp';
import type { ReceivedMail } from '../../test/smtp';

const SITE = 'https://waitlist.example.se';

const linkIn = (mail: ReceivedMail, kind: 'confirm' | 'manage' | 'unsubscribe') => {
  const url = new RegExp(`${SITE}/${kind}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
  if (!url) throw new Error(`no ${kind} link in the mail`);
  const parsed = new URL(url);
  return { path: `${parsed.pathname}${parsed.search}`, token: parsed.searchParams.get('token')! };
};

const form = (fields: Record<string, string | string[]>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) params.append(name, v);
  return { payload: params.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
};

describe.each(DIALECTS)('links in mail, end to end in-process on %s', (dialect) => {
  const smtp = useTestSmtp();
  const suite = useTestApp(dialect, () => ({ SMTP_URL: smtp.url, SITE_URL: SITE, MAIL_FROM: 'Acme Innovate <hello@example.com>' }));

  const signUpAndGetMail = async (overrides: Parameters<typeof validSignup>[0] = {}) => {
    const signup = validSignup(overrides);
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup });
    expect(res.statusCode).toBe(201);
    return { signup, mail: await smtp.nextMailTo(signup.email) };
  };
  const row = async (email: string) =>
    suite.app.database.db.selectFrom('waitlist_signups').selectAll().where('email', '=', email).executeTakeFirst();

  it('sign-up → confirmation mail → GET changes nothing → the button confirms', async () => {
    const { signup, mail } = await signUpAndGetMail();
    expect(mail.subject).toMatch(/Confirm your place/);
    const confirm = linkIn(mail, 'confirm');

    for (let i = 0; i < 3; i++) {
      const page = await suite.app.inject({ method: 'GET', url: confirm.path });
      expect(page.statusCode).toBe(200);
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['x-robots-tag']).toMatch(/noindex/);
      expect(page.body).toMatch(/<form (?=[^>]*method="post")(?=[^>]*action="\/confirm")[^>]*>/);
    }
    expect((await row(signup.email))!.confirmed_at).toBeNull();

    const done = await suite.app.inject({ method: 'POST', url: '/confirm', ...form({ token: confirm.token }) });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('you are confirmed');
    expect((await row(signup.email))!.confirmed_at).not.toBeNull();
    const again = await suite.app.inject({ method: 'POST', url: '/confirm', ...form({ token: confirm.token }) });
    expect(again.statusCode).toBe(410);
  });

  it('manage page → JSON download → correct → erase, after which the address can sign up again', async () => {
    const { signup, mail } = await signUpAndGetMail();
    const manage = linkIn(mail, 'manage');
    const page = await suite.app.inject({ method: 'GET', url: manage.path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(signup.email);

    const download = await suite.app.inject({ method: 'POST', url: '/manage/export', ...form({ token: manage.token }) });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/attachment/);
    expect(download.json()).toMatchObject({
      email: signup.email,
      role: signup.role,
      confirmed_at: null,
      privacy_policy_version: expect.any(String),
    });

    const bad = await suite.app.inject({
      method: 'POST',
      url: '/manage/correct',
      ...form({ token: manage.token, role: 'CEO of Everything', company_size: '1-10 employees' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please select');
    expect((await row(signup.email))!.role).toBe(signup.role);

    const good = await suite.app.inject({
      method: 'POST',
      url: '/manage/correct',
      ...form({
        token: manage.token,
        role: 'Product Manager',
        company_size: '11-50 employees',
        desired_outcomes: ['Other', 'Reuse insights'],
        other_outcome: 'Portfolio view',
      }),
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('Your changes are saved.');
    expect(await row(signup.email)).toMatchObject({
      role: 'Product Manager',
      company_size: '11-50 employees',
      other_outcome: 'Portfolio view',
    });

    const notConfirmed = await suite.app.inject({ method: 'POST', url: '/manage/erase', ...form({ token: manage.token }) });
    expect(notConfirmed.statusCode).toBe(400);
    expect(await row(signup.email)).toBeDefined();
    const erased = await suite.app.inject({ method: 'POST', url: '/manage/erase', ...form({ token: manage.token, confirm: 'yes' }) });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain('Your data is erased');
    expect(await row(signup.email)).toBeUndefined();
    expect((await suite.app.inject({ method: 'GET', url: manage.path })).statusCode).toBe(404);

    const again = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup });
    expect(again.statusCode).toBe(201);
  });

  it('the Swedish data page says what the stored codes mean in Swedish; the download keeps the codes', async () => {
    const { signup, mail } = await signUpAndGetMail({ locale: 'sv', utm_source: 'linkedin', landing_path: '/sv' });
    const url = new RegExp(`${SITE}/sv/manage\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
    expect(url).toBeTruthy();
    const { pathname, search, searchParams } = new URL(url!);
    const page = await suite.app.inject({ method: 'GET', url: `${pathname}${search}` });
    expect(page.statusCode).toBe(200);
    const stored = /<table[\s\S]*?<\/table>/.exec(page.body)![0];
    const cells = [...stored.matchAll(/<th scope="row">([^<]*)<\/th><td>([^<]*)<\/td>/g)].map(([, th, td]) => [th, td]);
    expect(Object.fromEntries(cells)).toMatchObject({
      Roll: 'Innovationschef / innovationsdirektör',
      'Företagets storlek': 'Fler än 1 000 anställda',
      'Vad ni vill uppnå': 'Återanvända insikter, Mer struktur i innovationsarbetet',
      Språk: 'Svenska',
      'Var du kom ifrån': 'Källa: linkedin; Anmäld på sidan: /sv',
      'Vår uppföljning': 'Ny',
    });
    expect(stored).not.toContain('1000+ employees');

    const download = await suite.app.inject({ method: 'POST', url: '/sv/manage/export', ...form({ token: searchParams.get('token')! }) });
    expect(download.json()).toMatchObject({ role: signup.role, company_size: signup.company_size, locale: 'sv' });
  });

  it('one-click unsubscribe with a bare RFC 8058 POST, no cookie, no session', async () => {
    const { signup, mail } = await signUpAndGetMail();
    const header = mail.rawHeader('list-unsubscribe')!.slice(1, -1);
    expect(header).toMatch(new RegExp(`^${SITE}/unsubscribe\\?token=`));
    const url = new URL(header);
    const page = await suite.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect((await row(signup.email))!.marketing_opt_out_at).toBeNull();

    const res = await suite.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      ...form({ 'List-Unsubscribe': 'One-Click' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await row(signup.email))!.marketing_opt_out_at).not.toBeNull();
    // Also as multipart, which some providers send.
    const multipart = await suite.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);
    // Or with a plain-text body, or none at all.
    for (const headers of [{ 'content-type': 'text/plain' }, {}]) {
      const res = await suite.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        headers,
        payload: headers['content-type'] ? 'List-Unsubscribe=One-Click' : undefined,
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it.each([
    ['unknown', () => 'A'.repeat(43), 404],
    ['malformed', () => 'short', 400],
    ['empty', () => '', 400],
  ])('answers a %s token with a clear 4xx page and changes nothing', async (_label, token, status) => {
    for (const [method, url, body] of [
      ['GET', `/confirm?token=${token()}`, undefined],
      ['POST', '/confirm', form({ token: token() })],
      ['GET', `/manage?token=${token()}`, undefined],
      ['POST', '/manage/export', form({ token: token() })],
      ['POST', '/manage/erase', form({ token: token(), confirm: 'yes' })],
      ['GET', `/unsubscribe?token=${token()}`, undefined],
      ['POST', `/unsubscribe?token=${token()}`, form({ 'List-Unsubscribe': 'One-Click' })],
    ] as const) {
      const res = await suite.app.inject({ method, url, ...(body ?? {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(status);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toMatch(/<h1[^>]*>This link/);
    }
  });

  it('a used or other-purpose token gets a 4xx page too', async () => {
    const { mail } = await signUpAndGetMail();
    const confirm = linkIn(mail, 'confirm');
    const unsubscribe = linkIn(mail, 'unsubscribe');
    expect((await suite.app.inject({ method: 'GET', url: `/manage?token=${unsubscribe.token}` })).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'POST', url: '/confirm', ...form({ token: unsubscribe.token }) })).statusCode).toBe(404);
    expect((await suite.app.inject({ method: 'POST', url: '/confirm', ...form({ token: confirm.token }) })).statusCode).toBe(200);
    const used = await suite.app.inject({ method: 'GET', url: confirm.path });
    expect(used.statusCode).toBe(410);
    expect(used.body).toContain('already been used');
  });

  it('re-sends the confirmation on a repeated sign-up (409) at most once per 10 minutes', async () => {
    const { signup } = await signUpAndGetMail();
    const first = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup });
    expect(first.statusCode).toBe(409);
    // Within 10 minutes of the first mail: no second one.
    const history = await suite.app.database.db.selectFrom('outbox').select('id').where('topic', '=', 'confirmation').execute();
    const before = history.length;
    await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup });
    expect((await suite.app.database.db.selectFrom('outbox').select('id').where('topic', '=', 'confirmation').execute()).length).toBe(
      before,
    );
    // Ten minutes later (the first mail's row moved back in time): one re-send.
    const id = (await row(signup.email))!.id;
    await suite.app.database.db
      .updateTable('outbox')
      .set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString() })
      .where('signup_id', '=', id)
      .execute();
    expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup })).statusCode).toBe(409);
    const mail = await smtp.nextMailTo(signup.email, { timeoutMs: 10_000 });
    expect(mail.subject).toMatch(/Confirm your place/);
  });

  it('"send me my link" answers the same for a known and an unknown address, and mails only the known one', async () => {
    const { signup } = await signUpAndGetMail();
    const known = await suite.app.inject({ method: 'POST', url: '/privacy/data-link', ...form({ email: signup.email.toUpperCase() }) });
    const unknown = await suite.app.inject({ method: 'POST', url: '/privacy/data-link', ...form({ email: 'nobody-at-all@example.com' }) });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    const mail = await smtp.nextMailTo(signup.email);
    expect(mail.subject).toMatch(/Your link to your/);
    expect(mail.text).not.toContain('/confirm');
    expect(smtp.mailsTo('nobody-at-all@example.com')).toHaveLength(0);
  });
});

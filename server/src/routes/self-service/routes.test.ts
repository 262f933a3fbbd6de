import { describe, expect, it } from 'vitest';
import { MANAGE_COOKIE, MANAGE_REOPEN_PARAM, SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { backdateMailOf } from '../../test/back-date';
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
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({ SITE_URL: SITE, MAIL_FROM: 'Acme Innovate <hello@example.com>' }));

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

  /** Opens a manage link as a browser does: the token moves to the cookie, and the page comes without it. */
  const openManageLink = async (path: string) => {
    const first = await suite.app.inject({ method: 'GET', url: path });
    expect(first.statusCode, path).toBe(303);
    const setCookie = String(first.headers['set-cookie']);
    const cookie = setCookie.split(';')[0]!;
    return { first, setCookie, cookie, location: String(first.headers.location) };
  };
  const withCookie = (cookie: string, body?: ReturnType<typeof form>) => ({
    ...(body ?? {}),
    headers: { ...(body?.headers ?? {}), cookie },
  });

  it("the manage link's first GET moves its token to a cookie on the data pages only and answers 303 to the page without it", async () => {
    const { signup, mail } = await signUpAndGetMail();
    const manage = linkIn(mail, 'manage');
    const { first, setCookie, cookie, location } = await openManageLink(manage.path);
    expect(location).toBe('/manage');
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    // HttpOnly, SameSite=Strict, Secure (the site is https), the data pages' path, ending with the 7-day token.
    expect(setCookie).toMatch(new RegExp(`^${MANAGE_COOKIE}=${manage.token}; `));
    expect(setCookie).toMatch(/; Path=\/manage(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    const maxAge = Number(/Max-Age=(\d+)/.exec(setCookie)![1]);
    expect(maxAge).toBeGreaterThan(7 * 86400 - 60);
    expect(maxAge).toBeLessThanOrEqual(7 * 86400);

    const page = await suite.app.inject({ method: 'GET', url: location, headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(signup.email);
    expect(page.body).not.toContain(manage.token);
    expect(page.headers['set-cookie']).toBeUndefined();
    // Opening the link changed nothing.
    expect((await row(signup.email))!.role).toBe(signup.role);

    // Without the cookie (webmail: the browser withholds a Strict cookie on the redirect after a link from another
    // site) the page reloads itself once from our own site; still without one, it says what to do.
    const opening = await suite.app.inject({ method: 'GET', url: '/manage' });
    expect(opening.statusCode).toBe(200);
    expect(opening.body).toContain(`<meta http-equiv="refresh" content="0; url=/manage?${MANAGE_REOPEN_PARAM}=1" />`);
    expect(opening.body).not.toContain(signup.email);
    const missing = await suite.app.inject({ method: 'GET', url: `/manage?${MANAGE_REOPEN_PARAM}=1` });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('Open this page from your mail');

    // A forged or foreign cookie shows the problem page and is forgotten.
    const forged = await suite.app.inject({ method: 'GET', url: '/manage', headers: { cookie: `${MANAGE_COOKIE}=${'A'.repeat(43)}` } });
    expect(forged.statusCode).toBe(404);
    expect(String(forged.headers['set-cookie'])).toMatch(new RegExp(`^${MANAGE_COOKIE}=;.*Expires=Thu, 01 Jan 1970`));

    // A bad token in the link sets no cookie.
    const bad = await suite.app.inject({ method: 'GET', url: `/manage?token=${'A'.repeat(43)}` });
    expect(bad.statusCode).toBe(404);
    expect(bad.headers['set-cookie']).toBeUndefined();
  });

  it('manage page → JSON download → correct → erase, from the cookie; after which the address can sign up again', async () => {
    const { signup, mail } = await signUpAndGetMail();
    const { cookie } = await openManageLink(linkIn(mail, 'manage').path);

    const download = await suite.app.inject({ method: 'POST', url: '/manage/export', ...withCookie(cookie) });
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
      ...withCookie(cookie, form({ role: 'CEO of Everything', company_size: '1-10 employees' })),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Please select');
    expect((await row(signup.email))!.role).toBe(signup.role);

    const good = await suite.app.inject({
      method: 'POST',
      url: '/manage/correct',
      ...withCookie(
        cookie,
        form({
          role: 'Product Manager',
          company_size: '11-50 employees',
          desired_outcomes: ['Other', 'Reuse insights'],
          other_outcome: 'Portfolio view',
        }),
      ),
    });
    expect(good.statusCode).toBe(200);
    expect(good.body).toContain('Your changes are saved.');
    expect(await row(signup.email)).toMatchObject({
      role: 'Product Manager',
      company_size: '11-50 employees',
      other_outcome: 'Portfolio view',
    });

    const notConfirmed = await suite.app.inject({ method: 'POST', url: '/manage/erase', ...withCookie(cookie, form({})) });
    expect(notConfirmed.statusCode).toBe(400);
    expect(await row(signup.email)).toBeDefined();
    const erased = await suite.app.inject({ method: 'POST', url: '/manage/erase', ...withCookie(cookie, form({ confirm: 'yes' })) });
    expect(erased.statusCode).toBe(200);
    expect(erased.body).toContain('Your data is erased');
    // The cookie goes with the data.
    expect(String(erased.headers['set-cookie'])).toMatch(new RegExp(`^${MANAGE_COOKIE}=;.*Path=/manage`));
    expect(await row(signup.email)).toBeUndefined();
    expect((await suite.app.inject({ method: 'GET', url: '/manage', headers: { cookie } })).statusCode).toBe(404);

    const again = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup });
    expect(again.statusCode).toBe(201);
  });

  it('the Swedish data page says what the stored codes mean in Swedish; the download keeps the codes', async () => {
    const { signup, mail } = await signUpAndGetMail({ locale: 'sv', utm_source: 'linkedin', landing_path: '/sv' });
    const url = new RegExp(`${SITE}/sv/manage\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
    expect(url).toBeTruthy();
    const { pathname, search } = new URL(url!);
    const { cookie, location, setCookie } = await openManageLink(`${pathname}${search}`);
    expect(location).toBe('/sv/manage');
    expect(setCookie).toMatch(/; Path=\/sv\/manage(;|$)/);
    const page = await suite.app.inject({ method: 'GET', url: location, headers: { cookie } });
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

    const download = await suite.app.inject({ method: 'POST', url: '/sv/manage/export', ...withCookie(cookie) });
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
    await backdateMailOf(suite.app.database, id, 11 * 60_000);
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

/**
 * What a stranger can do with the privacy page's "send me my link" form: learn nothing about whether an address is
 * on the list (same answer, same pace), mail a person at most once every 10 minutes, and from one network send at
 * most the per-client limit; another visitor is not held by that stranger's limit.
 */
describe.each(DIALECTS)('"send me my link" in the hands of a stranger on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({ SITE_URL: SITE, SIGNUP_RATE_LIMIT: '5' }));
  const ask = (email: string, remoteAddress = '203.0.113.7') =>
    suite.app.inject({ method: 'POST', url: '/privacy/data-link', remoteAddress, ...form({ email }) });

  it('answers known and unknown addresses alike, never sooner than 400 ms; a person gets one mail however often it is asked', async () => {
    const signup = validSignup();
    expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup })).statusCode).toBe(201);
    await smtp.nextMailTo(signup.email); // the confirmation
    const timed = async (email: string, from: string) => {
      const started = performance.now();
      const res = await ask(email, from);
      return { res, ms: performance.now() - started };
    };
    const known = await Promise.all([1, 2, 3].map((i) => timed(signup.email, `198.51.100.${i}`)));
    const unknown = await Promise.all([1, 2, 3].map((i) => timed(`nobody-${i}@example.com`, `192.0.2.${i}`)));
    for (const { res, ms } of [...known, ...unknown]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(known[0]!.res.body);
      expect(ms).toBeGreaterThanOrEqual(395);
    }
    expect((await smtp.nextMailTo(signup.email)).subject).toMatch(/Your link to your/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.mailsTo(signup.email).filter((m) => /Your link to your/.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('refuses the sixth request in 10 minutes from one client with a page (429, Retry-After), and serves another client', async () => {
    for (let i = 0; i < 5; i++) expect((await ask(`stranger-${i}@example.com`, '203.0.113.50')).statusCode).toBe(200);
    const refused = await ask('stranger-6@example.com', '203.0.113.50');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toMatch(/text\/html/);
    expect(refused.body).toContain('Please wait a moment');
    expect((await ask('someone-else@example.com', '203.0.113.51')).statusCode).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MANAGE_COOKIE, MANAGE_REOPEN_PARAM, SIGNUPS_PATH } from '@waitlist/contract';
import { type ReceivedMail } from '../server/src/test/smtp';
import { DESKTOP, axeViolations, openPage, screenshot } from './support/browser';
import type { RunningServer } from './support/server';
import { useServerWithMail } from './support/server-with-mail';

/**
 * A person's whole journey in Chromium against the built server and a real SMTP server: the mail arrives, its
 * links are followed as a person would (and as a mail scanner would: GET alone changes nothing), and every
 * action is a button on a page that works without script.
 */
const KEY = 'mail-links-key-1234';

const linkIn = (mail: ReceivedMail, server: RunningServer, kind: 'confirm' | 'manage' | 'unsubscribe') => {
  const url = new RegExp(`${server.url}/${kind}\\?token=[A-Za-z0-9_-]{43}`).exec(mail.text)?.[0];
  if (!url) throw new Error(`no ${kind} link in:\n${mail.text}`);
  return url;
};

// One database in the browser: the same links are proven on both in process (server/src/routes/self-service/routes.test.ts).
describe.each(['sqlite'] as const)('links in the mail, in Chromium, on %s', (dialect) => {
  const site = useServerWithMail({ dialect, env: { WAITLIST_PUBLIC_KEY: KEY } });

  const signUp = async () => {
    const email = `journey-${randomUUID().slice(0, 8)}@example.com`;
    const res = await fetch(`${site.server.url}${SIGNUPS_PATH}`, {
      method: 'POST',
      headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        email,
        role: 'Head of Innovation / Innovation Director',
        company_size: '1000+ employees',
        desired_outcomes: ['Reuse insights'],
      }),
    });
    expect(res.status).toBe(201);
    return { email, mail: await site.smtp.nextMailTo(email, { timeoutMs: 15_000 }) };
  };
  const stored = async (email: string) =>
    (
      await site.server.query<{ confirmed_at: unknown; marketing_opt_out_at: unknown; role: string }>(
        `SELECT confirmed_at, marketing_opt_out_at, role FROM waitlist_signups WHERE email = ?`,
        [email],
      )
    )[0];

  it('confirms only when the person presses the button; opening the link changes nothing', async () => {
    const { email, mail } = await signUp();
    expect(mail.parsed.from?.text).toContain('hello@example.com');
    // A scanner fetches the link without a browser: nothing changes.
    const scanned = await fetch(linkIn(mail, site.server, 'confirm'));
    expect(scanned.status).toBe(200);
    expect((await stored(email))!.confirmed_at).toBeNull();

    // The page has no script of its own; axe needs script in the page, so this context keeps it on.
    const context = await site.browser.newContext(DESKTOP);
    const { page, problems } = await openPage(context);
    await page.goto(linkIn(mail, site.server, 'confirm'));
    await page.getByRole('heading', { level: 1, name: 'Confirm your sign-up' }).waitFor();
    expect((await stored(email))!.confirmed_at).toBeNull();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `mail-confirm-${dialect}`);
    await page.getByRole('button', { name: 'Confirm my sign-up' }).click();
    await page.getByRole('heading', { level: 1, name: 'Thank you, you are confirmed' }).waitFor();
    expect((await stored(email))!.confirmed_at).not.toBeNull();
    expect(problems.cspViolations).toEqual([]);
    expect(problems.requests.every((url) => url.startsWith(site.server.url))).toBe(true);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it('manage page: download the JSON, correct, erase; then the same address signs up again', async () => {
    const { email, mail } = await signUp();
    const context = await site.browser.newContext({ ...DESKTOP, acceptDownloads: true });
    const { page } = await openPage(context);
    await page.goto(linkIn(mail, site.server, 'manage'));
    await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();
    await page.getByRole('cell', { name: email }).waitFor();
    // The token left the address bar (and so the history) at once; it lives in one cookie on the data pages only.
    expect(page.url()).toBe(`${site.server.url}/manage`);
    expect(await context.cookies()).toEqual([
      expect.objectContaining({ name: MANAGE_COOKIE, path: '/manage', httpOnly: true, sameSite: 'Strict', secure: false }),
    ]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, `mail-manage-${dialect}`);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data (JSON)' }).click(),
    ]);
    const data = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as Record<string, unknown>;
    expect(data).toMatchObject({ email, role: 'Head of Innovation / Innovation Director', confirmed_at: null, marketing_opt_out_at: null });

    await page.getByLabel('Role').selectOption('Product Manager');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Your changes are saved.' }).waitFor();
    expect((await stored(email))!.role).toBe('Product Manager');

    // The erase button needs the confirmation box ticked (the site.browser refuses the form without it).
    await page.getByRole('button', { name: 'Erase my data' }).click();
    expect(await stored(email)).toBeDefined();
    await page.getByLabel('Yes, erase my data').check();
    await page.getByRole('button', { name: 'Erase my data' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your data is erased' }).waitFor();
    expect(await stored(email)).toBeUndefined();
    // The cookie went with the data.
    expect(await context.cookies()).toEqual([]);
    await context.close();

    const again = await fetch(`${site.server.url}${SIGNUPS_PATH}`, {
      method: 'POST',
      headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, role: 'Project Manager', company_size: '1-10 employees', desired_outcomes: ['Reuse insights'] }),
    });
    expect(again.status).toBe(201);
  });

  it('the manage link clicked in webmail (another site), with scripts off, opens the page without the token in the address', async () => {
    const { email, mail } = await signUp();
    // A webmail on another site: the browser withholds the SameSite=Strict cookie on the redirect after its link.
    const webmail = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Inbox</title><a href="${linkIn(mail, site.server, 'manage')}">Your data</a>`);
    });
    await new Promise<void>((resolve) => webmail.listen(0, 'localhost', resolve));
    try {
      const context = await site.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
      const { page } = await openPage(context);
      await page.goto(`http://localhost:${(webmail.address() as AddressInfo).port}/`);
      await page.getByRole('link', { name: 'Your data' }).click();
      // Our page reloads itself once, from our own site, and the cookie comes along.
      await page.getByRole('heading', { level: 1, name: 'Your data' }).waitFor();
      await page.getByRole('cell', { name: email }).waitFor();
      expect(page.url()).toBe(`${site.server.url}/manage?${MANAGE_REOPEN_PARAM}=1`);
      expect(page.url()).not.toContain('token');
      await page.getByLabel('Role').selectOption('Product Manager');
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByRole('status').filter({ hasText: 'Your changes are saved.' }).waitFor();
      expect((await stored(email))!.role).toBe('Product Manager');
      await screenshot(page, `mail-manage-from-webmail-${dialect}`);

      // A browser that refuses the cookie gets a page that says what to do, not a loop (script on here: axe needs it).
      const noCookies = await site.browser.newContext(DESKTOP);
      const { page: refusing } = await openPage(noCookies);
      await refusing.goto(`${site.server.url}/manage`);
      await refusing.getByRole('heading', { level: 1, name: 'Open this page from your mail' }).waitFor();
      expect(refusing.url()).toBe(`${site.server.url}/manage?${MANAGE_REOPEN_PARAM}=1`);
      expect(await axeViolations(refusing)).toEqual([]);
      await noCookies.close();
      await context.close();
    } finally {
      webmail.close();
    }
  });

  it('unsubscribe: the page has a button; the one-click POST works bare', async () => {
    const { email, mail } = await signUp();
    const context = await site.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const { page } = await openPage(context);
    await page.goto(linkIn(mail, site.server, 'unsubscribe'));
    await page.getByRole('heading', { level: 1, name: 'Unsubscribe from updates' }).waitFor();
    expect((await stored(email))!.marketing_opt_out_at).toBeNull();
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { level: 1, name: 'You are unsubscribed' }).waitFor();
    expect((await stored(email))!.marketing_opt_out_at).not.toBeNull();
    await context.close();

    // What a mail provider does for the List-Unsubscribe-Post header: a bare POST, no cookie, no page.
    const other = await signUp();
    const target = other.mail.rawHeader('list-unsubscribe')!.slice(1, -1);
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await stored(other.email))!.marketing_opt_out_at).not.toBeNull();
  });

  it('the privacy page mails a fresh data link on request, with no script, and answers the same for an unknown address', async () => {
    const { email } = await signUp();
    const context = await site.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const { page } = await openPage(context);
    const answers: string[] = [];
    for (const address of [email, `nobody-${randomUUID().slice(0, 6)}@example.com`]) {
      await page.goto(`${site.server.url}/privacy`);
      await page.getByLabel('Your e-mail address').fill(address);
      await page.getByRole('button', { name: 'Send me my link' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check your inbox' }).waitFor();
      expect(page.url()).toBe(`${site.server.url}/privacy/data-link`);
      answers.push(await page.locator('main').innerText());
    }
    expect(answers[0]).toBe(answers[1]);
    const mail = await site.smtp.nextMailTo(email, { timeoutMs: 15_000 });
    expect(mail.subject).toMatch(/Your link to your/);
    await page.goto(linkIn(mail, site.server, 'manage'));
    await page.getByRole('cell', { name: email }).waitFor();
    expect(site.server.logs()).not.toContain(email);
    await context.close();
  });

  it('every bad token shows a clear page with a 4xx status', async () => {
    const context = await site.browser.newContext(DESKTOP);
    const { page } = await openPage(context);
    for (const [path, status, heading] of [
      [`/confirm?token=${'x'.repeat(43)}`, 404, 'This link does not work'],
      ['/manage?token=cut-off', 400, 'This link is incomplete'],
      ['/unsubscribe', 400, 'This link is incomplete'],
    ] as const) {
      const response = await page.goto(`${site.server.url}${path}`);
      expect(response!.status(), path).toBe(status);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });
});

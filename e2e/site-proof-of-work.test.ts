import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_PUBLIC_KEY, SIGNUPS_PATH } from '@waitlist/contract';
import { startTestSmtpServer, type TestSmtpServer } from '../server/src/test/smtp';
import { DESKTOP, launchBrowser, openPage } from './support/browser';
import { freePort, startServer, type RunningServer } from './support/server';
import { fillSignupFormByName } from './support/signup-form';

/**
 * Proof of work as visitors meet it in Chromium (the fast typist on a phone, a measurement: e2e/timing/proof-of-work.test.ts), against the built server with a real SMTP server and a mail budget
 * of 2 an hour that a script's flood has already spent: the form's script solves the challenge while the visitor
 * types, so their confirmation leaves at once; a visitor without script still signs up, and their mail waits for
 * the budget instead of being lost.
 */
// The web build's key (no VITE_WAITLIST_PUBLIC_KEY at build time): the server must accept what the page sends.
const KEY = DEV_PUBLIC_KEY;

describe('proof of work in the sign-up form', () => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    const port = await freePort();
    server = await startServer({
      dialect: 'sqlite',
      port,
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Acme Innovate <hello@example.com>',
        SITE_URL: `http://127.0.0.1:${port}`,
        UNVERIFIED_MAIL_BUDGET_PER_HOUR: '3',
      },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  /** As a fast typist does: the address typed at 25 keys a second, then the choices. */
  const fillForm = (page: Page, email: string, typing = false) => fillSignupFormByName(page, email, typing ? 40 : undefined);

  const signUpWithoutScript = async (email: string) => {
    const context = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const { page } = await openPage(context);
    await page.goto(`${server.url}/`);
    const form = await fillForm(page, email);
    await Promise.all([page.waitForURL(`${server.url}/thank-you**`), form.locator('button[type="submit"]').click()]);
    await context.close();
    expect(await server.query('SELECT email FROM waitlist_signups WHERE email = ?', [email])).toEqual([{ email }]);
  };

  it('without script, within the budget: signed up, and the confirmation arrives', async () => {
    const email = `early-${Date.now()}@example.com`;
    await signUpWithoutScript(email);
    expect((await smtp.nextMailTo(email, { timeoutMs: 10_000 })).subject).toMatch(/Confirm your place/);
  });

  it("a script's flood without proof of work spends the rest: of 4, 2 mails leave and 2 wait", async () => {
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `bot-${i}@example.com`,
          role: 'Project Manager',
          company_size: '51-200 employees',
          desired_outcomes: ['Reuse insights'],
        }),
      });
      expect(res.status).toBe(201);
    }
    await expect.poll(() => smtp.mails.filter((m) => m.recipients.some((r) => r.startsWith('bot-'))).length, { timeout: 15_000 }).toBe(2);
    const held = await server.query<{ n: number }>('SELECT count(*) AS n FROM outbox WHERE held = 1 AND status = ?', ['pending']);
    expect(held[0]!.n).toBe(2);
  });

  it('without script, once the budget is spent: the sign-up is stored and thanked, and its mail waits (none is lost)', async () => {
    const email = `noscript-${Date.now()}@example.com`;
    await signUpWithoutScript(email);
    const held = await server.query<{ n: number }>('SELECT count(*) AS n FROM outbox WHERE held = 1 AND status = ?', ['pending']);
    expect(held[0]!.n).toBe(3);
    expect(smtp.mailsTo(email)).toEqual([]);
  });
});

import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startHttpReceiver, type TestHttpReceiver } from '../server/src/test/http-receiver';
import { startTestSmtpServer, type TestSmtpServer } from '../server/src/test/smtp';
import { axeViolations, launchBrowser, openPage, screenshot } from './support/browser';
import { addOperator as addOperatorByCli, signInToConsole } from './support/console-seed';
import { startServer, type RunningServer } from './support/server';

/**
 * What the operator sees of the mail in the console, in Chromium against the built server: a person's mail log
 * (not sent: no SMTP configured; retrying with the last error), "Resend confirmation", and the outbox view.
 */
const OPERATOR = 'ops@example.com';
const PASSWORD = 'a long operator passphrase';
const addOperator = (server: RunningServer) => addOperatorByCli(server, OPERATOR, PASSWORD);

async function signUp(server: RunningServer): Promise<string> {
  const email = `mail-log-${randomUUID().slice(0, 8)}@example.com`;
  const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
    method: 'POST',
    headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
    body: JSON.stringify({ email, role: 'Project Manager', company_size: '201-500 employees', desired_outcomes: ['Reuse insights'] }),
  });
  expect(res.status).toBe(201);
  return email;
}

async function signInAndOpen(page: Page, server: RunningServer, email: string) {
  await signInToConsole(page, server.url, { email: OPERATOR, password: PASSWORD });
  await page.getByRole('link', { name: email }).click();
  await page.getByRole('heading', { level: 1, name: email }).waitFor();
}

describe('the console shows where each mail stands', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('without SMTP: "Not sent: no SMTP configured", on the person and in the outbox', async () => {
    const server = await startServer({ dialect: 'sqlite' });
    try {
      await addOperator(server);
      const email = await signUp(server);
      const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      const { page } = await openPage(context);
      await signInAndOpen(page, server, email);
      await page.getByRole('cell', { name: 'Not sent: no SMTP configured' }).waitFor();
      expect(await page.getByText('Not yet').first().isVisible()).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'console-mail-log-no-smtp');
      await page.getByRole('link', { name: 'Outbox' }).click();
      await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
      await page.getByText('Not sent: no SMTP configured. Mail waits here until SMTP_URL is set; nothing is lost.').waitFor();
      await context.close();
    } finally {
      await server.stop();
    }
  });

  it('settings: the operator sees where they are signed in and ends the other session, keyboard and axe clean', async () => {
    const server = await startServer({ dialect: 'sqlite' });
    try {
      await addOperator(server);
      const elsewhere = await browser.newContext();
      const other = await openPage(elsewhere);
      await signInToConsole(other.page, server.url, { email: OPERATOR, password: PASSWORD });
      await other.page.getByRole('heading', { level: 1, name: 'Sign-ups' }).waitFor();

      const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      const { page } = await openPage(context);
      await signInToConsole(page, server.url, { email: OPERATOR, password: PASSWORD });
      // Where you are signed in lives with the rest of sign-in security.
      await page.getByRole('link', { name: 'Security' }).click();
      const table = page.getByRole('table', { name: /Your sessions/ });
      await table.getByText('This session').waitFor();
      expect(await table.locator('tbody tr').count()).toBe(2);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'console-sessions');
      await page.getByRole('button', { name: 'End all other sessions' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('1 other session ended.').waitFor();
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
      // The other browser is signed out at its next request.
      await other.page.reload();
      await other.page.getByRole('button', { name: 'Sign in' }).waitFor();
      await context.close();
      await elsewhere.close();
    } finally {
      await server.stop();
    }
  });

  describe('with an SMTP server that refuses for a while', () => {
    let smtp: TestSmtpServer;
    let receiver: TestHttpReceiver;
    let server: RunningServer;
    beforeAll(async () => {
      [smtp, receiver] = await Promise.all([startTestSmtpServer(), startHttpReceiver()]);
      server = await startServer({
        dialect: 'postgres',
        env: {
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Acme Innovate <hello@example.com>',
          WEBHOOK_URL: `${receiver.url}/crm`,
          WEBHOOK_SECRET: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        },
      });
      await addOperator(server);
    });
    afterAll(async () => {
      await server?.stop();
      await Promise.all([smtp?.close(), receiver?.close()]);
    });

    it('shows retrying with the last error, re-sends on request, and lists what is stuck', async () => {
      smtp.fail({ code: 451, message: 'Greylisted, try again later' });
      const email = await signUp(server);
      await expect.poll(() => smtp.refusals, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);

      const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
      const { page, problems } = await openPage(context);
      await signInAndOpen(page, server, email);
      await page.getByRole('cell', { name: 'Retrying (1 failed attempt)' }).waitFor();
      await page.getByRole('cell', { name: /451.*Greylisted/ }).waitFor();
      await screenshot(page, 'console-mail-log-retrying');

      await page.getByRole('link', { name: 'Outbox' }).click();
      await page.getByRole('heading', { level: 1, name: 'Outbox' }).waitFor();
      await page.getByRole('cell', { name: /451.*Greylisted/ }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'console-outbox');

      // The server comes back; an operator's re-send is refused within 10 minutes of the last mail.
      smtp.recover();
      await page.goBack();
      await page.getByRole('button', { name: 'Resend confirmation' }).click();
      await page.getByText('A confirmation mail was queued less than 10 minutes ago').waitFor();

      // Webhooks on the same page: the endpoint's count, the event, and "send again" with the same webhook-id.
      const [first] = await receiver.waitForCount(1);
      const webhookId = String(first!.headers['webhook-id']);
      await page.getByRole('link', { name: 'Outbox' }).click();
      await page.getByRole('heading', { level: 2, name: 'Webhooks' }).waitFor();
      await page
        .getByRole('cell', { name: `${receiver.url}/crm` })
        .first()
        .waitFor();
      await page.getByRole('cell', { name: 'Delivered' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'console-webhooks');
      await page.getByRole('button', { name: `Send ${webhookId} again` }).click();
      const [, again] = await receiver.waitForCount(2);
      expect(again!.headers['webhook-id']).toBe(webhookId);
      expect(problems.cspViolations).toEqual([]);
      await context.close();
    });
  });
});

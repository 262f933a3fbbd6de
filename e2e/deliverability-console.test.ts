import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startTestSmtpServer, type TestSmtpServer } from '../server/src/test/smtp';
import { startTestDnsServer } from '../server/src/test/dns';
import { validSignup } from '../server/src/test/fixtures';
import { seedConfirmedPeople } from '../server/src/test/seed-signups';
import { axeViolations, launchBrowser, openPage, screenshot } from './support/browser';
import { addOperator, openConsoleAs } from './support/console-seed';
import { startServer, type RunningServer } from './support/server';

const OWNER = 'founder@acme.se';
const PASSWORD = 'a long and private passphrase';
const DEAD = 'left.the.company@volvo.com';
/** A receiver that refuses our mail for DMARC (issue 45): never a suppression, shown on Deliverability. */
const STRICT = 'ada@strict-receiver.se';

async function signUp(server: RunningServer, email: string) {
  const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
    method: 'POST',
    headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
    body: JSON.stringify(validSignup({ email })),
  });
  expect(res.status).toBe(201);
}

const signIn = (page: Page, server: RunningServer) => openConsoleAs(page, server.url, { email: OWNER, password: PASSWORD });

/**
 * Issue 35 items 3, 4 and 6 as a founder sees them, in Chromium against the built server with a real SMTP server
 * and a DNS server on loopback: the Deliverability page's health check (what fails, the records to publish), the
 * suppression list (look up an address the relay refused, lift it with a reason, by keyboard), and on the Pilots
 * page an update to a list with 10 % dead addresses that paused itself, resumed by the owner.
 */
describe('deliverability in the console', () => {
  let browser: Browser;
  let smtp: TestSmtpServer;
  let dns: Awaited<ReturnType<typeof startTestDnsServer>>;
  let server: RunningServer;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'deliverability-'));
  beforeAll(async () => {
    const keyFile = path.join(dir, 'dkim.pem');
    fs.writeFileSync(keyFile, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }), {
      mode: 0o600,
    });
    // SPF and DMARC are published; the DKIM key and the bounce MX are not yet.
    dns = await startTestDnsServer({
      txt: { 'bounces.acme.se': ['v=spf1 include:mailgun.org ~all'], '_dmarc.acme.se': ['v=DMARC1; p=none'] },
    });
    smtp = await startTestSmtpServer();
    server = await startServer({
      dialect: 'postgres',
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Acme Innovate <hello@acme.se>',
        BOUNCE_DOMAIN: 'bounces.acme.se',
        DKIM_PRIVATE_KEY_FILE: keyFile,
        DKIM_SELECTOR: 'mail2026',
        DNS_SERVERS: dns.server,
        // 20 a second: a real relay's pace, so the pause comes while most of the update still waits.
        BULK_MAIL_PER_MINUTE: '1200',
      },
    });
    await addOperator(server, OWNER, PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([smtp?.close(), dns?.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows what the DNS lacks with the records to publish, who refuses our mail, and the suppression list an owner can look up and lift', async () => {
    smtp.refuseRecipients([DEAD]);
    smtp.refuseRecipients([STRICT], {
      code: 550,
      message: "5.7.26 Unauthenticated email from acme.se is not accepted due to domain's DMARC policy",
    });
    await signUp(server, DEAD);
    await signUp(server, STRICT);
    await expect.poll(() => smtp.refusals, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);

    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page, problems } = await openPage(context);
    await signIn(page, server);
    // The person's page says their address gets no more mail, and why.
    await page.getByRole('link', { name: DEAD }).click();
    await page.getByText(/This address is on the suppression list \(it bounced for good, since /).waitFor();
    await page.getByRole('link', { name: 'Deliverability' }).click();
    await page.getByRole('heading', { level: 1, name: 'Deliverability' }).waitFor();
    await page.getByText('2 of 4 checks fail. Publish the records below, then check again.').waitFor();
    const checks = page.getByRole('table', { name: 'DNS checks of the sending and bounce domains' });
    expect(await checks.getByRole('row', { name: /^SPF Passes/ }).count()).toBe(1);
    expect(await checks.getByRole('row', { name: /^DKIM Fails/ }).count()).toBe(1);
    expect(await checks.getByRole('row', { name: /^DMARC Passes .*policy none/ }).count()).toBe(1);
    const publish = page.getByRole('table', { name: 'The DNS records to publish' });
    await publish.getByRole('cell', { name: 'mail2026._domainkey.acme.se' }).waitFor();
    await publish.getByRole('cell', { name: /^v=DKIM1; k=rsa; p=MIIB/ }).waitFor();
    await publish.getByRole('cell', { name: 'bounces.acme.se' }).waitFor();
    // The receiver that refused our mail: named with why, and the person not suppressed for it.
    const refusals = page.getByRole('table', { name: 'Receiving domains that refused our mail in the last 30 days' });
    await refusals
      .getByRole('row', { name: /^strict-receiver\.se strict-receiver\.se refuses our mail: SPF, DKIM or DMARC failed 1 / })
      .waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-deliverability-health');

    // The relay refused the address at RCPT: it is on the list, and the counts say so.
    const counts = page.getByRole('table', { name: 'Suppressed addresses by reason' });
    await counts.getByRole('row', { name: 'Bounced for good 1' }).waitFor();
    // By keyboard: type the address, Enter; then the reason, then the button.
    await page.getByLabel('E-mail address').fill(DEAD);
    await page.keyboard.press('Enter');
    await page
      .getByText(new RegExp(`^${DEAD.replace(/\./g, '\\.')} is suppressed: Bounced for good \\(Mailbox does not exist\\), since `))
      .waitFor();
    await page.getByLabel('Why (kept in the audit trail)').fill('They wrote from a new mailbox; the old one is back');
    await page.getByRole('button', { name: 'Lift the suppression' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`${DEAD} gets our mail again.`).waitFor();
    await page.getByText(`${DEAD} is not suppressed: it gets our mail.`).waitFor();
    await page.getByLabel('E-mail address').fill(STRICT);
    await page.keyboard.press('Enter');
    await page.getByText(`${STRICT} is not suppressed: it gets our mail.`).waitFor();
    await counts.getByRole('row', { name: 'Bounced for good 0' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-deliverability-lifted');
    // The address never went into the page's URL.
    expect(page.url()).not.toContain('volvo');
    // The console's first look for a session, before signing in, is a 401 by design.
    expect(problems.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });

  it('an update to a list with 10 % dead addresses pauses itself; the owner sees why and resumes it', { timeout: 120_000 }, async () => {
    const people = Array.from({ length: 250 }, (_, i) => `person${i}@list${i % 9}.example`);
    // Confirmed people on the list, stored as sign-ups are (their sign-ups and confirmations are other tests' business).
    const database = server.database.open();
    try {
      await seedConfirmedPeople(database, people);
    } finally {
      await database.close();
    }
    smtp.recover();
    smtp.refuseRecipients(people.filter((_, i) => i % 10 === 0));

    const context = await browser.newContext({ viewport: { width: 1360, height: 1000 } });
    const { page, problems } = await openPage(context);
    await signIn(page, server);
    await page.getByRole('link', { name: 'Updates to the list' }).click();
    const updates = page.getByRole('form', { name: 'Write an update for the Sign-ups filter' });
    await updates.getByLabel('Name (for you)').fill('November update');
    const english = updates.getByRole('group', { name: 'English', exact: true });
    await english.getByLabel('Subject').fill('What we learned this month');
    await english.getByLabel(/^Message/).fill('Thank you for waiting. Here is what we built.');
    await updates.getByRole('button', { name: 'Save draft' }).click();
    await page.getByText(/^Draft “November update” saved: it would reach \d+ people now/).waitFor();
    await page.getByRole('button', { name: 'Send… November update' }).click();
    await page.getByRole('button', { name: /^Send to \d+ people$/ }).click();

    const notice = page.getByRole('group', { name: 'Paused: November update' });
    await notice.waitFor({ timeout: 30_000 });
    await notice.getByText(/bounced for good \(\d+\.\d %, the limit is 5 %\)/).waitFor();
    const row = page.getByRole('row', { name: /^November update Paused/ });
    await row.waitFor();
    // Most of the update still waits for the owner.
    const waiting = Number(await row.getByRole('cell').nth(4).textContent());
    expect(waiting).toBeGreaterThan(50);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-campaign-paused');
    const told = await smtp.nextMailTo(OWNER, { timeoutMs: 15_000, subject: /paused itself/ });
    expect(told.text).toContain('November update');

    smtp.recover();
    await notice.getByRole('button', { name: 'Resume November update' }).click();
    await page.getByText(/“November update” goes on: \d+ waiting mails are sent now\./).waitFor();
    await expect
      .poll(async () => (await page.getByRole('row', { name: /^November update Sent/ }).count()) > 0 || (await page.reload(), false), {
        timeout: 30_000,
      })
      .toBe(true);
    expect(problems.errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
    await context.close();
  });
});

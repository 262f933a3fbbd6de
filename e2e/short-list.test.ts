import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH, type SignupBody } from '@waitlist/contract';
import { startTestSmtpServer, type TestSmtpServer } from '../server/src/test/smtp';
import { validSignup } from '../server/src/test/fixtures';
import { DESKTOP, axeViolations, launchBrowser, openPage, screenshot } from './support/browser';
import { addOperator, openConsoleAs } from './support/console-seed';
import { startServer, type RunningServer } from './support/server';

const OWNER = 'founder@acme.se';
const PASSWORD = 'a long and private passphrase';
const CAL_SECRET = 'cal-com-webhook-secret-for-the-test';
const VISITOR = 'anna.lindqvist@volvocars.com';

/** A realistic spread: buyers at large companies, people at small ones, consultants and personal addresses. */
const PEOPLE: Partial<SignupBody>[] = [
  { email: VISITOR, role: 'Head of Innovation / Innovation Director', company_size: '1000+ employees' },
  { email: 'erik.berg@scania.com', role: 'Innovation Manager / Program Manager', company_size: '1000+ employees' },
  { email: 'sara.holm@ericsson.com', role: 'R&D Manager / Lead', company_size: '1000+ employees' },
  { email: 'jonas.ek@sandvik.com', role: 'Strategy Lead / Transformation Manager', company_size: '501-1000 employees' },
  { email: 'maria.nord@ikea.com', role: 'Digital Leader / Digital Transformation Lead', company_size: '1000+ employees' },
  { email: 'lars.dahl@skf.com', role: 'Product Manager', company_size: '201-500 employees' },
  { email: 'karin.sjo@atlascopco.com', role: 'Intrapreneur / Venture Team Member', company_size: '1000+ employees' },
  { email: 'per.lund@smallshop.se', role: 'Project Manager', company_size: '11-50 employees' },
  { email: 'nils.konsult@gmail.com', role: 'Consultant / Advisor', company_size: '1-10 employees' },
  { email: 'ida.other@hotmail.com', role: 'Other', company_size: '1-10 employees' },
  { email: 'ola.hr@h-m.com', role: 'HR / Learning & Development', company_size: '1000+ employees' },
  { email: 'eva.ops@abb.com', role: 'Operations / Process Excellence', company_size: '501-1000 employees' },
];

async function signUp(server: RunningServer, person: Partial<SignupBody>) {
  const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
    method: 'POST',
    headers: { apikey: 'dev-public-key', authorization: 'Bearer dev-public-key', 'content-type': 'application/json' },
    body: JSON.stringify(validSignup(person)),
  });
  expect(res.status).toBe(201);
}

const signIn = (page: Page, server: RunningServer) => openConsoleAs(page, server.url, { email: OWNER, password: PASSWORD });

/**
 * Issue 36 items 3 and 4 as people meet them, in Chromium against the built server with a real SMTP server: a
 * visitor without script confirms and is offered a call (the link to the booking page carries a reference, not the
 * address); the scheduler's signed webhook books it; the founder's short list ranks the best fits not yet invited,
 * shows the call, and invites the best of them in one wave.
 */
describe('from the list to a short list and a call', () => {
  let browser: Browser;
  let smtp: TestSmtpServer;
  let server: RunningServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    server = await startServer({
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Acme Innovate <hello@acme.se>',
        BOOKING_URL: 'https://cal.com/acme-founders/20min',
        BOOKING_MIN_SCORE: '70',
        CALCOM_WEBHOOK_SECRET: CAL_SECRET,
        UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
      },
    });
    await addOperator(server, OWNER, PASSWORD);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('a visitor confirms without script, answers the question and is offered a call; the founder reweighs and invites the best', async () => {
    // The founder asks one question after confirming, in both languages.
    const context = await browser.newContext({ viewport: { width: 1440, height: 1100 } });
    const { page } = await openPage(context);
    page.setDefaultTimeout(20_000);
    await signIn(page, server);
    await page.getByRole('link', { name: 'Questions and fit' }).click();
    await page.getByLabel('Question (English)').fill('When would you start a pilot?');
    await page.getByLabel('Question (Swedish)').fill('När skulle ni kunna börja en pilot?');
    await page
      .getByLabel(/^Choices, one a line/)
      .fill('This quarter | Det här kvartalet\nWithin six months | Inom sex månader\nLater | Senare');
    await page.getByRole('button', { name: 'Ask this question' }).click();
    await page.getByText('Asked: “When would you start a pilot?”.').waitFor();
    expect(await axeViolations(page)).toEqual([]);

    for (const person of PEOPLE) await signUp(server, person);
    const confirmLinks = new Map<string, string>();
    for (const person of PEOPLE) {
      const mail = await smtp.nextMailTo(person.email!, { timeoutMs: 20_000 });
      confirmLinks.set(person.email!, /https?:\/\/[^\s]+\/confirm\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)![0]);
    }

    // The visitor, scripts off: the link's page, its button, the offer.
    const plain = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
    const { page: visitor } = await openPage(plain);
    visitor.setDefaultTimeout(20_000);
    await visitor.goto(confirmLinks.get(VISITOR)!.replace(/^https?:\/\/[^/]+/, server.url));
    await visitor.getByRole('button', { name: 'Confirm my sign-up' }).click();
    await visitor.getByRole('heading', { level: 1, name: 'Thank you, you are confirmed' }).waitFor();
    const book = visitor.getByRole('link', { name: 'Book a 20-minute call with a founder' });
    const href = (await book.getAttribute('href'))!;
    const ref = new URL(href).searchParams.get('metadata[ref]')!;
    expect(href.startsWith('https://cal.com/acme-founders/20min?')).toBe(true);
    expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(href).not.toContain('volvocars');
    // The question, below the offer: answered without script, by keyboard.
    await visitor.getByRole('heading', { name: 'A few questions, if you have a minute' }).waitFor();
    await visitor.getByRole('radio', { name: 'Within six months' }).check();
    await visitor.getByRole('button', { name: 'Save my answers' }).focus();
    await visitor.keyboard.press('Enter');
    await visitor.getByText('Thank you, your answers are saved.').waitFor();
    expect(await visitor.getByRole('link', { name: 'Book a 20-minute call with a founder' }).getAttribute('href')).toBe(href);
    await screenshot(visitor, 'confirmed-with-booking-offer');
    await plain.close();
    // A second good fit confirms with script on: the same page, checked by axe (which needs script to run).
    const scripted = await browser.newContext(DESKTOP);
    const { page: second } = await openPage(scripted);
    second.setDefaultTimeout(20_000);
    await second.goto(confirmLinks.get('erik.berg@scania.com')!.replace(/^https?:\/\/[^/]+/, server.url));
    await second.getByRole('button', { name: 'Confirm my sign-up' }).click();
    await second.getByRole('link', { name: 'Book a 20-minute call with a founder' }).waitFor();
    expect(await axeViolations(second)).toEqual([]);
    await scripted.close();
    confirmLinks.delete('erik.berg@scania.com');
    // The follow-up mail carries the same link.
    expect((await smtp.nextMailTo(VISITOR, { timeoutMs: 20_000 })).html).toContain(href.replaceAll('&', '&amp;'));

    // Everyone else confirms too (their own button, posted as a browser without script would).
    for (const [email, link] of confirmLinks) {
      if (email === VISITOR) continue;
      const token = new URL(link).searchParams.get('token')!;
      const res = await fetch(`${server.url}/confirm`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token }).toString(),
      });
      expect(res.status).toBe(200);
    }

    // Cal.com books the call: its webhook, signed as Cal.com signs it, with the reference it was handed.
    const start = new Date(Date.now() + 3 * 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const body = JSON.stringify({
      triggerEvent: 'BOOKING_CREATED',
      createdAt: new Date().toISOString(),
      payload: {
        type: '20min',
        title: '20 min between Founder and Anna Lindqvist',
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 20 * 60_000).toISOString(),
        organizer: { name: 'Founder', email: OWNER, timeZone: 'Europe/Stockholm' },
        attendees: [{ name: 'Anna Lindqvist', email: VISITOR, timeZone: 'Europe/Stockholm' }],
        uid: 'bFJeNb2uX8ANpT3JL5EfXw',
        metadata: { ref },
        status: 'ACCEPTED',
      },
    });
    const hook = await fetch(`${server.url}/api/bookings/cal-com`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-cal-signature-256': createHmac('sha256', CAL_SECRET).update(body).digest('hex') },
      body,
    });
    expect(hook.status).toBe(204);

    // The founder: the short list, best first, with the answer and the call booked; the upcoming calls.
    await page.getByRole('link', { name: 'Waves and short list' }).click();
    const shortList = page.getByRole('table', { name: 'The best fits not yet invited' });
    await shortList.getByRole('row').nth(1).waitFor();
    const rows = shortList.getByRole('row');
    await expect.poll(() => rows.count()).toBe(PEOPLE.length + 1);
    expect(await rows.nth(1).textContent()).toContain(VISITOR);
    expect(await rows.nth(1).textContent()).toContain('Booked');
    expect(await rows.nth(1).textContent()).toContain('When would you start a pilot? Within six months');
    expect(await rows.last().textContent()).toMatch(/gmail\.com|hotmail\.com/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'console-short-list');
    await page.getByRole('link', { name: 'Calls and requests' }).click();
    const calls = page.getByRole('table', { name: 'Calls booked, soonest first' });
    await calls.getByRole('row', { name: new RegExp(VISITOR.replace(/\./g, '\\.')) }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A product manager at a mid-size company is not among the best five, until the founder weighs the role more.
    await page.getByRole('link', { name: 'Waves and short list' }).click();
    await shortList.getByRole('row').nth(1).waitFor();
    const top5 = async () => (await rows.allTextContents()).slice(1, 6).join('\n');
    expect(await top5()).not.toContain('lars.dahl@skf.com');
    await page.getByRole('link', { name: 'Questions and fit' }).click();
    await page.getByLabel('Product Manager', { exact: true }).fill('40');
    await page.getByRole('button', { name: 'Save as a new version' }).click();
    await page.getByText('Version 2 is in force; every score follows it within a minute.').waitFor();
    await page.getByRole('link', { name: 'Waves and short list' }).click();
    await expect
      .poll(async () => (await page.reload(), await shortList.getByRole('row').nth(1).waitFor(), top5()), { timeout: 60_000 })
      .toContain('lars.dahl@skf.com');

    // Invite the best five, by keyboard.
    await page.getByLabel('Name of the wave').first().fill('Pilot 1: the best five');
    const howMany = page.getByLabel('How many (best fit first)');
    await howMany.fill('5');
    await page.getByRole('button', { name: 'Invite the best 5' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('“Pilot 1: the best five”: 5 invited.').waitFor();
    await expect.poll(() => rows.count()).toBe(PEOPLE.length - 5 + 1);
    expect(await shortList.textContent()).not.toContain(VISITOR);
    expect(await shortList.textContent()).not.toContain('lars.dahl@skf.com');
    await screenshot(page, 'console-short-list-after-wave');
    await context.close();
  });
});

import type { Page, Response } from 'playwright-core';
import { DESIRED_OUTCOME_OPTIONS } from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import type { PageProblems } from './support/browser';
import { DESKTOP } from './support/browser';
import { describe, expect, test } from './support/fixtures';
import { useServerBehindDatabaseProxy, type RunningServer } from './support/server';
import {
  aSignup,
  expectedRow,
  fillSignupForm,
  readSignupForm,
  signupForm,
  storedSignups,
  submitButton,
  type SignupEntry,
} from './support/signup-form';

const { toasts: TOASTS, validation: VALIDATION_MESSAGES } = CATALOGUE.en.form;

/**
 * The sign-up form in Chromium with JavaScript disabled: a real form posted to the server, answered with pages.
 * Also what a visitor gets whose click lands before the form's script has arrived.
 */
const NO_SCRIPT = { ...DESKTOP, javaScriptEnabled: false };

/** Submits the form as a person does and returns the server's answer to the post. */
async function submit(page: Page): Promise<Response> {
  const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST'), submitButton(page).click()]);
  await page.waitForLoadState('load');
  return response;
}

async function rowsOf(server: RunningServer, email: string) {
  return (await storedSignups(server)).filter((row) => row.email === email.trim().toLowerCase());
}

function expectNoEmailInUrlsOrLogs(page: Page, problems: PageProblems, server: RunningServer, email: string) {
  const forms = [email, encodeURIComponent(email), email.replace('@', '%40')];
  const leaks = [...problems.requests, ...problems.referers, page.url()].filter((url) => forms.some((form) => url.includes(form)));
  expect(leaks).toEqual([]);
  expect(server.logs()).not.toContain(email);
}

/** The form shows `entry` again (what the visitor entered is kept). */
async function expectFormHolds(page: Page, entry: SignupEntry) {
  expect(await readSignupForm(page)).toEqual(entry);
}

// One database in the browser: the form's answers are proven on both in process (server/src/routes/signups/form-routes.test.ts);
// PostgreSQL down is below.
describe.each(['sqlite'] as const)('the sign-up form with JavaScript disabled, on %s', (dialect) => {
  test.override('serverOptions', { dialect });
  test.override('contextOptions', NO_SCRIPT);

  test('valid: the row is stored and the thank-you page says so; the e-mail is in no URL, Referer or log line', async ({
    page,
    problems,
    server,
  }) => {
    const entry = aSignup({ email: ' No.Script@Example.com ', outcomes: [DESIRED_OUTCOME_OPTIONS[3]], other: 'Portfolio reviews' });
    await page.goto(`${server.url}/about`);
    await fillSignupForm(page, entry);
    const response = await submit(page);
    expect(response.status()).toBe(303);
    expect(new URL(page.url()).pathname).toBe('/thank-you');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TOASTS.success.title);
    expect(await page.getByText(TOASTS.success.description).isVisible()).toBe(true);
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    expect(await rowsOf(server, entry.email)).toEqual([expectedRow(entry)]);
    expectNoEmailInUrlsOrLogs(page, problems, server, entry.email.trim());
  });

  test('invalid: every message beside its field, the values kept, the page back at the form, nothing stored', async ({ page, server }) => {
    const entry = aSignup({ email: 'not-an-email', outcomes: [], other: 'Kept text', consent: false });
    await page.goto(server.url);
    await fillSignupForm(page, entry);
    const response = await submit(page);
    expect(response.status()).toBe(422);
    expect(new URL(page.url()).hash).toBe('#signup-form');
    const form = signupForm(page);
    const email = form.getByRole('textbox', { name: 'Work e-mail' });
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`[id="${await email.getAttribute('aria-describedby')}"]`).textContent()).toBe(VALIDATION_MESSAGES.email);
    expect(await form.getByText(VALIDATION_MESSAGES.privacyConsent, { exact: true }).isVisible()).toBe(true);
    expect(await form.getByText(VALIDATION_MESSAGES.role, { exact: true }).count()).toBe(0);
    await expectFormHolds(page, entry);
    expect(await form.getByRole('textbox', { name: 'Other desired outcome' }).isVisible()).toBe(true);
    expect(await rowsOf(server, entry.email)).toEqual([]);

    // Fixing the fields and posting again stores the sign-up.
    const fixed = { ...entry, email: 'fixed.later@example.com', consent: true };
    await email.fill(fixed.email);
    await form.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    expect((await submit(page)).status()).toBe(303);
    expect(await rowsOf(server, fixed.email)).toEqual([expectedRow(fixed)]);
  });

  test('an e-mail already on the list: Already Registered and its text, the values kept, still one row', async ({ page, server }) => {
    const entry = aSignup({ email: 'already@example.com' });
    await page.goto(server.url);
    await fillSignupForm(page, entry);
    expect((await submit(page)).status()).toBe(303);

    await page.goto(server.url);
    await fillSignupForm(page, { ...entry, email: 'Already@Example.com' });
    const response = await submit(page);
    expect(response.status()).toBe(409);
    const notice = signupForm(page).getByRole('alert');
    expect(await notice.getByText(TOASTS.alreadyRegistered.title).isVisible()).toBe(true);
    expect(await notice.getByText(TOASTS.alreadyRegistered.description).isVisible()).toBe(true);
    await expectFormHolds(page, { ...entry, email: 'Already@Example.com' });
    expect(await rowsOf(server, entry.email)).toHaveLength(1);
  });

  test('a second click while the first post is on its way: both reach the server, one row, and success (not Already Registered)', async ({
    page,
    server,
  }) => {
    const entry = aSignup({ email: 'double.click@example.com' });
    let posts = 0;
    let firstArrived!: () => void;
    const firstAtServer = new Promise<void>((resolve) => (firstArrived = resolve));
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
    // The network holds the answer to the first post (the server has it and has stored the sign-up) while the
    // visitor, seeing nothing happen, clicks again.
    await page.route(`${server.url}/`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const n = ++posts;
      const response = await route.fetch({ maxRedirects: 0 });
      if (n === 1) {
        firstArrived();
        await firstHeld;
      }
      await route.fulfill({ response }).catch(() => undefined); // the first navigation was replaced by the second
    });
    await page.goto(server.url);
    await fillSignupForm(page, entry);
    // Two clicks of the mouse on the button, as a person makes them (the page is on its way, so no locator waits).
    await submitButton(page).scrollIntoViewIfNeeded();
    const box = (await submitButton(page).boundingBox())!;
    const clickButton = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await clickButton();
    await firstAtServer;
    expect(await rowsOf(server, entry.email)).toHaveLength(1);
    const [second] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'POST' && r.status() !== 0), clickButton()]);
    releaseFirst();
    expect(posts).toBe(2);
    expect(second.status()).toBe(303);
    // The form's #signup-form stays on the URL through the 303 (a Location without a fragment keeps it).
    await page.waitForURL((url) => url.pathname === '/thank-you');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(TOASTS.success.title);
    expect(await rowsOf(server, entry.email)).toHaveLength(1);
  });
});

describe('the sign-up form with JavaScript disabled, rate-limited', () => {
  test.override('serverOptions', { dialect: 'sqlite', env: { SIGNUP_RATE_LIMIT: '1' } });
  test.override('contextOptions', NO_SCRIPT);

  test('answers 429 with Retry-After and a readable message, keeping what was entered', async ({ page, server }) => {
    await page.goto(server.url);
    await fillSignupForm(page, aSignup({ email: 'limited-first@example.com' }));
    expect((await submit(page)).status()).toBe(303);
    const second = aSignup({ email: 'limited-second@example.com' });
    await page.goto(server.url);
    await fillSignupForm(page, second);
    const response = await submit(page);
    expect(response.status()).toBe(429);
    expect(Number(await response.headerValue('retry-after'))).toBeGreaterThan(0);
    expect(await signupForm(page).getByRole('alert').textContent()).toMatch(/too many sign-up attempts.*wait a minute and try again/i);
    await expectFormHolds(page, second);
    expect(await rowsOf(server, second.email)).toEqual([]);
  });
});

describe('the sign-up form with JavaScript disabled, PostgreSQL down', () => {
  test.override('contextOptions', NO_SCRIPT);
  const outage = useServerBehindDatabaseProxy();

  test('answers 503 with a readable message, keeping what was entered; the same post works once it is back', async ({ page }) => {
    const entry = aSignup({ email: 'outage.no.script@example.com' });
    await page.goto(outage.server.url);
    await fillSignupForm(page, entry);
    await outage.proxy.cut();
    try {
      const response = await submit(page);
      expect(response.status()).toBe(503);
      expect(Number(await response.headerValue('retry-after'))).toBeGreaterThan(0);
      expect(await signupForm(page).getByRole('alert').textContent()).toMatch(/temporarily unavailable/i);
      await expectFormHolds(page, entry);
    } finally {
      await outage.proxy.restore();
    }
    expect((await submit(page)).status()).toBe(303);
    expect(await rowsOf(outage.server, entry.email)).toEqual([expectedRow(entry)]);
  });
});

import { DESIRED_OUTCOME_OPTIONS } from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { PHONE, emulateSlowPhone, openPage } from '../support/browser';
import { it } from 'vitest';
import { describe, expect, test } from '../support/fixtures';
import { useServerWithMail } from '../support/server-with-mail';
import { aSignup, expectedRow, readSignupForm, storedSignups, submitButton, typeSignupForm } from '../support/signup-form';

const { toasts: TOASTS } = CATALOGUE.en.form;

/**
 * Slow phones (6× CPU, 150 ms, 50 KB/s: support/browser.ts emulateSlowPhone), run alone (the timing project): a
 * throttled CPU is throttled relative to this machine, so nothing may run beside it. What a visitor types while the
 * scripts still load is what arrives, once.
 */
describe('a visitor on a slow phone', () => {
  test('on a slow phone (6× CPU, 50 KB/s) typing while the scripts load loses nothing', async ({ page, problems, server }) => {
    await emulateSlowPhone(page);
    let islandLoadedAt = Number.POSITIVE_INFINITY;
    page.on('requestfinished', (request) => {
      if (/\/assets\/signup-form-[^/]+\.js$/.test(request.url())) islandLoadedAt = Date.now();
    });

    const entry = aSignup({ email: 'slow.phone@example.com', outcomes: [DESIRED_OUTCOME_OPTIONS[2]], other: 'Fewer steering meetings' });
    await page.goto(`${server.url}/#signup-form`, { waitUntil: 'domcontentloaded' });
    const typingStartedAt = Date.now();
    await typeSignupForm(page, entry);
    // The visitor was typing while the form's island was still downloading.
    expect(islandLoadedAt).toBeGreaterThan(typingStartedAt);

    await page.waitForLoadState('networkidle');
    expect(Number.isFinite(islandLoadedAt)).toBe(true);
    expect(await readSignupForm(page)).toEqual(entry);
    await submitButton(page).click();
    await page.getByText(TOASTS.success.title, { exact: true }).first().waitFor();
    const rows = (await storedSignups(server)).filter((row) => row.email === entry.email.trim().toLowerCase());
    expect(rows).toEqual([expectedRow(entry)]);
    expect(problems.requests.some((url) => url.includes(entry.email) || url.includes(encodeURIComponent(entry.email)))).toBe(false);
  });
});

describe('a buyer on a slow phone', () => {
  // A small proof of work: the test waits for the page, not for hashing on a busy machine.
  const suite = useServerWithMail({ env: { ALTCHA_MAX_NUMBER: '2000' } });

  it('on a slow phone (6× CPU, 50 KB/s) a request typed and sent while the scripts load arrives whole, once', async () => {
    const { server, browser } = suite;
    const context = await browser.newContext(PHONE);
    const { page, problems } = await openPage(context);
    await emulateSlowPhone(page);

    // No waiting for anything but the form: the first touch starts loading its proof of work while the buyer types.
    await page.goto(`${server.url}/trust`, { waitUntil: 'domcontentloaded' });
    const form = page.locator('form[data-proof-of-work]');
    await form.getByLabel('Your name').click();
    await page.keyboard.type('Pia Phone');
    await form.getByLabel('Work e-mail').click();
    await page.keyboard.type('pia.phone@ericsson.example');
    await form.getByLabel('Company').click();
    await page.keyboard.type('Ericsson');
    await form.getByRole('checkbox', { name: 'A signed data processing agreement' }).check();
    await form.getByLabel('Anything we should know (optional)').click();
    await page.keyboard.type('Sent from the train.');
    // Pressed twice, as an impatient thumb does.
    const send = form.getByRole('button', { name: 'Send the request' });
    await send.click();
    await send.click({ timeout: 2_000 }).catch(() => undefined);
    await page.getByRole('heading', { level: 1, name: 'Your request reached the founders' }).waitFor({ timeout: 60_000 });

    const rows = await server.query<{ name: string; company: string; documents: string; message: string | null }>(
      "SELECT name, company, documents, message FROM document_requests WHERE email = 'pia.phone@ericsson.example'",
    );
    expect(rows).toEqual([{ name: 'Pia Phone', company: 'Ericsson', documents: 'signed-dpa', message: 'Sent from the train.' }]);
    expect(problems.errors).toEqual([]);
    await context.close();
  });
});

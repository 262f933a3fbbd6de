import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage } from './support/browser';
import { describe, expect, test } from './support/fixtures';
import { useServerBehindDatabaseProxy } from './support/server';
import { aSignup, fillSignupForm } from './support/signup-form';

/**
 * In Chromium against the built server: every page works under the strict CSP (no violation, no console error),
 * and the waitlist form shows the server's readable message when it is rate-limited (429) or the database is
 * down (503, after the form's own retries).
 */
const PAGES = ['/', '/about', '/privacy', '/no-such-page', '/admin'];

async function checkPages(context: BrowserContext, baseUrl: string) {
  for (const url of PAGES) {
    const { page, problems } = await openPage(context);
    const res = await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
    expect(res?.status(), url).toBe(url === '/no-such-page' ? 404 : 200);
    // Scroll through the page so lazily loaded parts (the form chunk) load and run too.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    expect(problems.cspViolations, `${url}: CSP violations`).toEqual([]);
    // Chromium logs an expected non-2xx answer as a failed resource load: the 404 page's own status, and the
    // operator console's "no session yet" probe (401). Nothing else may appear.
    const expected = url === '/no-such-page' ? /status of 404/ : url === '/admin' ? /status of 401/ : null;
    const errors = problems.errors.filter((e) => !(expected && /^Failed to load resource/.test(e) && expected.test(e)));
    expect(errors, `${url}: console errors ${JSON.stringify(errors)}`).toEqual([]);
    await page.close();
  }
}

/** Opens the page at its form and waits until everything it loads (the form's island too) has loaded. */
async function openForm(page: Page, url: string) {
  await page.goto(`${url}/#signup-form`, { waitUntil: 'networkidle' });
}

async function fillForm(page: Page, email: string) {
  await fillSignupForm(page, aSignup({ email, role: 'Product Manager', companySize: '11-50 employees', outcomes: ['Reuse insights'] }));
}

describe('the site in Chromium under the CSP, and the form under abuse/outage', () => {
  describe('on SQLite with a rate limit of one sign-up per minute', () => {
    test.override('serverOptions', { dialect: 'sqlite', env: { SIGNUP_RATE_LIMIT: '1' } });

    test('loads every page without a CSP violation or console error', async ({ context, server }) => {
      await checkPages(context, server.url);
    });

    test('shows the readable 429 message when the visitor is rate-limited', async ({ page, problems, server }) => {
      await openForm(page, server.url);
      await fillForm(page, `first-${randomUUID()}@example.com`);
      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      await expect.poll(() => page.getByText('Thank you for signing up!').count(), { timeout: 10_000 }).toBeGreaterThan(0);

      await fillForm(page, `second-${randomUUID()}@example.com`);
      await page.getByRole('button', { name: 'Join the waitlist' }).click();
      const toast = page.getByRole('status').filter({ hasText: /too many sign-up attempts/i });
      await expect.poll(() => toast.count(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(await toast.first().innerText()).toMatch(/wait a minute and try again/i);
      expect(problems.cspViolations).toEqual([]);
    });
  });

  describe('on PostgreSQL behind a TCP proxy', () => {
    const outage = useServerBehindDatabaseProxy();

    // The CSP does not depend on the database: every page is checked once, on SQLite, above.
    test('shows the readable 503 message while the database is down, and signs up once it is back', async ({ page }) => {
      try {
        await openForm(page, outage.server.url);
        await outage.proxy.cut();
        const email = `outage-${randomUUID()}@example.com`;
        await fillForm(page, email);
        await page.getByRole('button', { name: 'Join the waitlist' }).click();
        // The form retries 503 after 1, 2 and 4 s before it gives up and shows the server's message.
        const toast = page.getByRole('status').filter({ hasText: /temporarily unavailable/i });
        await expect.poll(() => toast.count(), { timeout: 15_000 }).toBeGreaterThan(0);
        expect(await toast.first().innerText()).toMatch(/try again in a minute/i);
        // The form keeps what the visitor typed, so a retry is one click.
        expect(await page.getByLabel('Work e-mail').inputValue()).toBe(email);

        await outage.proxy.restore();
        await page.getByRole('button', { name: 'Join the waitlist' }).click();
        await expect.poll(() => page.getByText('Thank you for signing up!').count(), { timeout: 15_000 }).toBeGreaterThan(0);
        expect(await outage.server.query('SELECT 1 FROM waitlist_signups WHERE email = $1', [email])).toHaveLength(1);
      } finally {
        await outage.proxy.restore();
      }
    });
  });
});

import type { Page } from 'playwright-core';
import { DESIRED_OUTCOME_OPTIONS } from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import type { PageProblems } from './support/browser';
import { describe, expect, test } from './support/fixtures';
import type { RunningServer } from './support/server';
import { aSignup, expectedRow, fillSignupForm, storedSignups, submitButton, type SignupEntry } from './support/signup-form';

const { toasts: TOASTS } = CATALOGUE.en.form;

/**
 * The form as visitors meet it: they fill it the moment the page appears (or a password manager does), and whatever
 * they entered is what gets stored. On a slow phone: e2e/timing/slow-phone.test.ts (CPU-throttled, run alone).
 */

/** The stored row of `entry`'s e-mail (the server is shared by the tests of one dialect). */
async function rowsOf(server: RunningServer, entry: SignupEntry) {
  return (await storedSignups(server)).filter((row) => row.email === entry.email.trim().toLowerCase());
}

/** The address never travels in a URL: not in a request, not in a Referer, not in the page's own address. */
function expectNoEmailInUrls(page: Page, problems: PageProblems, email: string) {
  const forms = [email, encodeURIComponent(email), email.replace('@', '%40')];
  const leaks = [...problems.requests, ...problems.referers, page.url()].filter((url) => forms.some((form) => url.includes(form)));
  expect(leaks).toEqual([]);
  expect(problems.requests.length).toBeGreaterThan(0);
}

/** Success as the visitor sees it: the island's toast, or the server's thank-you page when the click came first. */
async function waitForThanks(page: Page) {
  await page.getByText(TOASTS.success.title, { exact: true }).first().waitFor();
}

// One database in the browser: what is stored is proven on both in process (server/src/routes/signups/*.test.ts).
describe.each(['sqlite'] as const)('a visitor on %s', (dialect) => {
  test.override('serverOptions', { dialect });

  test.for([
    ['/', 'home'],
    ['/#signup-form', 'link'],
    ['/about', 'about'],
  ] as const)(
    'fills and submits %s right after the load event, with no waiting: the stored row is what was typed',
    async ([path, name], { page, problems, server }) => {
      const entry = aSignup({
        email: `  Right.After.Load-${name}@Example.com `,
        outcomes: [DESIRED_OUTCOME_OPTIONS[0], DESIRED_OUTCOME_OPTIONS[4]],
        other: 'Board reporting',
      });
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      await fillSignupForm(page, entry);
      await submitButton(page).click();
      await waitForThanks(page);
      expect(await rowsOf(server, entry)).toEqual([expectedRow(entry)]);
      expectNoEmailInUrls(page, problems, entry.email.trim());
      expect(problems.cspViolations).toEqual([]);
    },
  );

  test("when the form's script cannot load, the form still posts and the row is what was typed", async ({ page, problems, server }) => {
    await page.route(/\/assets\/signup-form-[^/]+\.js$/, (route) => route.abort());
    const entry = aSignup({ email: 'script.blocked@example.com', outcomes: [DESIRED_OUTCOME_OPTIONS[5]] });
    await page.goto(`${server.url}/#signup-form`, { waitUntil: 'networkidle' });
    await fillSignupForm(page, entry);
    await submitButton(page).click();
    await page.waitForURL((url) => url.pathname === '/thank-you');
    await waitForThanks(page);
    expect(await rowsOf(server, entry)).toEqual([expectedRow(entry)]);
    expectNoEmailInUrls(page, problems, entry.email);
  });
});

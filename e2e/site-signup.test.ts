import type { Page } from 'playwright-core';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS, SIGNUP_ERROR_FIELDS } from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { describe, expect, test } from './support/fixtures';
import { aSignup, fillSignupForm, signupForm, storedSignups } from './support/signup-form';

const { otherOutcomePlaceholder: OTHER_OUTCOME_PLACEHOLDER, toasts: TOASTS, validation: VALIDATION_MESSAGES } = CATALOGUE.en.form;

/** Opens the page at its form, as a visitor from a "sign up" link does, once everything it loads has loaded. */
async function openForm(page: Page, url: string): Promise<void> {
  await page.goto(`${url}#signup-form`, { waitUntil: 'networkidle' });
}

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

describe('sign-up form in the browser', () => {
  test('shows every validation message beside its field, focuses the first invalid field, posts nothing', async ({ page, server }) => {
    await openForm(page, server.url);
    const f = signupForm(page);
    await f.getByRole('button', { name: 'Join the waitlist' }).click();
    const email = f.getByRole('textbox', { name: 'Work e-mail' });
    await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
    // One message per field that can carry one (the text of "Other" only when it is too long; the partner code is a
    // field of the join page only).
    for (const field of SIGNUP_ERROR_FIELDS.filter((name) => name !== 'partnerCode')) {
      expect(await f.getByText(VALIDATION_MESSAGES[field], { exact: true }).isVisible()).toBe(true);
    }
    const describedBy = await email.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(VALIDATION_MESSAGES.email);

    await email.fill('not-an-email');
    expect(await f.getByText(VALIDATION_MESSAGES.email).isVisible()).toBe(true);
    await email.fill('ok@example.com');
    await expect.poll(() => f.getByText(VALIDATION_MESSAGES.email).count()).toBe(0);
    expect(await server.query('SELECT * FROM waitlist_signups')).toEqual([]);
  });

  test("reveals 'Other' text with its placeholder; unchecking hides and clears it; consent links to /privacy in a new tab", async ({
    page,
    server,
  }) => {
    await openForm(page, server.url);
    const f = signupForm(page);
    const other = f.getByRole('checkbox', { name: 'Other' });
    expect(await f.getByPlaceholder(OTHER_OUTCOME_PLACEHOLDER).isVisible()).toBe(false);
    await other.check();
    const text = f.getByRole('textbox', { name: 'Other desired outcome' });
    expect(await text.getAttribute('placeholder')).toBe(OTHER_OUTCOME_PLACEHOLDER);
    await text.fill('Something else');
    await other.uncheck();
    expect(await f.getByPlaceholder(OTHER_OUTCOME_PLACEHOLDER).isVisible()).toBe(false);
    await other.check();
    expect(await f.getByRole('textbox', { name: 'Other desired outcome' }).inputValue()).toBe('');

    const link = f.getByRole('link', { name: /privacy policy/ });
    const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/privacy');
  });
});

// One database in the browser: a sign-up is stored on both in process (server/src/routes/signups/*.test.ts).
describe.each(['sqlite'] as const)('sign-up end to end on %s', (dialect) => {
  test.override('serverOptions', { dialect });

  test('stores a sign-up, thanks the visitor, resets the form; the same e-mail again is Already Registered', async ({
    page,
    problems,
    server,
  }) => {
    await openForm(page, server.url);
    const entry = aSignup({
      email: ' Grace.Hopper@Example.com ',
      role: ROLE_OPTIONS[3],
      companySize: COMPANY_SIZE_OPTIONS[4],
      outcomes: [DESIRED_OUTCOME_OPTIONS[1]],
      other: 'Portfolio reviews',
    });
    await fillSignupForm(page, entry);
    await signupForm(page).getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, TOASTS.success.title).waitFor();
    expect(await toast(page, TOASTS.success.description).isVisible()).toBe(true);

    const f = signupForm(page);
    expect(await f.getByRole('textbox', { name: 'Work e-mail' }).inputValue()).toBe('');
    expect(await f.getByRole('combobox', { name: 'Your role' }).inputValue()).toBe('');
    for (const box of await f.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(false);
    expect(await f.getByPlaceholder(OTHER_OUTCOME_PLACEHOLDER).isVisible()).toBe(false);

    expect(await storedSignups(server)).toEqual([
      {
        email: 'grace.hopper@example.com',
        role: ROLE_OPTIONS[3],
        company_size: COMPANY_SIZE_OPTIONS[4],
        desired_outcomes: [DESIRED_OUTCOME_OPTIONS[1], 'Other'],
        other_outcome: 'Portfolio reviews',
      },
    ]);

    await fillSignupForm(page, { ...entry, email: 'grace.hopper@example.com', other: undefined });
    await f.getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, TOASTS.alreadyRegistered.title).waitFor();
    expect(await toast(page, TOASTS.alreadyRegistered.description).isVisible()).toBe(true);
    // The error keeps the form as it was.
    expect(await f.getByRole('textbox', { name: 'Work e-mail' }).inputValue()).toBe('grace.hopper@example.com');
    expect(await storedSignups(server)).toHaveLength(1);

    // Toasts close after 4000 ms.
    await page.waitForTimeout(4300);
    expect(await toast(page, TOASTS.alreadyRegistered.title).count()).toBe(0);
    expect(problems.errors.filter((e) => !e.includes('409'))).toEqual([]);
    expect(problems.cspViolations).toEqual([]);
  });

  test('works from the About page form too', async ({ page, server }) => {
    await openForm(page, `${server.url}/about`);
    await fillSignupForm(page, aSignup({ email: 'about-page@example.com' }));
    await signupForm(page).getByRole('button', { name: 'Join the waitlist' }).click();
    await toast(page, TOASTS.success.title).waitFor();
    expect(await server.query("SELECT email FROM waitlist_signups WHERE email = 'about-page@example.com'")).toHaveLength(1);
  });
});

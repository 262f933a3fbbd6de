import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  OTHER_OUTCOME_PLACEHOLDER,
  ROLE_OPTIONS,
  TOASTS,
  VALIDATION_MESSAGES,
} from '@waitlist/contract';
import { startServer, type RunningServer } from './support/server';
import { DESKTOP, launchBrowser, openPage, type PageProblems } from './support/browser';

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

async function openForm(server: RunningServer, path = '/'): Promise<{ page: Page; problems: PageProblems; close(): Promise<void> }> {
  const context = await browser.newContext(DESKTOP);
  const { page, problems } = await openPage(context);
  await page.goto(`${server.url}${path}#signup-form`, { waitUntil: 'networkidle' });
  // The form's code loads when its section is near the viewport; wait until it is interactive (hydrated).
  await page.waitForFunction(() => {
    const input = document.querySelector('form[aria-labelledby] input[name="email"]');
    return !!input && Object.keys(input).some((key) => key.startsWith('__reactProps'));
  });
  return { page, problems, close: () => context.close() };
}

const form = (page: Page) => page.getByRole('form', { name: 'Sign-up to the waitlist' });

async function fill(page: Page, email: string) {
  const f = form(page);
  await f.getByRole('textbox', { name: 'Work e-mail' }).fill(email);
  await f.getByRole('combobox', { name: 'Your role' }).selectOption(ROLE_OPTIONS[3]);
  await f.getByRole('combobox', { name: 'Company size' }).selectOption(COMPANY_SIZE_OPTIONS[4]);
  await f.getByRole('checkbox', { name: DESIRED_OUTCOME_OPTIONS[1] }).check();
  await f.getByRole('checkbox', { name: 'Other' }).check();
  await f.getByRole('textbox', { name: 'Other desired outcome' }).fill('Portfolio reviews');
  await f.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
}

const toast = (page: Page, text: string) => page.getByRole('status').getByText(text, { exact: true });

describe('sign-up form in the browser', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('shows every validation message beside its field, focuses the first invalid field, posts nothing', async () => {
    const { page, close } = await openForm(server);
    try {
      const f = form(page);
      await f.getByRole('button', { name: 'Join the waitlist' }).click();
      const email = f.getByRole('textbox', { name: 'Work e-mail' });
      await expect.poll(() => email.getAttribute('aria-invalid')).toBe('true');
      expect(await email.evaluate((el) => el === document.activeElement)).toBe(true);
      for (const message of Object.values(VALIDATION_MESSAGES)) {
        expect(await f.getByText(message, { exact: true }).isVisible()).toBe(true);
      }
      const describedBy = await email.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(VALIDATION_MESSAGES.email);

      await email.fill('not-an-email');
      expect(await f.getByText(VALIDATION_MESSAGES.email).isVisible()).toBe(true);
      await email.fill('ok@example.com');
      await expect.poll(() => f.getByText(VALIDATION_MESSAGES.email).count()).toBe(0);
      expect(await server.query('SELECT * FROM waitlist_signups')).toEqual([]);
    } finally {
      await close();
    }
  });

  it("reveals 'Other' text with its placeholder; unchecking hides and clears it; consent links to /privacy in a new tab", async () => {
    const { page, close } = await openForm(server);
    try {
      const f = form(page);
      const other = f.getByRole('checkbox', { name: 'Other' });
      expect(await f.getByPlaceholder(OTHER_OUTCOME_PLACEHOLDER).count()).toBe(0);
      await other.check();
      const text = f.getByRole('textbox', { name: 'Other desired outcome' });
      expect(await text.getAttribute('placeholder')).toBe(OTHER_OUTCOME_PLACEHOLDER);
      await text.fill('Something else');
      await other.uncheck();
      expect(await f.getByPlaceholder(OTHER_OUTCOME_PLACEHOLDER).count()).toBe(0);
      await other.check();
      expect(await f.getByRole('textbox', { name: 'Other desired outcome' }).inputValue()).toBe('');

      const link = f.getByRole('link', { name: /privacy policy/ });
      const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
      await popup.waitForLoadState();
      expect(new URL(popup.url()).pathname).toBe('/privacy');
    } finally {
      await close();
    }
  });
});

describe.each(['sqlite', 'postgres'] as const)('sign-up end to end on %s', (dialect) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ dialect });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stores a sign-up, thanks the visitor, resets the form; the same e-mail again is Already Registered', async () => {
    const { page, problems, close } = await openForm(server);
    try {
      await fill(page, ' Grace.Hopper@Example.com ');
      await form(page).getByRole('button', { name: 'Join the waitlist' }).click();
      await toast(page, TOASTS.success.title).waitFor();
      expect(await toast(page, TOASTS.success.description).isVisible()).toBe(true);

      const f = form(page);
      expect(await f.getByRole('textbox', { name: 'Work e-mail' }).inputValue()).toBe('');
      expect(await f.getByRole('combobox', { name: 'Your role' }).inputValue()).toBe('');
      for (const box of await f.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(false);
      expect(await f.getByPlaceholder(OTHER_OUTCOME_PLACEHOLDER).count()).toBe(0);

      const rows = await server.query<Record<string, unknown>>(
        'SELECT email, role, company_size, desired_outcomes, other_outcome FROM waitlist_signups',
      );
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      const outcomes = typeof row.desired_outcomes === 'string' ? JSON.parse(row.desired_outcomes) : row.desired_outcomes;
      expect({ ...row, desired_outcomes: outcomes }).toEqual({
        email: 'grace.hopper@example.com',
        role: ROLE_OPTIONS[3],
        company_size: COMPANY_SIZE_OPTIONS[4],
        desired_outcomes: [DESIRED_OUTCOME_OPTIONS[1], 'Other'],
        other_outcome: 'Portfolio reviews',
      });

      await fill(page, 'grace.hopper@example.com');
      await f.getByRole('button', { name: 'Join the waitlist' }).click();
      await toast(page, TOASTS.alreadyRegistered.title).waitFor();
      expect(await toast(page, TOASTS.alreadyRegistered.description).isVisible()).toBe(true);
      // The error keeps the form as it was.
      expect(await f.getByRole('textbox', { name: 'Work e-mail' }).inputValue()).toBe('grace.hopper@example.com');
      expect(await server.query('SELECT email FROM waitlist_signups')).toHaveLength(1);

      // Toasts close after 4000 ms.
      await page.waitForTimeout(4300);
      expect(await toast(page, TOASTS.alreadyRegistered.title).count()).toBe(0);
      expect(problems.errors.filter((e) => !e.includes('409'))).toEqual([]);
      expect(problems.cspViolations).toEqual([]);
    } finally {
      await close();
    }
  });

  it('works from the About page form too', async () => {
    const { page, close } = await openForm(server, '/about');
    try {
      await fill(page, 'about-page@example.com');
      await form(page).getByRole('button', { name: 'Join the waitlist' }).click();
      await toast(page, TOASTS.success.title).waitFor();
      expect(await server.query("SELECT email FROM waitlist_signups WHERE email = 'about-page@example.com'")).toHaveLength(1);
    } finally {
      await close();
    }
  });
});

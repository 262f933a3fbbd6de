import type { Locator, Page } from 'playwright-core';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS } from '@waitlist/contract';
import type { RunningServer } from './server';

/** What a visitor enters in the sign-up form. */
export interface SignupEntry {
  email: string;
  role: string;
  companySize: string;
  outcomes: string[];
  /** Typed into "Other desired outcome" (ticks "Other" first). */
  other?: string;
  consent: boolean;
}

export function aSignup(overrides: Partial<SignupEntry> = {}): SignupEntry {
  return {
    email: 'ada@example.com',
    role: ROLE_OPTIONS[3],
    companySize: COMPANY_SIZE_OPTIONS[4],
    outcomes: [DESIRED_OUTCOME_OPTIONS[1]],
    consent: true,
    ...overrides,
  };
}

export const signupForm = (page: Page): Locator => page.getByRole('form', { name: 'Sign-up to the waitlist' });

export const submitButton = (page: Page): Locator => signupForm(page).getByRole('button', { name: /Join the waitlist|Submitting\.\.\./ });

/**
 * Waits until the form stops moving: a page opened at `#signup-form` scrolls there smoothly (unless the visitor
 * asked for reduced motion), and a click aimed while it still moves can land on the box beside the one meant.
 */
export async function waitUntilStill(target: Locator, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = JSON.stringify(await target.boundingBox());
  let stillFor = 0;
  while (stillFor < 3 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = JSON.stringify(await target.boundingBox());
    stillFor = now === last ? stillFor + 1 : 0;
    last = now;
  }
}

/** Fills the form as a person does: by label, field after field, with no wait for any script. */
export async function fillSignupForm(page: Page, entry: SignupEntry): Promise<void> {
  const form = signupForm(page);
  await waitUntilStill(form);
  await form.getByRole('textbox', { name: 'Work e-mail' }).fill(entry.email);
  await form.getByRole('combobox', { name: 'Your role' }).selectOption(entry.role);
  await form.getByRole('combobox', { name: 'Company size' }).selectOption(entry.companySize);
  for (const outcome of entry.outcomes) await form.getByRole('checkbox', { name: outcome, exact: true }).check();
  if (entry.other !== undefined) {
    await form.getByRole('checkbox', { name: 'Other', exact: true }).check();
    await form.getByRole('textbox', { name: 'Other desired outcome' }).fill(entry.other);
  }
  if (entry.consent) await form.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
}

/** Types key by key (a person on a keyboard, not a paste), also for the "Other" text. */
export async function typeSignupForm(page: Page, entry: SignupEntry, delayMs = 20): Promise<void> {
  const form = signupForm(page);
  await waitUntilStill(form);
  await form.getByRole('textbox', { name: 'Work e-mail' }).pressSequentially(entry.email, { delay: delayMs });
  await form.getByRole('combobox', { name: 'Your role' }).selectOption(entry.role);
  await form.getByRole('combobox', { name: 'Company size' }).selectOption(entry.companySize);
  for (const outcome of entry.outcomes) await form.getByRole('checkbox', { name: outcome, exact: true }).check();
  if (entry.other !== undefined) {
    await form.getByRole('checkbox', { name: 'Other', exact: true }).check();
    await form.getByRole('textbox', { name: 'Other desired outcome' }).pressSequentially(entry.other, { delay: delayMs });
  }
  if (entry.consent) await form.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
}

/** What the form shows right now, read as a person reads it. */
export async function readSignupForm(page: Page): Promise<SignupEntry> {
  const form = signupForm(page);
  const outcomes: string[] = [];
  for (const outcome of DESIRED_OUTCOME_OPTIONS) {
    if (await form.getByRole('checkbox', { name: outcome, exact: true }).isChecked()) outcomes.push(outcome);
  }
  const otherBox = form.getByRole('textbox', { name: 'Other desired outcome' });
  return {
    email: await form.getByRole('textbox', { name: 'Work e-mail' }).inputValue(),
    role: await form.getByRole('combobox', { name: 'Your role' }).inputValue(),
    companySize: await form.getByRole('combobox', { name: 'Company size' }).inputValue(),
    outcomes: outcomes.filter((o) => o !== 'Other'),
    ...(outcomes.includes('Other') ? { other: await otherBox.inputValue() } : {}),
    consent: await form.getByRole('checkbox', { name: /I agree to the privacy policy/ }).isChecked(),
  };
}

export interface StoredSignup {
  email: string;
  role: string;
  company_size: string;
  desired_outcomes: string[];
  other_outcome: string | null;
}

/** The sign-up rows as stored, read from the server's own database. */
export async function storedSignups(server: RunningServer): Promise<StoredSignup[]> {
  const rows = await server.query<Record<string, unknown>>(
    'SELECT email, role, company_size, desired_outcomes, other_outcome FROM waitlist_signups ORDER BY email',
  );
  return rows.map((row) => ({
    ...(row as unknown as StoredSignup),
    desired_outcomes: typeof row.desired_outcomes === 'string' ? JSON.parse(row.desired_outcomes) : (row.desired_outcomes as string[]),
  }));
}

/** The row a stored sign-up of `entry` must be (the e-mail trimmed and lower-cased, outcomes in option order). */
export function expectedRow(entry: SignupEntry): StoredSignup {
  const chosen = new Set([...entry.outcomes, ...(entry.other !== undefined ? ['Other'] : [])]);
  return {
    email: entry.email.trim().toLowerCase(),
    role: entry.role,
    company_size: entry.companySize,
    desired_outcomes: DESIRED_OUTCOME_OPTIONS.filter((o) => chosen.has(o)),
    other_outcome: entry.other?.trim() || null,
  };
}

/**
 * The form in either language, by field name (the labels differ): the address (typed key by key at `typingDelayMs`
 * when given), the first role and size, the first outcome, consent. Answers the form.
 */
export async function fillSignupFormByName(page: Page, email: string, typingDelayMs?: number): Promise<Locator> {
  const form = page.locator('form:has([name="email"])');
  await waitUntilStill(form);
  const field = form.locator('[name="email"]');
  if (typingDelayMs === undefined) await field.fill(email);
  else await field.pressSequentially(email, { delay: typingDelayMs });
  await form.locator('[name="role"]').selectOption({ index: 1 });
  await form.locator('[name="companySize"]').selectOption({ index: 1 });
  await form.locator('[name="desiredOutcomes"]').first().check();
  await form.locator('[name="privacyConsent"]').check();
  return form;
}

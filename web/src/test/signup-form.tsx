import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, vi } from 'vitest';
import { CHALLENGE_PATH, COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS } from '@waitlist/contract';
import { ToastProvider } from '../components/ui/toast';
import { siteCopy } from '../config/site';
import { INITIAL_SIGNUP_FORM_STATE } from '../features/waitlist/form-state';
import SignupForm from '../features/waitlist/signup-form';
import { PerResponseFields } from '../features/waitlist/signup-form-fields';

/** What the SignupForm tests share: fetch stubbed per test, the form rendered in English, a valid fill, the clock. */
type FetchArgs = [string, RequestInit];

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

export function setup() {
  const user = userEvent.setup();
  render(
    <>
      <ToastProvider>
        <SignupForm action="/#signup-form" privacyHref="/privacy" locale="en" copy={siteCopy('en').signup} />
      </ToastProvider>
      {/* As the page renders them: last, outside the form, belonging to it by its id. */}
      <PerResponseFields values={INITIAL_SIGNUP_FORM_STATE.values} />
    </>,
  );
  return { user, form: screen.getByRole('form', { name: 'Sign-up to the waitlist' }) };
}

export async function fillValid(user: ReturnType<typeof userEvent.setup>, email = 'Ada@Example.com ') {
  const input = screen.getByRole('textbox', { name: 'Work e-mail' });
  // user-event remembers what it typed and does not see form.reset(); clearing first makes it start from the DOM.
  await user.clear(input);
  await user.type(input, email);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Your role' }), ROLE_OPTIONS[1]);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Company size' }), COMPANY_SIZE_OPTIONS[5]);
  await user.click(screen.getByRole('checkbox', { name: DESIRED_OUTCOME_OPTIONS[0] }));
  await user.click(screen.getByRole('checkbox', { name: /I agree to the privacy policy/ }));
}

export const submitButton = () => screen.getByRole('button', { name: /Join the waitlist|Submitting\.\.\./ });
export const toastRegion = () => screen.getByRole('status');

/** Lets pending promises (fetch, json) settle without moving the fake clock. */
export async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

/**
 * Fake timers only around the submit in the timing tests: user-event and Testing Library wait on real timers,
 * so the form is filled with real timers, then the clock is frozen and the submit is a synchronous click.
 */
export function submitWithFakeClock() {
  vi.useFakeTimers();
  fireEvent.click(submitButton());
}

/**
 * fetch as these tests see it: the proof-of-work challenge (fetched when the form is first touched) answers 404, as
 * an API without one does (the sign-up then goes without a solution); every other request goes to `mock`.
 */
export const withoutChallenge =
  (mock: (...args: FetchArgs) => Promise<Response>) =>
  (...args: FetchArgs): Promise<Response> =>
    String(args[0]).endsWith(CHALLENGE_PATH) ? Promise.resolve(new Response('', { status: 404 })) : mock(...args);

/** Call at the top of a test file: a fresh fetch stub per test, real timers and globals after it. */
export function stubFetchForEachTest() {
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', withoutChallenge(fetchMock));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
}

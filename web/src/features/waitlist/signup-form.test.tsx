import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  DUPLICATE_EMAIL_MESSAGE,
  HONEYPOT_FIELD,
  IDEMPOTENCY_HEADER,
  ROLE_OPTIONS,
  SIGNUPS_PATH,
  checkViolationMessage,
  CHECK_CONSTRAINTS,
  FORM_TOKEN_FIELD,
  FORM_TOKEN_PLACEHOLDER,
} from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { ToastProvider, TOAST_DURATION_MS } from '../../components/ui/toast';
import { siteCopy } from '../../config/site';
import SignupForm from './signup-form';

const { otherOutcomePlaceholder: OTHER_OUTCOME_PLACEHOLDER, toasts: TOASTS, validation: VALIDATION_MESSAGES } = CATALOGUE.en.form;

type FetchArgs = [string, RequestInit];

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>();

function setup() {
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <SignupForm action="/#signup-form" privacyHref="/privacy" locale="en" copy={siteCopy('en').signup} />
    </ToastProvider>,
  );
  return { user, form: screen.getByRole('form', { name: 'Sign-up to the waitlist' }) };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>, email = 'Ada@Example.com ') {
  const input = screen.getByRole('textbox', { name: 'Work e-mail' });
  // user-event remembers what it typed and does not see form.reset(); clearing first makes it start from the DOM.
  await user.clear(input);
  await user.type(input, email);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Your role' }), ROLE_OPTIONS[1]);
  await user.selectOptions(screen.getByRole('combobox', { name: 'Company size' }), COMPANY_SIZE_OPTIONS[5]);
  await user.click(screen.getByRole('checkbox', { name: DESIRED_OUTCOME_OPTIONS[0] }));
  await user.click(screen.getByRole('checkbox', { name: /I agree to the privacy policy/ }));
}

const submitButton = () => screen.getByRole('button', { name: /Join the waitlist|Submitting\.\.\./ });
const toastRegion = () => screen.getByRole('status');

/** Lets pending promises (fetch, json) settle without moving the fake clock. */
async function flush() {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}

/**
 * Fake timers only around the submit in the timing tests: user-event and Testing Library wait on real timers,
 * so the form is filled with real timers, then the clock is frozen and the submit is a synchronous click.
 */
function submitWithFakeClock() {
  vi.useFakeTimers();
  fireEvent.click(submitButton());
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SignupForm fields', () => {
  it('is a real form that posts its fields to the page without script', () => {
    const { form } = setup();
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/#signup-form');
    const names = [...(form as HTMLFormElement).elements].map((el) => (el as HTMLInputElement).name).filter(Boolean);
    expect(new Set(names)).toEqual(
      new Set([
        'email',
        'role',
        'companySize',
        'desiredOutcomes',
        'otherOutcome',
        'privacyConsent',
        HONEYPOT_FIELD,
        FORM_TOKEN_FIELD,
        'attribution',
      ]),
    );
    expect(form.querySelector(`input[name="${FORM_TOKEN_FIELD}"]`)).toHaveValue(FORM_TOKEN_PLACEHOLDER);
  });

  it('labels every control visibly and lists the contract options', () => {
    setup();
    expect(screen.getByLabelText('Work e-mail')).toBeInTheDocument();
    const role = screen.getByRole('combobox', { name: 'Your role' });
    expect(
      within(role)
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual([...ROLE_OPTIONS]);
    const size = screen.getByRole('combobox', { name: 'Company size' });
    expect(
      within(size)
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent),
    ).toEqual([...COMPANY_SIZE_OPTIONS]);
    const group = screen.getByRole('group', { name: 'Desired outcomes' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).value),
    ).toEqual([...DESIRED_OUTCOME_OPTIONS]);
    const privacy = screen.getByRole('link', { name: /privacy policy/ });
    expect(privacy).toHaveAttribute('href', '/privacy');
    expect(privacy).toHaveAttribute('target', '_blank');
  });

  it('reveals the Other field when Other is checked, and hides and clears it when unchecked', async () => {
    const { user } = setup();
    expect(screen.getByPlaceholderText(OTHER_OUTCOME_PLACEHOLDER)).not.toBeVisible();
    const other = screen.getByRole('checkbox', { name: 'Other' });
    await user.click(other);
    const text = screen.getByRole('textbox', { name: 'Other desired outcome' });
    expect(text).toHaveAttribute('placeholder', OTHER_OUTCOME_PLACEHOLDER);
    await user.type(text, 'Portfolio reviews');
    await user.click(other);
    expect(screen.queryByRole('textbox', { name: 'Other desired outcome' })).not.toBeInTheDocument();
    expect(screen.getByPlaceholderText(OTHER_OUTCOME_PLACEHOLDER)).not.toBeVisible();
    await user.click(other);
    expect(screen.getByRole('textbox', { name: 'Other desired outcome' })).toHaveValue('');
  });
});

describe('SignupForm validation', () => {
  it('shows every validation message beside its field, marks fields invalid and focuses the first', async () => {
    const { user } = setup();
    await user.click(submitButton());
    const email = screen.getByRole('textbox', { name: 'Work e-mail' });
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(VALIDATION_MESSAGES.email);
    expect(email).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Your role' })).toHaveAccessibleDescription(VALIDATION_MESSAGES.role);
    expect(screen.getByRole('combobox', { name: 'Company size' })).toHaveAccessibleDescription(VALIDATION_MESSAGES.companySize);
    expect(screen.getByRole('group', { name: 'Desired outcomes' })).toHaveAccessibleDescription(
      `Select all that apply. ${VALIDATION_MESSAGES.desiredOutcomes}`,
    );
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toHaveAccessibleDescription(VALIDATION_MESSAGES.privacyConsent);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([['not-an-email'], ['a@b'], ['two words@example.com']])('rejects the e-mail %j', async (value) => {
    const { user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), value);
    await user.click(submitButton());
    expect(screen.getByText(VALIDATION_MESSAGES.email)).toBeInTheDocument();
  });

  it('clears each message as soon as its field is fixed, and focuses the next invalid field on submit', async () => {
    const { user } = setup();
    await user.click(submitButton());
    await user.type(screen.getByRole('textbox', { name: 'Work e-mail' }), 'ada@example.com');
    expect(screen.queryByText(VALIDATION_MESSAGES.email)).not.toBeInTheDocument();
    await user.click(submitButton());
    expect(screen.getByRole('combobox', { name: 'Your role' })).toHaveFocus();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Your role' }), ROLE_OPTIONS[0]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Company size' }), COMPANY_SIZE_OPTIONS[0]);
    await user.click(submitButton());
    expect(screen.getByRole('checkbox', { name: DESIRED_OUTCOME_OPTIONS[0] })).toHaveFocus();
    expect(screen.getByText(VALIDATION_MESSAGES.desiredOutcomes)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Reuse insights' }));
    expect(screen.queryByText(VALIDATION_MESSAGES.desiredOutcomes)).not.toBeInTheDocument();
    await user.click(submitButton());
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toHaveFocus();
    expect(screen.getByText(VALIDATION_MESSAGES.privacyConsent)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('SignupForm submission', () => {
  it('posts the contract body with the API headers, shows Submitting..., then the success toast and resets', async () => {
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    const { user } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    await user.type(screen.getByRole('textbox', { name: 'Other desired outcome' }), '  Board reporting ');
    await user.click(submitButton());

    expect(submitButton()).toHaveTextContent('Submitting...');
    expect(submitButton()).toBeDisabled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(SIGNUPS_PATH);
    expect(init.method).toBe('POST');
    const headers = init.headers as Record<string, string>;
    expect(headers.apikey).toBe('dev-public-key');
    expect(headers.Authorization).toBe('Bearer dev-public-key');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Prefer).toBe('return=minimal');
    expect(headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(JSON.parse(init.body as string)).toEqual({
      email: 'ada@example.com',
      role: ROLE_OPTIONS[1],
      company_size: COMPANY_SIZE_OPTIONS[5],
      desired_outcomes: [DESIRED_OUTCOME_OPTIONS[0], 'Other'],
      other_outcome: 'Board reporting',
      landing_path: '/',
      locale: 'en',
    });

    await act(async () => resolve(jsonResponse(201, undefined)));
    await flush();
    expect(within(toastRegion()).getByText(TOASTS.success.title)).toBeInTheDocument();
    expect(within(toastRegion()).getByText(TOASTS.success.description)).toBeInTheDocument();
    expect(submitButton()).toHaveTextContent('Join the waitlist');
    expect(submitButton()).toBeEnabled();
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Your role' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Company size' })).toHaveValue('');
    for (const box of screen.getAllByRole('checkbox')) expect(box).not.toBeChecked();
    expect(screen.queryByRole('textbox', { name: 'Other desired outcome' })).not.toBeInTheDocument();
  });

  it('sends the honeypot field only when it is filled', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, undefined));
    const { user, form } = setup();
    await fillValid(user);
    await user.click(submitButton());
    await flush();
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).not.toHaveProperty(HONEYPOT_FIELD);

    await fillValid(user);
    const honeypot = form.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    await user.type(honeypot, 'http://spam.example');
    await user.click(submitButton());
    await flush();
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string)[HONEYPOT_FIELD]).toBe('http://spam.example');
  });

  const catalogue: Array<[string, Response, string, string]> = [
    [
      '409 23505 on the e-mail key',
      jsonResponse(409, { code: '23505', message: DUPLICATE_EMAIL_MESSAGE, details: null, hint: null }),
      TOASTS.alreadyRegistered.title,
      TOASTS.alreadyRegistered.description,
    ],
    [
      '400 23514 check violation',
      jsonResponse(400, {
        code: '23514',
        message: checkViolationMessage(CHECK_CONSTRAINTS.role),
        details: null,
        hint: null,
      }),
      TOASTS.invalidData.title,
      TOASTS.invalidData.description,
    ],
    [
      '429 with a message',
      jsonResponse(429, { code: 'PGRST429', message: 'Too many sign-ups. Try again in a minute.', details: null, hint: null }),
      TOASTS.error.title,
      'Too many sign-ups. Try again in a minute.',
    ],
    [
      '23505 on another constraint',
      jsonResponse(409, {
        code: '23505',
        message: 'duplicate key value violates unique constraint "other_key"',
        details: null,
        hint: null,
      }),
      TOASTS.error.title,
      'duplicate key value violates unique constraint "other_key"',
    ],
    [
      '500 without a message',
      jsonResponse(500, { code: 'PGRST500', message: '', details: null, hint: null }),
      TOASTS.error.title,
      TOASTS.error.fallbackDescription,
    ],
    ['400 that is not JSON', new Response('<html>bad</html>', { status: 400 }), TOASTS.error.title, TOASTS.error.fallbackDescription],
  ];

  it.each(catalogue)('maps %s to its toast and keeps the form', async (_name, response, title, description) => {
    fetchMock.mockResolvedValueOnce(response);
    const { user } = setup();
    await fillValid(user);
    await user.click(submitButton());
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(within(toastRegion()).getByText(title)).toBeInTheDocument();
    expect(within(toastRegion()).getByText(description)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue('Ada@Example.com');
    expect(screen.getByRole('checkbox', { name: /I agree/ })).toBeChecked();
    expect(submitButton()).toBeEnabled();
  });
});

/** Fills and submits the form, then lets the clock run through the form's three retries (1, 2 and 4 s). */
async function submitThroughAllRetries() {
  const { user } = setup();
  await fillValid(user);
  submitWithFakeClock();
  for (const ms of [1000, 2000, 4000]) {
    await flush();
    await act(async () => vi.advanceTimersByTime(ms));
  }
  await flush();
}

describe('SignupForm retries', () => {
  it('retries a network failure and 502/503/504 after 1 s, 2 s and 4 s with the same Idempotency-Key', async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(jsonResponse(502, { code: 'PGRST000', message: 'Bad gateway', details: null, hint: null }))
      .mockResolvedValueOnce(jsonResponse(503, { code: 'PGRST000', message: 'Database unavailable', details: null, hint: null }))
      .mockResolvedValueOnce(jsonResponse(201, undefined));
    const { user } = setup();
    await fillValid(user);
    submitWithFakeClock();
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => vi.advanceTimersByTime(999));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await act(async () => vi.advanceTimersByTime(1999));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await act(async () => vi.advanceTimersByTime(1));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(submitButton()).toHaveTextContent('Submitting...');

    await act(async () => vi.advanceTimersByTime(4000));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    const keys = fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>)[IDEMPOTENCY_HEADER]);
    expect(new Set(keys).size).toBe(1);
    expect(within(toastRegion()).getByText(TOASTS.success.title)).toBeInTheDocument();
  });

  it('shows the error toast with the last message after the third retry fails', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(503, { code: 'PGRST000', message: 'The database is temporarily unavailable.', details: null, hint: null }),
    );
    await submitThroughAllRetries();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(within(toastRegion()).getByText(TOASTS.error.title)).toBeInTheDocument();
    expect(within(toastRegion()).getByText('The database is temporarily unavailable.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Work e-mail' })).toHaveValue('Ada@Example.com');
  });

  it('shows the fallback error after four network failures, and a fresh key for the next submission', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await submitThroughAllRetries();
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(within(toastRegion()).getByText(TOASTS.error.fallbackDescription)).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(jsonResponse(201, undefined));
    fireEvent.click(submitButton());
    await flush();
    const keys = fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>)[IDEMPOTENCY_HEADER]);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('does not retry a 400, 409 or 429', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { code: 'PGRST429', message: 'Slow down', details: null, hint: null }));
    const { user } = setup();
    await fillValid(user);
    submitWithFakeClock();
    await flush();
    await act(async () => vi.advanceTimersByTime(10_000));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('Toasts', () => {
  it('shows at most three toasts and removes each after 4000 ms', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { code: 'X1', message: 'first', details: null, hint: null }));
    const { user } = setup();
    await fillValid(user);
    vi.useFakeTimers();
    for (const message of ['first', 'second', 'third', 'fourth']) {
      fetchMock.mockResolvedValueOnce(jsonResponse(400, { code: 'X1', message, details: null, hint: null }));
      fireEvent.click(submitButton());
      await flush();
    }
    const items = within(toastRegion()).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(toastRegion()).queryByText('first')).not.toBeInTheDocument();
    expect(within(toastRegion()).getByText('fourth')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(TOAST_DURATION_MS + 10));
    expect(within(toastRegion()).queryAllByRole('listitem')).toHaveLength(0);
  });
});

describe('SignupForm work-address hint', () => {
  it('suggests a work address for a consumer provider, politely and without blocking, and drops the hint for a company address', async () => {
    const { user } = setup();
    const email = screen.getByRole('textbox', { name: 'Work e-mail' });
    await user.type(email, 'ada@Hotmail.se');
    const hint = screen.getByText(/looks like a personal address/);
    expect(hint).toHaveAttribute('aria-live', 'polite');
    expect(email).toHaveAccessibleDescription(/looks like a personal address/);
    await user.clear(email);
    await user.type(email, 'ada@ericsson.com');
    expect(screen.queryByText(/looks like a personal address/)).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});

describe('SignupForm in Swedish', () => {
  const sv = siteCopy('sv').signup;

  function setupSv() {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <SignupForm action="/sv#signup-form" privacyHref="/sv/privacy" locale="sv" copy={sv} />
      </ToastProvider>,
    );
    return { user };
  }

  it('shows Swedish labels and option labels while the values stay the contract English ones', () => {
    setupSv();
    const role = screen.getByRole('combobox', { name: sv.labels.role });
    const options = within(role).getAllByRole('option').slice(1) as HTMLOptionElement[];
    expect(options.map((o) => o.value)).toEqual([...ROLE_OPTIONS]);
    expect(options.map((o) => o.textContent)).toEqual(ROLE_OPTIONS.map((value) => sv.options.role[value]));
    expect(options[0]!.textContent).toBe('Innovationschef / innovationsdirektör');
    const size = screen.getByRole('combobox', { name: sv.labels.companySize });
    expect((within(size).getAllByRole('option').slice(1) as HTMLOptionElement[]).map((o) => o.value)).toEqual([...COMPANY_SIZE_OPTIONS]);
    const group = screen.getByRole('group', { name: sv.labels.desiredOutcomes });
    const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((c) => c.value)).toEqual([...DESIRED_OUTCOME_OPTIONS]);
    expect(screen.getByRole('checkbox', { name: 'Kortare tid till marknad' })).toHaveAttribute('value', 'Speed up time-to-market');
    expect(screen.getByRole('link', { name: /integritetspolicyn/ })).toHaveAttribute('href', '/sv/privacy');
    expect(screen.getByRole('button', { name: sv.labels.submit })).toBeInTheDocument();
  });

  it('says what is missing in Swedish and sends nothing', async () => {
    const { user } = setupSv();
    await user.click(screen.getByRole('button', { name: sv.labels.submit }));
    expect(await screen.findByText(sv.messages.validation.email)).toBeInTheDocument();
    expect(screen.getByText(sv.messages.validation.role)).toBeInTheDocument();
    expect(screen.getByText(sv.messages.validation.privacyConsent)).toBeInTheDocument();
    expect(screen.queryByText(VALIDATION_MESSAGES.email)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the English values with locale sv and thanks the visitor in Swedish', async () => {
    const { user } = setupSv();
    await user.type(screen.getByRole('textbox', { name: sv.labels.email }), 'karin@example.se');
    await user.selectOptions(screen.getByRole('combobox', { name: sv.labels.role }), ROLE_OPTIONS[3]);
    await user.selectOptions(screen.getByRole('combobox', { name: sv.labels.companySize }), COMPANY_SIZE_OPTIONS[4]);
    await user.click(screen.getByRole('checkbox', { name: 'Återanvända insikter' }));
    await user.click(screen.getByRole('checkbox', { name: /Jag godkänner/ }));
    fetchMock.mockResolvedValueOnce(jsonResponse(201, undefined));
    await user.click(screen.getByRole('button', { name: sv.labels.submit }));
    await flush();
    const body = JSON.parse(fetchMock.mock.calls[0]![1].body as string);
    expect(body).toMatchObject({
      email: 'karin@example.se',
      role: ROLE_OPTIONS[3],
      company_size: COMPANY_SIZE_OPTIONS[4],
      desired_outcomes: ['Reuse insights'],
      locale: 'sv',
    });
    expect(await within(toastRegion()).findByText(sv.messages.toasts.success.title)).toBeInTheDocument();
  });

  it('shows the Swedish duplicate toast, not the server English message', async () => {
    const { user } = setupSv();
    await user.type(screen.getByRole('textbox', { name: sv.labels.email }), 'karin@example.se');
    await user.selectOptions(screen.getByRole('combobox', { name: sv.labels.role }), ROLE_OPTIONS[3]);
    await user.selectOptions(screen.getByRole('combobox', { name: sv.labels.companySize }), COMPANY_SIZE_OPTIONS[4]);
    await user.click(screen.getByRole('checkbox', { name: 'Återanvända insikter' }));
    await user.click(screen.getByRole('checkbox', { name: /Jag godkänner/ }));
    fetchMock.mockResolvedValueOnce(jsonResponse(409, { code: '23505', message: DUPLICATE_EMAIL_MESSAGE, details: null, hint: null }));
    await user.click(screen.getByRole('button', { name: sv.labels.submit }));
    await flush();
    expect(await within(toastRegion()).findByText(sv.messages.toasts.alreadyRegistered.title)).toBeInTheDocument();
    expect(within(toastRegion()).queryByText(DUPLICATE_EMAIL_MESSAGE)).toBeNull();
  });
});

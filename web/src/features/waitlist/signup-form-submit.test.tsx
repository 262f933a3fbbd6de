import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
} from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { TOAST_DURATION_MS } from '../../components/ui/toast';
import {
  fetchMock,
  fillValid,
  flush,
  jsonResponse,
  setup,
  submitButton,
  submitWithFakeClock,
  toastRegion,
  stubFetchForEachTest,
} from '../../test/signup-form';

const { toasts: TOASTS } = CATALOGUE.en.form;

stubFetchForEachTest();

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

import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS } from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { SignupIsland } from '../features/waitlist/signup-island';
import { INITIAL_SIGNUP_FORM_STATE, type SignupFormState } from '../features/waitlist/form-state';
import { SIGNUP_ISLAND_PROPS_ATTRIBUTE } from '../features/waitlist/island-marker';
import { PerResponseFields } from '../features/waitlist/signup-form-fields';
import { siteCopy } from '../config/site';
import { IslandErrorBoundary, hydrateSignupForm } from './signup-form';
import { withoutChallenge } from '../test/signup-form';

const { toasts: TOASTS, unexpectedErrorTitle: UNEXPECTED_ERROR_TITLE, validation: VALIDATION_MESSAGES } = CATALOGUE.en.form;

const en = siteCopy('en');
const islandProps = { locale: 'en' as const, privacyHref: '/privacy', copy: en.signup, errorCopy: en.error, homeHref: '/' };

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', withoutChallenge(fetchMock));
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** The island's HTML as the page ships it (server render), in a container of the document. */
function serverRendered(state: SignupFormState = INITIAL_SIGNUP_FORM_STATE): HTMLElement {
  const container = document.createElement('div');
  container.setAttribute(SIGNUP_ISLAND_PROPS_ATTRIBUTE, JSON.stringify(islandProps));
  container.innerHTML = renderToString(<SignupIsland action="/about#signup-form" state={state} {...islandProps} />);
  document.body.append(container);
  // The form's per-response fields stand last in the page, outside the island (site-page.tsx).
  document.body.insertAdjacentHTML('beforeend', renderToString(<PerResponseFields values={state.values} />));
  return container;
}

const field = (name: string) => document.querySelector<HTMLInputElement & HTMLSelectElement>(`[name="${name}"]`)!;
const outcomeBox = (value: string) => document.querySelector<HTMLInputElement>(`input[name="desiredOutcomes"][value="${value}"]`)!;

describe('the sign-up island taking over the page', () => {
  it('keeps everything the visitor entered before it loaded, submits exactly that, then empties the form', async () => {
    const container = serverRendered({
      ...INITIAL_SIGNUP_FORM_STATE,
      values: { ...INITIAL_SIGNUP_FORM_STATE.values, formToken: 'token-from-server' },
    });
    // What a person (or autofill) does before the island's script arrives: plain DOM edits.
    field('email').value = 'early.bird@example.com';
    field('role').value = ROLE_OPTIONS[2];
    field('companySize').value = COMPANY_SIZE_OPTIONS[1];
    outcomeBox(DESIRED_OUTCOME_OPTIONS[4]).checked = true;
    outcomeBox('Other').checked = true;
    field('otherOutcome').value = 'Board reports';
    field('privacyConsent').checked = true;

    await act(async () => hydrateSignupForm(container));

    expect(field('email').value).toBe('early.bird@example.com');
    expect(field('role').value).toBe(ROLE_OPTIONS[2]);
    expect(field('companySize').value).toBe(COMPANY_SIZE_OPTIONS[1]);
    expect(outcomeBox(DESIRED_OUTCOME_OPTIONS[4]).checked).toBe(true);
    expect(outcomeBox('Other').checked).toBe(true);
    expect(field('otherOutcome').value).toBe('Board reports');
    expect(field('otherOutcome')).toBeVisible();
    expect(field('privacyConsent').checked).toBe(true);
    expect(field('formToken').value).toBe('token-from-server');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 201 }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Join the waitlist' })));
    expect(JSON.parse(fetchMock.mock.calls[0]![1].body as string)).toEqual({
      email: 'early.bird@example.com',
      role: ROLE_OPTIONS[2],
      company_size: COMPANY_SIZE_OPTIONS[1],
      desired_outcomes: [DESIRED_OUTCOME_OPTIONS[4], 'Other'],
      other_outcome: 'Board reports',
      // The page's own address, as the server would have written it into the form: the path it was on.
      landing_path: '/',
      locale: 'en',
    });
    await screen.findByText(TOASTS.success.title);
    expect(field('email').value).toBe('');
    expect(field('role').value).toBe('');
    expect(field('companySize').value).toBe('');
    for (const box of document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) expect(box.checked).toBe(false);
    expect(field('otherOutcome').value).toBe('');
    expect(field('otherOutcome')).not.toBeVisible();
    expect(field('formToken').value).toBe('token-from-server');
  });

  it('clears "Other" text that was left after unticking Other before it loaded', async () => {
    const container = serverRendered();
    outcomeBox('Other').checked = true;
    field('otherOutcome').value = 'typed, then Other unticked';
    outcomeBox('Other').checked = false;
    await act(async () => hydrateSignupForm(container));
    expect(field('otherOutcome').value).toBe('');
    expect(field('otherOutcome')).not.toBeVisible();
  });

  it("keeps the server's messages and the visitor's values of a form the server answered", async () => {
    const state: SignupFormState = {
      values: { ...INITIAL_SIGNUP_FORM_STATE.values, email: 'not-an-email', role: ROLE_OPTIONS[0] },
      errors: { email: VALIDATION_MESSAGES.email, companySize: VALIDATION_MESSAGES.companySize },
    };
    const container = serverRendered(state);
    await act(async () => hydrateSignupForm(container));
    const email = screen.getByRole('textbox', { name: 'Work e-mail' });
    expect(email).toHaveValue('not-an-email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(VALIDATION_MESSAGES.email);
    expect(screen.getByRole('combobox', { name: 'Your role' })).toHaveValue(ROLE_OPTIONS[0]);
    expect(screen.getByRole('combobox', { name: 'Company size' })).toHaveAccessibleDescription(VALIDATION_MESSAGES.companySize);
    // Fixing a field clears its message while the visitor edits.
    fireEvent.change(screen.getByRole('combobox', { name: 'Company size' }), { target: { value: COMPANY_SIZE_OPTIONS[0] } });
    expect(screen.queryByText(VALIDATION_MESSAGES.companySize)).not.toBeInTheDocument();
  });

  it('offers only the suggestion when the typed address would be refused, before and after it takes over', async () => {
    const state: SignupFormState = {
      ...INITIAL_SIGNUP_FORM_STATE,
      values: { ...INITIAL_SIGNUP_FORM_STATE.values, email: 'ada@gmial.com' },
      suggestion: { address: 'ada@gmail.com', typed: 'ada@gmial.com', keep: false },
    };
    const container = serverRendered(state);
    const buttons = () => screen.queryAllByRole('button').map((b) => b.textContent);
    expect(buttons()).toContain('Yes, use ada@gmail.com');
    expect(buttons()).not.toContain('No, keep ada@gmial.com');
    await act(async () => hydrateSignupForm(container));
    expect(buttons()).toContain('Yes, use ada@gmail.com');
    expect(buttons()).not.toContain('No, keep ada@gmial.com');
  });
});

describe('an island that throws', () => {
  it('shows Unexpected Application Error! with the message in its place', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = () => {
      throw new Error('The island exploded');
    };
    render(
      <IslandErrorBoundary words={islandProps}>
        <Broken />
      </IslandErrorBoundary>,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByRole('heading', { name: UNEXPECTED_ERROR_TITLE })).toBeInTheDocument();
    expect(within(alert).getByText('The island exploded')).toBeInTheDocument();
    error.mockRestore();
  });
});

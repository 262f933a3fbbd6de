import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  DUPLICATE_EMAIL_MESSAGE,
  HONEYPOT_FIELD,
  ROLE_OPTIONS,
  FORM_TOKEN_FIELD,
  FORM_TOKEN_PLACEHOLDER,
} from '@waitlist/contract';
import { CATALOGUE } from '@waitlist/catalogue';
import { ToastProvider } from '../../components/ui/toast';
import { siteCopy } from '../../config/site';
import SignupForm from './signup-form';
import { fetchMock, flush, jsonResponse, setup, submitButton, toastRegion, stubFetchForEachTest } from '../../test/signup-form';

const { otherOutcomePlaceholder: OTHER_OUTCOME_PLACEHOLDER, validation: VALIDATION_MESSAGES } = CATALOGUE.en.form;

stubFetchForEachTest();

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
    // The per-response fields post with the form, from outside it (the server appends them to a page compressed once).
    const token = (form as HTMLFormElement).elements.namedItem(FORM_TOKEN_FIELD) as HTMLInputElement;
    expect(token).toHaveValue(FORM_TOKEN_PLACEHOLDER);
    expect(form.contains(token)).toBe(false);
    expect(new FormData(form as HTMLFormElement).get(FORM_TOKEN_FIELD)).toBe(FORM_TOKEN_PLACEHOLDER);
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

import { ATTRIBUTION_PLACEHOLDER } from '@waitlist/contract/attribution';
import {
  EMPTY_SIGNUP_FORM_VALUES,
  FORM_TOKEN_PLACEHOLDER,
  SIGNUP_ERROR_FIELDS,
  signupFormValuesFromEntries,
  type SignupErrorField,
  type SignupFieldErrors,
  type SignupFormAnswer,
  type SignupFormValues,
} from '@waitlist/contract/form-post';
import { emailDomainRefusalOf, type ApiError } from '@waitlist/contract/errors';
import { partnerCodeProblemOf } from '@waitlist/contract/partner-codes';
import type { SiteCopy } from '../../config/site';
import { signupToast } from './signup-toast';

/** A message above the form: the server's answer to a post that stored nothing (worded like the toasts). */
export interface SignupFormNotice {
  title: string;
  description: string;
}

/** What the form shows: the values in its fields, the message beside each invalid one, and a notice. */
export interface SignupFormState {
  values: SignupFormValues;
  errors: SignupFieldErrors;
  notice?: SignupFormNotice | null;
  /** "Did you mean …?": the corrected address and what was typed. */
  /** `keep: false`: the typed address would be refused, so only the suggestion is offered. */
  suggestion?: { address: string; typed: string; keep?: boolean } | null;
}

/** The words of the form in the page's language: labels, option labels, messages and toasts. */
export type SignupCopy = SiteCopy['signup'];

/** The message beside each invalid field (the contract names the fields; the catalogue words them) in the page's language. */
export function fieldErrors(invalid: readonly SignupErrorField[], messages: SignupCopy['messages']): SignupFieldErrors {
  return Object.fromEntries(invalid.map((field) => [field, messages.validation[field]]));
}

/**
 * The message beside a field for a server answer that refused one field rather than the whole sign-up (an
 * address on a refused domain), or null when the answer is for a toast or a notice.
 */
export function serverFieldErrors(error: ApiError | null | undefined, messages: SignupCopy['messages']): SignupFieldErrors | null {
  const codeProblem = partnerCodeProblemOf(error);
  if (codeProblem) {
    const words = {
      unknown: messages.validation.partnerCodeUnknown,
      expired: messages.validation.partnerCodeExpired,
      full: messages.validation.partnerCodeFull,
      withdrawn: messages.validation.partnerCodeWithdrawn,
    };
    return { partnerCode: words[codeProblem] };
  }
  const refusal = emailDomainRefusalOf(error);
  if (!refusal) return null;
  const words = {
    disposable: messages.validation.emailDisposable,
    blocked: messages.validation.emailBlocked,
    undeliverable: messages.validation.emailUndeliverable,
  };
  return { email: words[refusal] };
}

/** The page's form for the server's answer to a post. */
export function formStateFromAnswer(answer: SignupFormAnswer, copy: SignupCopy): SignupFormState {
  const besideField = serverFieldErrors(answer.error, copy.messages);
  const toast = answer.error && !besideField ? signupToast({ ok: false, status: null, error: answer.error }, copy.messages) : null;
  return {
    values: answer.values,
    errors: { ...fieldErrors(answer.invalid, copy.messages), ...besideField },
    notice: toast ? { title: toast.title, description: toast.description ?? '' } : null,
    suggestion: answer.suggestion ? { address: answer.suggestion, typed: answer.values.email, keep: !answer.suggestionOnly } : null,
  };
}

/** A fresh form; the server swaps the token placeholder for a real token in each response. */
export const INITIAL_SIGNUP_FORM_STATE: SignupFormState = {
  values: { ...EMPTY_SIGNUP_FORM_VALUES, formToken: FORM_TOKEN_PLACEHOLDER, attribution: ATTRIBUTION_PLACEHOLDER },
  errors: {},
};

/** Element ids of the form's parts. One form per page, so fixed ids (the same in the page and in the island). */
export const signupFormIds = {
  /** The <form> itself: its per-response fields name it from the end of the page (PerResponseFields). */
  form: 'signup-form-element',
  title: 'signup-title',
  partnerCode: 'signup-partner-code',
  partnerCodeHint: 'signup-partner-code-hint',
  email: 'signup-email',
  emailHint: 'signup-email-hint',
  emailSuggestion: 'signup-email-suggestion',
  role: 'signup-role',
  companySize: 'signup-company-size',
  outcomes: 'signup-outcomes',
  outcomesHint: 'signup-outcomes-hint',
  other: 'signup-other',
  consent: 'signup-consent',
  website: 'signup-website',
  notice: 'signup-notice',
  error: (field: SignupErrorField) => `signup-${field}-error`,
};

/**
 * What the rendered form holds right now: the visitor's typing, picks and ticks (or a browser's autofill) from
 * before the island started, and the messages and notice the server rendered. The island starts from exactly this, so
 * taking over resets nothing.
 */
export function readSignupFormState(form: HTMLFormElement): SignupFormState {
  const errors: SignupFieldErrors = {};
  for (const field of SIGNUP_ERROR_FIELDS) {
    const message = form.ownerDocument.getElementById(signupFormIds.error(field))?.textContent;
    if (message) errors[field] = message;
  }
  const notice = form.ownerDocument.getElementById(signupFormIds.notice);
  const asked = form.ownerDocument.getElementById(signupFormIds.emailSuggestion)?.dataset;
  return {
    values: signupFormValuesFromEntries(new FormData(form)),
    errors,
    notice: notice
      ? {
          title: notice.querySelector('.form-notice-title')?.textContent ?? '',
          description: notice.querySelector('.form-notice-text')?.textContent ?? '',
        }
      : null,
    suggestion: asked?.address ? { address: asked.address, typed: asked.typed ?? '', keep: asked.keep !== 'false' } : null,
  };
}

import { useEffect, useReducer, useRef, type FormEvent } from 'react';
import { OTHER_OUTCOME } from '@waitlist/contract/options';
import { toSignupBody } from '@waitlist/contract/schemas';
import {
  ATTRIBUTION_PLACEHOLDER,
  COMMON_FREE_MAIL_DOMAINS,
  attributionOf,
  decodeAttribution,
  type Attribution,
} from '@waitlist/contract/attribution';
import { hasOtherOutcome } from '@waitlist/contract/outcomes';
import {
  EMPTY_SIGNUP_FORM_VALUES,
  SIGNUP_ERROR_FIELDS,
  signupFormValuesFromEntries,
  validateSignupForm,
  type SignupErrorField,
  type SignupFieldErrors,
  type SignupFormValues,
} from '@waitlist/contract/form-post';
import type { SiteLocale } from '@waitlist/contract/locales';
import { useToast } from '../../components/ui/toast';
import { submitSignup } from './api';
import { fieldErrors, type SignupCopy, type SignupFormNotice, type SignupFormState } from './form-state';
import { signupToast } from './signup-toast';

/** What the server wrote into the page; if the page came from a cache that did not fill it, the page's own URL. */
function pageAttribution(field: string): Attribution {
  if (field && field !== ATTRIBUTION_PLACEHOLDER) return decodeAttribution(field);
  return typeof window === 'undefined' ? {} : attributionOf(new URL(window.location.href), document.referrer);
}

const FREE_MAIL = new Set<string>(COMMON_FREE_MAIL_DOMAINS);
/** A consumer provider's address (the server knows a longer list; this one is for the gentle hint). */
const isFreeMail = (email: string) => FREE_MAIL.has(email.trim().toLowerCase().split('@')[1] ?? '');

/** What the form shows besides what the visitor typed (the DOM holds that: the fields are uncontrolled). */
interface View {
  /** What `form.reset()` returns to: the state the island started from, empty after a successful sign-up. */
  defaults: SignupFormValues;
  errors: SignupFieldErrors;
  /** The server's answer to the last post (duplicate, outage…); the next submit replaces it with a toast. */
  notice: SignupFormNotice | null;
  /** Messages are shown (and kept up to date while the visitor edits) once a submit was tried. */
  attempted: boolean;
  submitting: boolean;
  hasOther: boolean;
  freeMail: boolean;
  /** A field to focus (the first invalid one); a new object each time, so the same field is focused again. */
  focus: { field: SignupErrorField } | null;
  /** Counts successful sign-ups: each one empties the fields once React has written the empty defaults. */
  resets: number;
}

type Action =
  | { type: 'edited'; errors?: SignupFieldErrors; freeMail?: boolean; hasOther?: boolean }
  | { type: 'refused'; errors: SignupFieldErrors; focus: SignupErrorField | undefined }
  | { type: 'sending' }
  | { type: 'answered'; ok: boolean };

function reduce(view: View, action: Action): View {
  switch (action.type) {
    case 'edited':
      return {
        ...view,
        ...(action.errors && view.attempted ? { errors: action.errors } : {}),
        ...(action.freeMail === undefined ? {} : { freeMail: action.freeMail }),
        ...(action.hasOther === undefined ? {} : { hasOther: action.hasOther }),
      };
    case 'refused':
      return { ...view, notice: null, attempted: true, errors: action.errors, focus: action.focus ? { field: action.focus } : view.focus };
    case 'sending':
      return { ...view, notice: null, attempted: true, errors: {}, submitting: true };
    case 'answered':
      if (!action.ok) return { ...view, submitting: false };
      return {
        ...view,
        submitting: false,
        defaults: { ...EMPTY_SIGNUP_FORM_VALUES, formToken: view.defaults.formToken, attribution: view.defaults.attribution },
        hasOther: false,
        freeMail: false,
        attempted: false,
        resets: view.resets + 1,
      };
  }
}

const initialView = (state: SignupFormState): View => ({
  defaults: state.values,
  errors: state.errors,
  notice: state.notice ?? null,
  attempted: Object.keys(state.errors).length > 0,
  submitting: false,
  hasOther: hasOtherOutcome(state.values.desiredOutcomes),
  freeMail: isFreeMail(state.values.email),
  focus: null,
  resets: 0,
});

/**
 * The sign-up form's behaviour with script: validation with the contract as the visitor edits (once a submit was
 * tried), the first invalid field focused, the sign-up sent with fetch, a toast, and an emptied form after success.
 */
export function useSignupForm({ state, locale, copy }: { state: SignupFormState; locale: SiteLocale; copy: SignupCopy }) {
  const { messages } = copy;
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [view, dispatch] = useReducer(reduce, state, initialView);

  const otherInput = () => formRef.current?.elements.namedItem('otherOutcome') as HTMLInputElement | null;
  const currentValues = () => signupFormValuesFromEntries(new FormData(formRef.current!));
  const validate = (values: SignupFormValues) => {
    const result = validateSignupForm(values);
    return result.invalid ? { data: null, errors: fieldErrors(result.invalid, messages) } : { data: result.data, errors: null };
  };

  useEffect(() => {
    const other = otherInput();
    // Text left in "Other" after it was unticked (before the island ran) is not part of the sign-up.
    if (other && !view.hasOther) other.value = '';
    // Hydration keeps the page's attributes as they were; `hidden` must follow a box ticked before the island ran.
    if (other?.parentElement) other.parentElement.hidden = !view.hasOther;
    // Only on start: later unticks clear the text in onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (view.focus) formRef.current?.querySelector<HTMLElement>(`[data-field="${view.focus.field}"]`)?.focus();
  }, [view.focus]);

  useEffect(() => {
    // Runs after React has written the empty defaults into the fields, so reset() empties them.
    if (view.resets > 0) formRef.current?.reset();
  }, [view.resets]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const otherToggled = target.name === 'desiredOutcomes' && target.value === OTHER_OUTCOME;
    if (otherToggled && !target.checked) {
      const other = otherInput();
      if (other) other.value = '';
    }
    dispatch({
      type: 'edited',
      errors: validate(currentValues()).errors ?? {},
      ...(target.name === 'email' ? { freeMail: isFreeMail(target.value) } : {}),
      ...(otherToggled ? { hasOther: target.checked } : {}),
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view.submitting) return;
    const values = currentValues();
    const result = validate(values);
    if (result.errors) {
      dispatch({ type: 'refused', errors: result.errors, focus: SIGNUP_ERROR_FIELDS.find((field) => result.errors[field]) });
      return;
    }
    dispatch({ type: 'sending' });
    const outcome = await submitSignup(
      { ...toSignupBody(result.data), ...pageAttribution(values.attribution), locale },
      { honeypot: values.website },
    );
    dispatch({ type: 'answered', ok: outcome.ok });
    toast(signupToast(outcome, messages));
  };

  return { formRef, view, onChange, onSubmit };
}

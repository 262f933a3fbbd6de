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
  EMAIL_CHOICE_FIELD,
  EMAIL_CHOICES,
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
import { fieldErrors, serverFieldErrors, type SignupCopy, type SignupFormNotice, type SignupFormState } from './form-state';
import { suggestEmailCorrection } from '@waitlist/contract/email-typos';
import { solveProofOfWork, withDeadline } from './proof-of-work';
import { signupToast } from './signup-toast';

/** How long a submit waits for a proof of work still being found (it usually is ready long before). */
const PROOF_WAIT_MS = 3000;

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
  /** "Did you mean …?" for the address, asked when the visitor leaves the field (or by the server). */
  suggestion: { address: string; typed: string; keep?: boolean } | null;
  /** What the server said of a field (a refused domain): kept beside it until the visitor edits that field. */
  serverErrors: SignupFieldErrors;
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
  | { type: 'edited'; field: string; errors?: SignupFieldErrors; freeMail?: boolean; hasOther?: boolean }
  | { type: 'refused'; errors: SignupFieldErrors; focus: SignupErrorField | undefined }
  | { type: 'suggested'; suggestion: { address: string; typed: string; keep?: boolean } | null }
  | { type: 'sending' }
  | { type: 'answered'; ok: boolean; errors?: SignupFieldErrors | null };

function reduce(view: View, action: Action): View {
  switch (action.type) {
    case 'edited': {
      const { [action.field as SignupErrorField]: _edited, ...serverErrors } = view.serverErrors;
      return {
        ...view,
        serverErrors,
        ...(action.errors && view.attempted ? { errors: { ...serverErrors, ...action.errors } } : {}),
        ...(action.freeMail === undefined ? {} : { freeMail: action.freeMail }),
        ...(action.hasOther === undefined ? {} : { hasOther: action.hasOther }),
      };
    }
    case 'refused':
      return {
        ...view,
        notice: null,
        attempted: true,
        errors: { ...view.serverErrors, ...action.errors },
        focus: action.focus ? { field: action.focus } : view.focus,
      };
    case 'suggested':
      return { ...view, suggestion: action.suggestion };
    case 'sending':
      return { ...view, notice: null, attempted: true, errors: {}, serverErrors: {}, suggestion: null, submitting: true };
    case 'answered':
      // A refusal of one field (an address on a refused domain) stands beside it, focused, like the form's own checks.
      if (!action.ok && action.errors) {
        const focus = SIGNUP_ERROR_FIELDS.find((field) => action.errors![field]);
        return {
          ...view,
          submitting: false,
          errors: action.errors,
          serverErrors: action.errors,
          focus: focus ? { field: focus } : view.focus,
        };
      }
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

const initialView = (state: SignupFormState, messages: SignupCopy['messages']): View => ({
  defaults: state.values,
  errors: state.errors,
  // A refused domain the server rendered (no-script answer) stays beside the address until it is edited.
  serverErrors:
    state.errors.email === messages.validation.emailDisposable ||
    state.errors.email === messages.validation.emailBlocked ||
    state.errors.email === messages.validation.emailUndeliverable
      ? { email: state.errors.email }
      : {},
  notice: state.notice ?? null,
  suggestion: state.suggestion ?? null,
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
  // The proof of work starts when the visitor first touches the form and runs while they type (one per sign-up).
  const proofOfWork = useRef<Promise<string | null> | null>(null);
  const pointerDown = useRef(false);
  useEffect(() => {
    const down = () => (pointerDown.current = true);
    const up = () => (pointerDown.current = false);
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    return () => {
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
    };
  }, []);
  useEffect(() => {
    const form = formRef.current;
    const start = () => {
      proofOfWork.current ??= solveProofOfWork();
    };
    form?.addEventListener('focusin', start);
    // A field focused before the island took over counts as touched.
    if (form?.contains(document.activeElement)) start();
    return () => form?.removeEventListener('focusin', start);
  }, []);
  const [view, dispatch] = useReducer(reduce, state, (initial) => initialView(initial, messages));

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
    // What was typed changed: an earlier "Did you mean …?" no longer applies.
    if (target.name === 'email' && view.suggestion) dispatch({ type: 'suggested', suggestion: null });
    dispatch({
      type: 'edited',
      field: target.name,
      errors: validate(currentValues()).errors ?? {},
      ...(target.name === 'email' ? { freeMail: isFreeMail(target.value) } : {}),
      ...(otherToggled ? { hasOther: target.checked } : {}),
    });
  };

  const emailInput = () => formRef.current?.elements.namedItem('email') as HTMLInputElement | null;

  /**
   * Leaving the address field: a likely typo in its domain is asked about beside it. Left with a click elsewhere in
   * the form, the question appears once that click is done, so what it pushes down never moves under the pointer.
   */
  const onEmailBlur = () => {
    const typed = emailInput()?.value.trim() ?? '';
    const address = suggestEmailCorrection(typed);
    const show = () => dispatch({ type: 'suggested', suggestion: address ? { address, typed } : null });
    if (pointerDown.current) document.addEventListener('pointerup', () => setTimeout(show, 0), { once: true });
    else show();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (view.submitting) return;
    // The answer to "Did you mean …?" (the same buttons post it without script): applied in place, nothing sent.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.name === EMAIL_CHOICE_FIELD) {
      const field = emailInput();
      if (field && view.suggestion && submitter.value === EMAIL_CHOICES.use) {
        field.value = view.suggestion.address;
        dispatch({ type: 'edited', field: 'email', errors: validate(currentValues()).errors ?? {}, freeMail: isFreeMail(field.value) });
      }
      dispatch({ type: 'suggested', suggestion: null });
      field?.focus();
      return;
    }
    const values = currentValues();
    const result = validate(values);
    if (result.errors) {
      dispatch({ type: 'refused', errors: result.errors, focus: SIGNUP_ERROR_FIELDS.find((field) => result.errors[field]) });
      return;
    }
    dispatch({ type: 'sending' });
    const solution = await withDeadline(proofOfWork.current ?? solveProofOfWork(), PROOF_WAIT_MS);
    // A solution counts once: the next sign-up from this page solves a new one.
    proofOfWork.current = null;
    const outcome = await submitSignup(
      { ...toSignupBody(result.data), ...pageAttribution(values.attribution), locale },
      { honeypot: values.website, solution },
    );
    const besideField = outcome.ok ? null : serverFieldErrors(outcome.error, messages);
    dispatch({ type: 'answered', ok: outcome.ok, errors: besideField });
    if (!besideField) toast(signupToast(outcome, messages));
  };

  return { formRef, view, onChange, onSubmit, onEmailBlur };
}

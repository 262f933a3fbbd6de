import { useEffect, useRef, useState, type FormEvent } from 'react';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, OTHER_OUTCOME, ROLE_OPTIONS } from '@waitlist/contract/options';
import { EMAIL_MAX_LENGTH, HONEYPOT_FIELD, OTHER_OUTCOME_MAX_LENGTH } from '@waitlist/contract/limits';
import { toSignupBody } from '@waitlist/contract/schemas';
import {
  ATTRIBUTION_FIELD,
  ATTRIBUTION_PLACEHOLDER,
  COMMON_FREE_MAIL_DOMAINS,
  attributionOf,
  decodeAttribution,
  type Attribution,
} from '@waitlist/contract/attribution';
import { hasOtherOutcome } from '@waitlist/contract/outcomes';
import {
  EMPTY_SIGNUP_FORM_VALUES,
  FORM_TOKEN_FIELD,
  SIGNUP_ERROR_FIELDS,
  signupFormValuesFromEntries,
  validateSignupForm,
  type SignupErrorField,
  type SignupFieldErrors,
  type SignupFormValues,
} from '@waitlist/contract/form-post';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import type { SiteLocale } from '@waitlist/contract/locales';
import { submitSignup } from './api';
import { signupToast } from './signup-toast';
import { INITIAL_SIGNUP_FORM_STATE, fieldErrors, signupFormIds as ids, type SignupCopy, type SignupFormState } from './form-state';

/** What the server wrote into the page; if the page came from a cache that did not fill it, the page's own URL. */
function pageAttribution(field: string): Attribution {
  if (field && field !== ATTRIBUTION_PLACEHOLDER) return decodeAttribution(field);
  return typeof window === 'undefined' ? {} : attributionOf(new URL(window.location.href), document.referrer);
}

/** Options in the spec's order, each with its label in the page's language (the value stays the spec's). */
const optionLabels = <T extends string>(options: readonly T[], labels: Record<T, string>): Record<string, string> =>
  Object.fromEntries(options.map((option) => [option, labels[option]]));

const FREE_MAIL = new Set<string>(COMMON_FREE_MAIL_DOMAINS);
/** A consumer provider's address (the server knows a longer list; this one is for the gentle hint). */
const isFreeMail = (email: string) => FREE_MAIL.has(email.trim().toLowerCase().split('@')[1] ?? '');

export interface SignupFormProps {
  /** Where the form posts without script (a server route that answers with a page). */
  action: string;
  /** The privacy policy's path, passed in by the page (features do not import app). */
  privacyHref: string;
  /** The values and messages to show: empty on a fresh page, the visitor's own when the server answers a post. */
  state?: SignupFormState;
  /** The page's language: the words below are in it, and the sign-up stores it (its mails come in it). */
  locale: SiteLocale;
  copy: SignupCopy;
}

/**
 * A real form first: without script it posts its fields to `action`. With script the fields stay uncontrolled
 * (the DOM holds what the visitor typed, also before the island took over); a submit reads them from FormData,
 * validates with the contract and sends them with fetch; success resets the form with `form.reset()`.
 */
export default function SignupForm({ action, privacyHref, state = INITIAL_SIGNUP_FORM_STATE, locale, copy }: SignupFormProps) {
  const { messages, options: labels } = copy;
  const validate = (values: SignupFormValues) => {
    const result = validateSignupForm(values);
    return result.invalid ? { data: null, errors: fieldErrors(result.invalid, messages) } : { data: result.data, errors: null };
  };
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  /** What `form.reset()` returns to: the state the island started from, empty after a successful sign-up. */
  const [defaults, setDefaults] = useState(state.values);
  const [errors, setErrors] = useState<SignupFieldErrors>(state.errors);
  /** The server's answer to the last post (duplicate, outage…); the next submit replaces it with a toast. */
  const [notice, setNotice] = useState(state.notice ?? null);
  /** Messages are shown (and kept up to date while the visitor edits) once a submit was tried. */
  const [attempted, setAttempted] = useState(Object.keys(state.errors).length > 0);
  const [submitting, setSubmitting] = useState(false);
  const [hasOther, setHasOther] = useState(hasOtherOutcome(state.values.desiredOutcomes));
  const [focusRequest, setFocusRequest] = useState<{ field: SignupErrorField } | null>(null);
  const [resetRequest, setResetRequest] = useState(0);
  const [freeMail, setFreeMail] = useState(isFreeMail(state.values.email));

  const otherInput = () => formRef.current?.elements.namedItem('otherOutcome') as HTMLInputElement | null;
  const currentValues = () => signupFormValuesFromEntries(new FormData(formRef.current!));

  useEffect(() => {
    const other = otherInput();
    // Text left in "Other" after it was unticked (before the island ran) is not part of the sign-up.
    if (other && !hasOther) other.value = '';
    // Hydration keeps the page's attributes as they were; `hidden` must follow a box ticked before the island ran.
    if (other?.parentElement) other.parentElement.hidden = !hasOther;
    // Only on start: later unticks clear the text in onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!focusRequest) return;
    formRef.current?.querySelector<HTMLElement>(`[data-field="${focusRequest.field}"]`)?.focus();
  }, [focusRequest]);

  useEffect(() => {
    // Runs after React has written the empty defaults into the fields, so reset() empties them.
    if (resetRequest > 0) formRef.current?.reset();
  }, [resetRequest]);

  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === 'email') setFreeMail(isFreeMail(target.value));
    if (target.name === 'desiredOutcomes' && target.value === OTHER_OUTCOME) {
      setHasOther(target.checked);
      const other = otherInput();
      if (!target.checked && other) other.value = '';
    }
    if (attempted) setErrors(validate(currentValues()).errors ?? {});
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setNotice(null);
    const values = currentValues();
    setAttempted(true);
    const result = validate(values);
    if (result.errors) {
      setErrors(result.errors);
      const first = SIGNUP_ERROR_FIELDS.find((field) => result.errors[field]);
      if (first) setFocusRequest({ field: first });
      return;
    }
    setErrors({});
    setSubmitting(true);
    const outcome = await submitSignup(
      { ...toSignupBody(result.data), ...pageAttribution(values.attribution), locale },
      { honeypot: values.website },
    );
    setSubmitting(false);
    toast(signupToast(outcome, messages));
    if (outcome.ok) {
      setDefaults({ ...EMPTY_SIGNUP_FORM_VALUES, formToken: defaults.formToken, attribution: defaults.attribution });
      setHasOther(false);
      setFreeMail(false);
      setAttempted(false);
      setResetRequest((n) => n + 1);
    }
  };

  const invalid = (field: SignupErrorField) => (errors[field] ? true : undefined);
  const describedBy = (field: SignupErrorField, ...extra: string[]) =>
    [...extra, errors[field] ? ids.error(field) : ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: SignupErrorField) => (
    // Always in the DOM so the message is announced when it appears.
    <p id={ids.error(field)} className="field-error" aria-live="polite">
      {errors[field]}
    </p>
  );
  const selectField = (field: 'role' | 'companySize', label: string, placeholder: string, options: Record<string, string>) => (
    <div className="field">
      <label htmlFor={ids[field]}>{label}</label>
      <select
        id={ids[field]}
        name={field}
        data-field={field}
        defaultValue={defaults[field]}
        aria-invalid={invalid(field)}
        aria-describedby={describedBy(field)}
      >
        <option value="">{placeholder}</option>
        {Object.entries(options).map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {fieldError(field)}
    </div>
  );

  return (
    <form
      ref={formRef}
      className="signup-form"
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      aria-labelledby={ids.title}
    >
      <div className="form-header">
        <h3 id={ids.title}>{copy.formTitle}</h3>
        <p>{copy.formSubtitle}</p>
      </div>
      {notice ? (
        <div id={ids.notice} className="form-notice" role="alert">
          <p className="form-notice-title">{notice.title}</p>
          <p className="form-notice-text">{notice.description}</p>
        </div>
      ) : null}

      <div className="field">
        <label htmlFor={ids.email}>{copy.labels.email}</label>
        <input
          id={ids.email}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={EMAIL_MAX_LENGTH}
          data-field="email"
          defaultValue={defaults.email}
          aria-invalid={invalid('email')}
          aria-describedby={describedBy('email', freeMail ? ids.emailHint : '')}
        />
        {fieldError('email')}
        {/* A suggestion, never a refusal: announced politely, and empty (no height) until it applies. */}
        <p id={ids.emailHint} className="field-hint email-hint" aria-live="polite">
          {freeMail ? copy.freeMailHint : ''}
        </p>
      </div>

      <div className="field-row">
        {selectField('role', copy.labels.role, copy.labels.rolePlaceholder, optionLabels(ROLE_OPTIONS, labels.role))}
        {selectField(
          'companySize',
          copy.labels.companySize,
          copy.labels.companySizePlaceholder,
          optionLabels(COMPANY_SIZE_OPTIONS, labels.companySize),
        )}
      </div>

      <fieldset className="field" aria-describedby={describedBy('desiredOutcomes', ids.outcomesHint)}>
        <legend>{copy.labels.desiredOutcomes}</legend>
        <p id={ids.outcomesHint} className="field-hint">
          {copy.labels.desiredOutcomesHint}
        </p>
        <div className="checkbox-grid">
          {DESIRED_OUTCOME_OPTIONS.map((outcome, index) => (
            <div className="check" key={outcome}>
              <input
                type="checkbox"
                id={`${ids.outcomes}-${index}`}
                name="desiredOutcomes"
                value={outcome}
                data-field={index === 0 ? 'desiredOutcomes' : undefined}
                defaultChecked={defaults.desiredOutcomes.includes(outcome)}
                aria-invalid={invalid('desiredOutcomes')}
              />
              <label htmlFor={`${ids.outcomes}-${index}`}>{labels.desiredOutcome[outcome]}</label>
            </div>
          ))}
        </div>
        {/* Shown while "Other" is ticked: by CSS (:has) before the island runs, by `hidden` for assistive tech after. */}
        <div className="field other-field" hidden={!hasOther}>
          <label htmlFor={ids.other}>{copy.labels.otherOutcome}</label>
          <input
            id={ids.other}
            name="otherOutcome"
            type="text"
            maxLength={OTHER_OUTCOME_MAX_LENGTH}
            placeholder={messages.otherOutcomePlaceholder}
            defaultValue={defaults.otherOutcome}
          />
        </div>
        {fieldError('desiredOutcomes')}
      </fieldset>

      <div className="field">
        <div className="check">
          <input
            type="checkbox"
            id={ids.consent}
            name="privacyConsent"
            data-field="privacyConsent"
            defaultChecked={defaults.privacyConsent}
            aria-invalid={invalid('privacyConsent')}
            aria-describedby={describedBy('privacyConsent')}
          />
          <label htmlFor={ids.consent}>
            {copy.labels.consentBefore}
            <a href={privacyHref} target="_blank" rel="noopener noreferrer">
              {copy.labels.consentLink}
              <span className="sr-only"> {copy.labels.newTab}</span>
            </a>
          </label>
        </div>
        {fieldError('privacyConsent')}
      </div>

      {/* Honeypot: off-screen and out of the tab order; only bots fill it. */}
      <div className="hp" aria-hidden="true">
        <label htmlFor={ids.website}>{copy.labels.honeypot}</label>
        <input id={ids.website} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue={defaults.website} />
      </div>
      {/* Per-response token: the Idempotency-Key of a post sent without script. */}
      <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={defaults.formToken} />
      <input type="hidden" name={ATTRIBUTION_FIELD} defaultValue={defaults.attribution} />

      <Button type="submit" className="submit" disabled={submitting}>
        {submitting ? copy.labels.submitting : copy.labels.submit}
      </Button>
    </form>
  );
}

import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, OTHER_OUTCOME, ROLE_OPTIONS, type DesiredOutcome } from '@waitlist/contract/options';
import { EMAIL_MAX_LENGTH, OTHER_OUTCOME_MAX_LENGTH } from '@waitlist/contract/limits';
import { OTHER_OUTCOME_PLACEHOLDER } from '@waitlist/contract/messages';
import { signupFormSchema, toSignupBody, type SignupForm as SignupFormData } from '@waitlist/contract/schemas';
import { Button } from '../../components/ui/button';
import { useToast } from '../../components/ui/toast';
import { siteConfig } from '../../config/site';
import { submitSignup } from './api';
import { signupToast } from './signup-toast';

interface FormValues {
  email: string;
  role: string;
  companySize: string;
  desiredOutcomes: DesiredOutcome[];
  otherOutcome: string;
  privacyConsent: boolean;
  /** Honeypot: hidden from people, filled by bots. */
  website: string;
}

type ErrorField = 'email' | 'role' | 'companySize' | 'desiredOutcomes' | 'privacyConsent';
type FieldErrors = Partial<Record<ErrorField, string>>;

/** Order in which fields appear, so the first invalid one gets focus. */
const FIELD_ORDER: ErrorField[] = ['email', 'role', 'companySize', 'desiredOutcomes', 'privacyConsent'];

const EMPTY: FormValues = {
  email: '',
  role: '',
  companySize: '',
  desiredOutcomes: [],
  otherOutcome: '',
  privacyConsent: false,
  website: '',
};

function validate(values: FormValues): { data: SignupFormData; errors: null } | { data: null; errors: FieldErrors } {
  const parsed = signupFormSchema.safeParse({
    email: values.email,
    role: values.role,
    companySize: values.companySize,
    desiredOutcomes: values.desiredOutcomes,
    otherOutcome: values.desiredOutcomes.includes(OTHER_OUTCOME) ? values.otherOutcome : undefined,
    privacyConsent: values.privacyConsent,
  });
  if (parsed.success) return { data: parsed.data, errors: null };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ErrorField;
    if (FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return { data: null, errors };
}

/** `privacyHref`: the privacy policy route, passed in by the app (features do not import app). */
export default function SignupForm({ privacyHref }: { privacyHref: string }) {
  const copy = siteConfig.signup;
  const id = useId();
  const ids = {
    title: `${id}-title`,
    email: `${id}-email`,
    role: `${id}-role`,
    companySize: `${id}-company-size`,
    outcomes: `${id}-outcomes`,
    outcomesHint: `${id}-outcomes-hint`,
    other: `${id}-other`,
    consent: `${id}-consent`,
    website: `${id}-website`,
  };
  const errorId = (field: ErrorField) => `${id}-${field}-error`;

  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  /** Errors are shown (and kept up to date while typing) once the visitor has tried to submit. */
  const [attempted, setAttempted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ field: ErrorField } | null>(null);

  useEffect(() => {
    if (!focusRequest || !formRef.current) return;
    const target = formRef.current.querySelector<HTMLElement>(`[data-field="${focusRequest.field}"]`);
    target?.focus();
  }, [focusRequest]);

  const update = (next: FormValues) => {
    setValues(next);
    if (attempted) setErrors(validate(next).errors ?? {});
  };

  const onText = (field: 'email' | 'role' | 'companySize' | 'otherOutcome' | 'website') => (
    event: ChangeEvent<HTMLInputElement | HTMLSelectElement>,
  ) => update({ ...values, [field]: event.target.value });

  const onOutcome = (outcome: DesiredOutcome) => (event: ChangeEvent<HTMLInputElement>) => {
    const desiredOutcomes = event.target.checked
      ? DESIRED_OUTCOME_OPTIONS.filter((o) => o === outcome || values.desiredOutcomes.includes(o))
      : values.desiredOutcomes.filter((o) => o !== outcome);
    // Unchecking "Other" hides its text field and clears it.
    const otherOutcome = desiredOutcomes.includes(OTHER_OUTCOME) ? values.otherOutcome : '';
    update({ ...values, desiredOutcomes, otherOutcome });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setAttempted(true);
    const result = validate(values);
    if (result.errors) {
      setErrors(result.errors);
      const first = FIELD_ORDER.find((field) => result.errors[field]);
      if (first) setFocusRequest({ field: first });
      return;
    }
    setErrors({});
    setSubmitting(true);
    const outcome = await submitSignup(toSignupBody(result.data), { honeypot: values.website });
    setSubmitting(false);
    toast(signupToast(outcome));
    if (outcome.ok) {
      setValues(EMPTY);
      setAttempted(false);
    }
  };

  const invalid = (field: ErrorField) => (errors[field] ? true : undefined);
  const describedBy = (field: ErrorField, ...extra: string[]) =>
    [...extra, errors[field] ? errorId(field) : ''].filter(Boolean).join(' ') || undefined;
  const fieldError = (field: ErrorField) => (
    // Always in the DOM so the message is announced when it appears.
    <p id={errorId(field)} className="field-error" aria-live="polite">
      {errors[field]}
    </p>
  );
  const selectField = (
    field: 'role' | 'companySize',
    label: string,
    placeholder: string,
    options: readonly string[],
  ) => (
    <div className="field">
      <label htmlFor={ids[field]}>{label}</label>
      <select
        id={ids[field]}
        name={field}
        data-field={field}
        value={values[field]}
        onChange={onText(field)}
        aria-invalid={invalid(field)}
        aria-describedby={describedBy(field)}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {fieldError(field)}
    </div>
  );
  const hasOther = values.desiredOutcomes.includes(OTHER_OUTCOME);

  return (
    <form ref={formRef} className="signup-form" noValidate onSubmit={onSubmit} aria-labelledby={ids.title}>
      <div className="form-header">
        <h3 id={ids.title}>{copy.formTitle}</h3>
        <p>{copy.formSubtitle}</p>
      </div>

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
          value={values.email}
          onChange={onText('email')}
          aria-invalid={invalid('email')}
          aria-describedby={describedBy('email')}
        />
        {fieldError('email')}
      </div>

      <div className="field-row">
        {selectField('role', copy.labels.role, copy.labels.rolePlaceholder, ROLE_OPTIONS)}
        {selectField('companySize', copy.labels.companySize, copy.labels.companySizePlaceholder, COMPANY_SIZE_OPTIONS)}
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
                checked={values.desiredOutcomes.includes(outcome)}
                onChange={onOutcome(outcome)}
                aria-invalid={invalid('desiredOutcomes')}
              />
              <label htmlFor={`${ids.outcomes}-${index}`}>{outcome}</label>
            </div>
          ))}
        </div>
        {hasOther ? (
          <div className="field other-field">
            <label htmlFor={ids.other}>{copy.labels.otherOutcome}</label>
            <input
              id={ids.other}
              name="otherOutcome"
              type="text"
              maxLength={OTHER_OUTCOME_MAX_LENGTH}
              placeholder={OTHER_OUTCOME_PLACEHOLDER}
              value={values.otherOutcome}
              onChange={onText('otherOutcome')}
            />
          </div>
        ) : null}
        {fieldError('desiredOutcomes')}
      </fieldset>

      <div className="field">
        <div className="check">
          <input
            type="checkbox"
            id={ids.consent}
            name="privacyConsent"
            data-field="privacyConsent"
            checked={values.privacyConsent}
            onChange={(event) => update({ ...values, privacyConsent: event.target.checked })}
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
        <input
          id={ids.website}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={onText('website')}
        />
      </div>

      <Button type="submit" className="submit" disabled={submitting}>
        {submitting ? copy.labels.submitting : copy.labels.submit}
      </Button>
    </form>
  );
}

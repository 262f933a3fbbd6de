import type { ReactNode } from 'react';
import { DESIRED_OUTCOME_OPTIONS } from '@waitlist/contract/options';
import { EMAIL_MAX_LENGTH, HONEYPOT_FIELD, OTHER_OUTCOME_MAX_LENGTH } from '@waitlist/contract/limits';
import { ATTRIBUTION_FIELD } from '@waitlist/contract/attribution';
import { PARTNER_CODE_FIELD } from '@waitlist/contract/partner-codes';
import {
  EMAIL_CHOICE_FIELD,
  EMAIL_CHOICES,
  FORM_TOKEN_FIELD,
  type SignupErrorField,
  type SignupFieldErrors,
  type SignupFormValues,
} from '@waitlist/contract/form-post';
import { Button } from '../../components/ui/button';
import { fill } from '../../lib/fill';
import { signupFormIds as ids, type SignupCopy } from './form-state';

/** How a field shows its problem: aria-invalid, aria-describedby (with any hints) and the message beside it. */
export function fieldProblem(errors: SignupFieldErrors) {
  return {
    invalid: (field: SignupErrorField) => (errors[field] ? true : undefined),
    describedBy: (field: SignupErrorField, ...extra: string[]) =>
      [...extra, errors[field] ? ids.error(field) : ''].filter(Boolean).join(' ') || undefined,
  };
}

/** The message beside a field: always in the DOM, so it is announced when it appears. */
export const FieldError = ({ field, errors }: { field: SignupErrorField; errors: SignupFieldErrors }) => (
  <p id={ids.error(field)} className="field-error" aria-live="polite">
    {errors[field]}
  </p>
);

export function EmailField({
  copy,
  defaults,
  errors,
  freeMail,
  suggestion,
  onBlur,
}: {
  copy: SignupCopy;
  defaults: SignupFormValues;
  errors: SignupFieldErrors;
  freeMail: boolean;
  /** A likely typo's correction (contract: suggestEmailCorrection), with what was typed; null: none. */
  suggestion: { address: string; typed: string; keep?: boolean } | null;
  onBlur?: () => void;
}) {
  const { invalid, describedBy } = fieldProblem(errors);
  return (
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
        aria-describedby={describedBy('email', freeMail ? ids.emailHint : '', suggestion ? ids.emailSuggestion : '')}
        onBlur={onBlur}
      />
      <FieldError field="email" errors={errors} />
      {/* A suggestion, never a refusal: announced politely, and empty (no height) until it applies. */}
      <p id={ids.emailHint} className="field-hint email-hint" aria-live="polite">
        {freeMail ? copy.freeMailHint : ''}
      </p>
      {/* "Did you mean …?": two buttons of the form itself, so the question works without script (the server asks
          it before storing) and with it (the island answers them in place). */}
      <div
        id={ids.emailSuggestion}
        className="email-suggestion"
        aria-live="polite"
        data-address={suggestion?.address}
        data-typed={suggestion?.typed}
        data-keep={suggestion?.keep === false ? 'false' : undefined}
      >
        {suggestion ? (
          <>
            <p className="email-suggestion-question">{fill(copy.emailSuggestion.question, { address: suggestion.address })}</p>
            <div className="email-suggestion-actions">
              <Button type="submit" variant="secondary" size="small" name={EMAIL_CHOICE_FIELD} value={EMAIL_CHOICES.use}>
                {fill(copy.emailSuggestion.use, { address: suggestion.address })}
              </Button>
              {suggestion.keep === false ? null : (
                <Button type="submit" variant="ghost" size="small" name={EMAIL_CHOICE_FIELD} value={EMAIL_CHOICES.keep}>
                  {fill(copy.emailSuggestion.keep, { typed: suggestion.typed })}
                </Button>
              )}
            </div>
          </>
        ) : null}
      </div>
    </div>
  );
}

/** The join page's partner code (contract: partner-codes.ts), first in the form; its message comes from the server. */
export function PartnerCodeField({ copy, defaults, errors }: { copy: SignupCopy; defaults: SignupFormValues; errors: SignupFieldErrors }) {
  const { invalid, describedBy } = fieldProblem(errors);
  return (
    <div className="field">
      <label htmlFor={ids.partnerCode}>{copy.labels.partnerCode}</label>
      <input
        id={ids.partnerCode}
        name={PARTNER_CODE_FIELD}
        type="text"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={64}
        defaultValue={defaults.partnerCode}
        aria-invalid={invalid('partnerCode')}
        aria-describedby={describedBy('partnerCode', ids.partnerCodeHint)}
      />
      <p id={ids.partnerCodeHint} className="field-hint">
        {copy.labels.partnerCodeHint}
      </p>
      <FieldError field="partnerCode" errors={errors} />
    </div>
  );
}

/** A select of the spec's options in their order, each labelled in the page's language (the value stays the spec's). */
export function ChoiceField<T extends string>({
  field,
  label,
  placeholder,
  options,
  labels,
  defaults,
  errors,
}: {
  field: 'role' | 'companySize';
  label: string;
  placeholder: string;
  options: readonly T[];
  labels: Record<T, string>;
  defaults: SignupFormValues;
  errors: SignupFieldErrors;
}) {
  const { invalid, describedBy } = fieldProblem(errors);
  return (
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
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
      <FieldError field={field} errors={errors} />
    </div>
  );
}

export function OutcomesField({
  copy,
  defaults,
  errors,
  hasOther,
}: {
  copy: SignupCopy;
  defaults: SignupFormValues;
  errors: SignupFieldErrors;
  hasOther: boolean;
}) {
  const { invalid, describedBy } = fieldProblem(errors);
  return (
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
            <label htmlFor={`${ids.outcomes}-${index}`}>{copy.options.desiredOutcome[outcome]}</label>
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
          placeholder={copy.messages.otherOutcomePlaceholder}
          defaultValue={defaults.otherOutcome}
        />
      </div>
      <FieldError field="desiredOutcomes" errors={errors} />
    </fieldset>
  );
}

export function ConsentField({
  copy,
  privacyHref,
  defaults,
  errors,
}: {
  copy: SignupCopy;
  privacyHref: string;
  defaults: SignupFormValues;
  errors: SignupFieldErrors;
}) {
  const { invalid, describedBy } = fieldProblem(errors);
  return (
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
      <FieldError field="privacyConsent" errors={errors} />
    </div>
  );
}

/** What the visitor never sees inside the form: the honeypot (only bots fill it). */
export function HiddenFields({ copy, defaults }: { copy: SignupCopy; defaults: SignupFormValues }): ReactNode {
  return (
    <div className="hp" aria-hidden="true">
      <label htmlFor={ids.website}>{copy.labels.honeypot}</label>
      <input id={ids.website} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue={defaults.website} />
    </div>
  );
}

/**
 * The form's per-response fields: the token (the Idempotency-Key of a post sent without script) and the
 * attribution. They belong to the form by its id and stand last in the page, so the server sends everything before
 * them compressed once for all visitors and only these few bytes per response (server/src/http/page-with-tail.ts).
 */
export function PerResponseFields({ values }: { values: Pick<SignupFormValues, 'formToken' | 'attribution'> }): ReactNode {
  return (
    <>
      <input type="hidden" form={ids.form} name={FORM_TOKEN_FIELD} defaultValue={values.formToken} />
      <input type="hidden" form={ids.form} name={ATTRIBUTION_FIELD} defaultValue={values.attribution} />
    </>
  );
}

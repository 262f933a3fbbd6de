import { COMPANY_SIZE_OPTIONS, ROLE_OPTIONS } from '@waitlist/contract/options';
import type { SiteLocale } from '@waitlist/contract/locales';
import { Button } from '../../components/ui/button';
import { INITIAL_SIGNUP_FORM_STATE, signupFormIds as ids, type SignupCopy, type SignupFormState } from './form-state';
import { ChoiceField, ConsentField, EmailField, HiddenFields, OutcomesField, PartnerCodeField } from './signup-form-fields';
import { useSignupForm } from './use-signup-form';

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
  /** The join page's form: a partner code first, and its own title (it is posted without script). */
  partnerCode?: { formTitle: string; formSubtitle: string };
}

/**
 * A real form first: without script it posts its fields to `action`. With script the fields stay uncontrolled
 * (the DOM holds what the visitor typed, also before the island took over); a submit reads them from FormData,
 * validates with the contract and sends them with fetch (use-signup-form.ts); success empties the form.
 */
export default function SignupForm({ action, privacyHref, state = INITIAL_SIGNUP_FORM_STATE, locale, copy, partnerCode }: SignupFormProps) {
  const { formRef, view, onChange, onSubmit, onEmailBlur } = useSignupForm({ state, locale, copy });
  const { defaults, errors, notice } = view;
  return (
    <form
      ref={formRef}
      id={ids.form}
      className="signup-form"
      method="post"
      action={action}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      aria-labelledby={ids.title}
    >
      <div className="form-header">
        <h3 id={ids.title}>{partnerCode?.formTitle ?? copy.formTitle}</h3>
        <p>{partnerCode?.formSubtitle ?? copy.formSubtitle}</p>
      </div>
      {notice ? (
        <div id={ids.notice} className="form-notice" role="alert">
          <p className="form-notice-title">{notice.title}</p>
          <p className="form-notice-text">{notice.description}</p>
        </div>
      ) : null}
      {partnerCode ? <PartnerCodeField copy={copy} defaults={defaults} errors={errors} /> : null}
      <EmailField
        copy={copy}
        defaults={defaults}
        errors={errors}
        freeMail={view.freeMail}
        suggestion={view.suggestion}
        onBlur={onEmailBlur}
      />
      <div className="field-row">
        <ChoiceField
          field="role"
          label={copy.labels.role}
          placeholder={copy.labels.rolePlaceholder}
          options={ROLE_OPTIONS}
          labels={copy.options.role}
          defaults={defaults}
          errors={errors}
        />
        <ChoiceField
          field="companySize"
          label={copy.labels.companySize}
          placeholder={copy.labels.companySizePlaceholder}
          options={COMPANY_SIZE_OPTIONS}
          labels={copy.options.companySize}
          defaults={defaults}
          errors={errors}
        />
      </div>
      <OutcomesField copy={copy} defaults={defaults} errors={errors} hasOther={view.hasOther} />
      <ConsentField copy={copy} privacyHref={privacyHref} defaults={defaults} errors={errors} />
      <HiddenFields copy={copy} defaults={defaults} />
      <Button type="submit" className="submit" disabled={view.submitting}>
        {view.submitting ? copy.labels.submitting : copy.labels.submit}
      </Button>
    </form>
  );
}

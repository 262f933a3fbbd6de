import type { ReactNode } from 'react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_REQUEST_ANCHOR,
  DOCUMENT_REQUEST_COMPANY_MAX_LENGTH,
  DOCUMENT_REQUEST_MESSAGE_MAX_LENGTH,
  DOCUMENT_REQUEST_NAME_MAX_LENGTH,
  DOCUMENT_REQUEST_PROOF_FIELD,
  DOCUMENT_REQUEST_RETENTION_DAYS,
  type DocumentRequestAnswer,
  type DocumentRequestErrorField,
} from '@waitlist/contract/document-requests';
import { EMAIL_MAX_LENGTH, HONEYPOT_FIELD } from '@waitlist/contract/limits';
import { FORM_TOKEN_FIELD } from '@waitlist/contract/form-post';
import { ERROR_CODES } from '@waitlist/contract/errors';
import { buttonClass } from '../../components/ui/button';
import { useLocale } from '../../lib/locale';
import { PROOF_OF_WORK_FORM_ATTRIBUTE } from '../page-markers';
import { paths } from '../paths';

const id = (field: string) => `document-request-${field}`;

/**
 * "Request our security documents" (issue 37 item 1): a plain form that posts to the trust page itself, so it works
 * with no script; the server answers with the page again (the fields kept, each problem beside its field) or 303 to
 * /trust/requested. With script, islands/proof-of-work-forms.ts solves a proof of work first, so the owners' mail
 * about the request does not wait for the budget of unproven mail.
 */
export function DocumentRequestForm({ request }: { request: DocumentRequestAnswer }) {
  const { copy, href } = useLocale();
  const f = copy.trust.requestForm;
  const { values, invalid, error } = request;
  const wrong = (field: DocumentRequestErrorField) => invalid.includes(field);
  const problem = (field: DocumentRequestErrorField, ...hints: string[]) => ({
    'aria-invalid': wrong(field) ? (true as const) : undefined,
    'aria-describedby': [...hints, wrong(field) ? id(`${field}-error`) : ''].filter(Boolean).join(' ') || undefined,
  });
  const message = (field: DocumentRequestErrorField) =>
    wrong(field) ? (
      <p className="field-error" id={id(`${field}-error`)}>
        {f.errors[field]}
      </p>
    ) : null;
  const notice = error ? (error.code === ERROR_CODES.rateLimited ? f.tooMany : f.unavailable) : invalid.length > 0 ? f.problems : null;
  const text = (field: 'name' | 'company', max: number, autoComplete: string) => (
    <div className="field">
      <label htmlFor={id(field)}>{f.labels[field]}</label>
      <input
        id={id(field)}
        name={field}
        type="text"
        autoComplete={autoComplete}
        maxLength={max}
        defaultValue={values[field]}
        {...problem(field)}
      />
      {message(field)}
    </div>
  );
  return (
    <section aria-labelledby={DOCUMENT_REQUEST_ANCHOR}>
      <h2 id={DOCUMENT_REQUEST_ANCHOR}>{f.heading}</h2>
      <p>{f.intro}</p>
      <form
        className="signup-form document-request-form"
        method="post"
        action={`${href(paths.trust)}#${DOCUMENT_REQUEST_ANCHOR}`}
        noValidate
        {...{ [PROOF_OF_WORK_FORM_ATTRIBUTE]: '' }}
      >
        {notice ? (
          <div className="form-notice" role="alert">
            <p className="form-notice-text">{notice}</p>
          </div>
        ) : null}
        <div className="field-row">
          {text('name', DOCUMENT_REQUEST_NAME_MAX_LENGTH, 'name')}
          {text('company', DOCUMENT_REQUEST_COMPANY_MAX_LENGTH, 'organization')}
        </div>
        <div className="field">
          <label htmlFor={id('email')}>{f.labels.email}</label>
          <input
            id={id('email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={EMAIL_MAX_LENGTH}
            defaultValue={values.email}
            {...problem('email')}
          />
          {message('email')}
        </div>
        <DocumentsChoice chosen={values.documents} help={{ wrong, problem, message }} />
        <div className="field">
          <label htmlFor={id('message')}>{f.labels.message}</label>
          <p id={id('message-hint')} className="field-hint">
            {f.labels.messageHint}
          </p>
          <textarea
            id={id('message')}
            name="message"
            rows={4}
            maxLength={DOCUMENT_REQUEST_MESSAGE_MAX_LENGTH}
            defaultValue={values.message}
            {...problem('message', id('message-hint'))}
          />
          {message('message')}
        </div>
        <div className="hp" aria-hidden="true">
          <label htmlFor={id('website')}>{f.labels.honeypot}</label>
          <input id={id('website')} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue={values.website} />
        </div>
        <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={values.formToken} />
        <input type="hidden" name={DOCUMENT_REQUEST_PROOF_FIELD} defaultValue="" />
        <p className="field-hint">
          {f.privacy(DOCUMENT_REQUEST_RETENTION_DAYS)} <a href={href(paths.privacy)}>{f.privacyLink}</a>
        </p>
        <button type="submit" className={buttonClass('primary')}>
          {f.labels.submit}
        </button>
      </form>
    </section>
  );
}

/** How a field says it is wrong: its attributes (aria-invalid, aria-describedby) and the sentence under it. */
interface FieldHelp {
  wrong: (field: DocumentRequestErrorField) => boolean;
  problem: (
    field: DocumentRequestErrorField,
    ...hints: string[]
  ) => { 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
  message: (field: DocumentRequestErrorField) => ReactNode;
}

/** Which documents they ask for: one box each, at least one. */
function DocumentsChoice({ chosen, help }: { chosen: readonly string[]; help: FieldHelp }) {
  const f = useLocale().copy.trust.requestForm;
  const { wrong, problem, message } = help;
  return (
    <fieldset className="field" {...problem('documents', id('documents-hint'))}>
      <legend>{f.labels.documents}</legend>
      <p id={id('documents-hint')} className="field-hint">
        {f.labels.documentsHint}
      </p>
      <div className="checkbox-grid">
        {DOCUMENT_KINDS.map((kind) => (
          <div className="check" key={kind}>
            <input
              type="checkbox"
              id={id(kind)}
              name="documents"
              value={kind}
              defaultChecked={chosen.includes(kind)}
              aria-invalid={wrong('documents') ? true : undefined}
            />
            <label htmlFor={id(kind)}>{f.kinds[kind]}</label>
          </div>
        ))}
      </div>
      {message('documents')}
    </fieldset>
  );
}

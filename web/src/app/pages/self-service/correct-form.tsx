import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, OTHER_OUTCOME, ROLE_OPTIONS } from '@waitlist/contract/options';
import { MANAGE_ACTIONS, type PersonCorrectableField, type PersonView } from '@waitlist/contract/self-service';
import { buttonClass } from '../../../components/ui/button';
import { useLocale } from '../../../lib/locale';

/** The person corrects their answers (a plain form post); a field the server refused says why beside it. */
export function CorrectForm({ person, invalid = [] }: { person: PersonView; invalid?: PersonCorrectableField[] }) {
  const { copy, words, href } = useLocale();
  const m = words.selfService.manage;
  const labels = copy.signup.options;
  const validation = copy.signup.messages.validation;
  const messages: Record<PersonCorrectableField, string> = {
    role: validation.role,
    company_size: validation.companySize,
    desired_outcomes: validation.desiredOutcomes,
    other_outcome: validation.otherOutcome,
  };
  const problem = (field: PersonCorrectableField) =>
    invalid.includes(field) ? { 'aria-invalid': true as const, 'aria-describedby': `${field}-error` } : {};
  const error = (field: PersonCorrectableField) =>
    invalid.includes(field) ? (
      <p className="field-error" id={`${field}-error`}>
        {messages[field]}
      </p>
    ) : null;
  const select = (
    name: 'role' | 'company_size',
    label: string,
    options: readonly string[],
    names: Record<string, string>,
    placeholder: string,
  ) => (
    <div className="field">
      <label htmlFor={name}>{label}</label>
      <select id={name} name={name} defaultValue={person[name] ?? ''} {...problem(name)}>
        {/* Not known yet (they were imported from a list of addresses): the form's own first choice. */}
        {person[name] === null && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {names[option] ?? option}
          </option>
        ))}
      </select>
      {error(name)}
    </div>
  );

  return (
    <form method="post" action={href(MANAGE_ACTIONS.correct)} className="signup-form">
      {select('role', m.fields.role, ROLE_OPTIONS, labels.role, copy.signup.labels.rolePlaceholder)}
      {select('company_size', m.fields.companySize, COMPANY_SIZE_OPTIONS, labels.companySize, copy.signup.labels.companySizePlaceholder)}
      <fieldset className="field" aria-describedby={invalid.includes('desired_outcomes') ? 'desired_outcomes-error' : undefined}>
        <legend>{m.fields.outcomes}</legend>
        <div className="checkbox-grid">
          {DESIRED_OUTCOME_OPTIONS.map((outcome, i) => (
            <label key={outcome} className="check" htmlFor={`outcome-${i}`}>
              <input
                type="checkbox"
                id={`outcome-${i}`}
                name="desired_outcomes"
                value={outcome}
                defaultChecked={person.desired_outcomes?.includes(outcome) ?? false}
              />{' '}
              <span>{labels.desiredOutcome[outcome]}</span>
            </label>
          ))}
        </div>
        {error('desired_outcomes')}
      </fieldset>
      <div className="field">
        <label htmlFor="other_outcome">
          {m.fields.otherOutcome} ({labels.desiredOutcome[OTHER_OUTCOME]})
        </label>
        <input
          type="text"
          id="other_outcome"
          name="other_outcome"
          maxLength={500}
          defaultValue={person.other_outcome ?? ''}
          {...problem('other_outcome')}
        />
        {error('other_outcome')}
      </div>
      <button type="submit" className={buttonClass('primary')}>
        {m.correctButton}
      </button>
    </form>
  );
}

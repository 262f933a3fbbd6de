import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  FOLLOW_UP_STATUSES,
  FOLLOW_UP_STATUS_LABELS,
  ROLE_OPTIONS,
  UNKNOWN_ANSWER,
  UNKNOWN_ANSWER_LABEL,
  SIGNUP_FLAGS,
  SIGNUP_FLAG_LABELS,
  type AdminFilters,
} from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { DateField, SelectField, TextField } from '../../components/fields';
import { useQuestions } from '../../api/pilots';

/** How many filters narrow the list (the search text included). */
export const activeFilterCount = (filters: AdminFilters): number =>
  [
    filters.q,
    filters.role,
    filters.company_size,
    filters.outcome,
    filters.confirmed,
    filters.opted_out,
    filters.status,
    filters.flag,
    filters.company,
    filters.min_score,
    filters.answer,
    filters.from,
    filters.to,
  ].filter(Boolean).length;

const UNKNOWN_LABELS = { [UNKNOWN_ANSWER]: UNKNOWN_ANSWER_LABEL };

/** The filters that choose one of a list (every one offers "All"). */
const CHOICES: {
  key: 'role' | 'company_size' | 'outcome' | 'confirmed' | 'opted_out' | 'status' | 'flag';
  label: string;
  options: readonly string[];
  labels?: Record<string, string>;
}[] = [
  // Each answer's choices end with the people imported without it.
  { key: 'role', label: 'Role', options: [...ROLE_OPTIONS, UNKNOWN_ANSWER], labels: UNKNOWN_LABELS },
  { key: 'company_size', label: 'Company size', options: [...COMPANY_SIZE_OPTIONS, UNKNOWN_ANSWER], labels: UNKNOWN_LABELS },
  { key: 'outcome', label: 'Desired outcome', options: [...DESIRED_OUTCOME_OPTIONS, UNKNOWN_ANSWER], labels: UNKNOWN_LABELS },
  { key: 'confirmed', label: 'Confirmation', options: ['yes', 'no'], labels: { yes: 'Confirmed', no: 'Not confirmed' } },
  { key: 'opted_out', label: 'Updates by mail', options: ['no', 'yes'], labels: { no: 'Subscribed', yes: 'Opted out' } },
  { key: 'status', label: 'Status', options: FOLLOW_UP_STATUSES, labels: FOLLOW_UP_STATUS_LABELS },
  // The review queue: sign-ups that may deserve a second look (a script's flood), to erase at once.
  { key: 'flag', label: 'Review', options: SIGNUP_FLAGS, labels: SIGNUP_FLAG_LABELS },
];

/** "Fit at least …": the score's steps the filter offers. */
const FIT_STEPS = ['80', '60', '40', '20'] as const;
const FIT_LABELS = Object.fromEntries(FIT_STEPS.map((n) => [n, `${n} or more`]));

/** The search box and every filter of the list; each change starts again at the first page. */
export function SignupFilters({
  filters,
  search,
  onSearch,
  onChange,
  onClear,
  seesAddresses = true,
}: {
  filters: AdminFilters;
  /** false: the operator sees masked addresses (a viewer), and the server refuses a search by address: none offered. */
  seesAddresses?: boolean;
  search: string;
  onSearch: (text: string) => void;
  onChange: (patch: Partial<AdminFilters>) => void;
  onClear: () => void;
}) {
  return (
    <form className="filters card" role="search" aria-label="Search and filter sign-ups" onSubmit={(e) => e.preventDefault()}>
      {seesAddresses ? (
        <TextField
          id="signups-search"
          className="field-search"
          label="Search e-mail"
          type="search"
          placeholder="e.g. grace or @acme"
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      ) : (
        <p className="muted field-search">You see addresses masked, so the list is not searched by address; filter it instead.</p>
      )}
      {CHOICES.map(({ key, label, options, labels }) => (
        <SelectField
          key={key}
          compact
          label={label}
          empty="All"
          options={options}
          labels={labels}
          value={filters[key]}
          onValue={(value) => onChange({ [key]: value })}
        />
      ))}
      {filters.company && (
        <div className="field field-compact">
          <span className="field-label">Company</span>
          <Button
            variant="secondary"
            size="small"
            onClick={() => onChange({ company: undefined })}
            aria-label={`Company ${filters.company}: remove this filter`}
          >
            {filters.company} ✕
          </Button>
        </div>
      )}
      <SelectField
        compact
        label="Fit"
        empty="Any"
        options={FIT_STEPS}
        labels={FIT_LABELS}
        value={filters.min_score === undefined ? undefined : String(filters.min_score)}
        onValue={(value) => onChange({ min_score: value === undefined ? undefined : Number(value) })}
      />
      <AnswerFilter value={filters.answer} onValue={(answer) => onChange({ answer })} />
      <DateField label="From" value={filters.from} onChange={(from) => onChange({ from })} />
      <DateField label="To" value={filters.to} onChange={(to) => onChange({ to })} />
      <div className="filters-actions">
        <Button variant="ghost" disabled={activeFilterCount(filters) === 0 && !search} onClick={onClear}>
          Clear filters
        </Button>
      </div>
    </form>
  );
}

/** People who gave one answer to a question after confirming (`question:option`); hidden while nobody is asked anything. */
function AnswerFilter({ value, onValue }: { value: string | undefined; onValue: (value: string | undefined) => void }) {
  const questions = useQuestions();
  const choices = (questions.data?.items ?? []).flatMap((q) =>
    q.kind === 'text'
      ? []
      : q.options.map((o) => ({ key: `${q.id}:${o.id}`, label: `${q.prompt.en} ${o.en}${o.archived ? ' (no longer offered)' : ''}` })),
  );
  if (choices.length === 0 && value === undefined) return null;
  return (
    <SelectField
      compact
      label="Answer"
      empty="Any"
      options={choices.map((c) => c.key)}
      labels={Object.fromEntries(choices.map((c) => [c.key, c.label]))}
      value={value}
      onValue={onValue}
    />
  );
}

import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  FOLLOW_UP_STATUSES,
  ROLE_OPTIONS,
  UNKNOWN_ANSWER,
  SIGNUP_FLAGS,
  type AdminFilters,
} from '@waitlist/contract';
import type { ConsoleWords } from '@waitlist/catalogue/console';
import { useConsoleLanguage, useConsoleWords } from '../../app/console-language';
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

/** The filters that choose one of a list (every one offers "All"), labelled in the console's language. */
const choicesOf = (words: ConsoleWords) => {
  const w = words.signups.filters;
  const unknown = { [UNKNOWN_ANSWER]: words.common.answerUnknown };
  const choices: {
    key: 'role' | 'company_size' | 'outcome' | 'confirmed' | 'opted_out' | 'status' | 'flag';
    label: string;
    options: readonly string[];
    labels?: Record<string, string>;
  }[] = [
    // Each answer's choices end with the people imported without it.
    { key: 'role', label: w.role, options: [...ROLE_OPTIONS, UNKNOWN_ANSWER], labels: unknown },
    { key: 'company_size', label: w.size, options: [...COMPANY_SIZE_OPTIONS, UNKNOWN_ANSWER], labels: unknown },
    { key: 'outcome', label: w.outcome, options: [...DESIRED_OUTCOME_OPTIONS, UNKNOWN_ANSWER], labels: unknown },
    { key: 'confirmed', label: w.confirmation, options: ['yes', 'no'], labels: { yes: w.confirmed, no: w.notConfirmed } },
    { key: 'opted_out', label: w.updates, options: ['no', 'yes'], labels: { no: w.subscribed, yes: w.optedOut } },
    { key: 'status', label: w.status, options: FOLLOW_UP_STATUSES, labels: words.statuses },
    // The review queue: sign-ups that may deserve a second look (a script's flood), to erase at once.
    { key: 'flag', label: w.review, options: SIGNUP_FLAGS, labels: words.flags },
  ];
  return choices;
};

/** "Fit at least …": the score's steps the filter offers. */
const FIT_STEPS = ['80', '60', '40', '20'] as const;

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
  const words = useConsoleWords();
  const w = words.signups.filters;
  return (
    <form className="filters card" role="search" aria-label={w.label} onSubmit={(e) => e.preventDefault()}>
      {seesAddresses ? (
        <TextField
          id="signups-search"
          className="field-search"
          label={w.search}
          type="search"
          placeholder={w.searchPlaceholder}
          value={search}
          onChange={(e) => onSearch(e.target.value)}
        />
      ) : (
        <p className="muted field-search">{w.masked}</p>
      )}
      {choicesOf(words).map(({ key, label, options, labels }) => (
        <SelectField
          key={key}
          compact
          label={label}
          empty={w.all}
          options={options}
          labels={labels}
          value={filters[key]}
          onValue={(value) => onChange({ [key]: value })}
        />
      ))}
      {filters.company && (
        <div className="field field-compact">
          <span className="field-label">{w.company}</span>
          <Button
            variant="secondary"
            size="small"
            onClick={() => onChange({ company: undefined })}
            aria-label={w.removeCompany(filters.company)}
          >
            {filters.company} ✕
          </Button>
        </div>
      )}
      <SelectField
        compact
        label={w.fit}
        empty={w.any}
        options={FIT_STEPS}
        labels={Object.fromEntries(FIT_STEPS.map((n) => [n, w.orMore(n)]))}
        value={filters.min_score === undefined ? undefined : String(filters.min_score)}
        onValue={(value) => onChange({ min_score: value === undefined ? undefined : Number(value) })}
      />
      <AnswerFilter value={filters.answer} onValue={(answer) => onChange({ answer })} />
      <DateField label={w.from} value={filters.from} onChange={(from) => onChange({ from })} />
      <DateField label={w.to} value={filters.to} onChange={(to) => onChange({ to })} />
      <div className="filters-actions">
        <Button variant="ghost" disabled={activeFilterCount(filters) === 0 && !search} onClick={onClear}>
          {w.clear}
        </Button>
      </div>
    </form>
  );
}

/** People who gave one answer to a question after confirming (`question:option`); hidden while nobody is asked anything. */
function AnswerFilter({ value, onValue }: { value: string | undefined; onValue: (value: string | undefined) => void }) {
  const words = useConsoleWords();
  const { locale } = useConsoleLanguage();
  const w = words.signups.filters;
  const questions = useQuestions();
  const choices = (questions.data?.items ?? []).flatMap((q) =>
    q.kind === 'text'
      ? []
      : q.options.map((o) => ({ key: `${q.id}:${o.id}`, label: `${q.prompt[locale]} ${o[locale]}${o.archived ? ` ${w.archived}` : ''}` })),
  );
  if (choices.length === 0 && value === undefined) return null;
  return (
    <SelectField
      compact
      label={w.answer}
      empty={w.any}

      options={choices.map((c) => c.key)}
      labels={Object.fromEntries(choices.map((c) => [c.key, c.label]))}
      value={value}
      onValue={onValue}
    />
  );
}

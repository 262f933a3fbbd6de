import {
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  FOLLOW_UP_STATUSES,
  FOLLOW_UP_STATUS_LABELS,
  ROLE_OPTIONS,
  type AdminFilters,
} from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { DateField, SelectField, TextField } from '../../components/fields';

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
    filters.company,
    filters.from,
    filters.to,
  ].filter(Boolean).length;

/** The search box and every filter of the list; each change starts again at the first page. */
export function SignupFilters({
  filters,
  search,
  onSearch,
  onChange,
  onClear,
}: {
  filters: AdminFilters;
  search: string;
  onSearch: (text: string) => void;
  onChange: (patch: Partial<AdminFilters>) => void;
  onClear: () => void;
}) {
  return (
    <form className="filters card" role="search" aria-label="Search and filter sign-ups" onSubmit={(e) => e.preventDefault()}>
      <TextField
        id="signups-search"
        className="field-search"
        label="Search e-mail"
        type="search"
        placeholder="e.g. grace or @acme"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
      />
      <SelectField compact label="Role" empty="All" options={ROLE_OPTIONS} value={filters.role} onValue={(role) => onChange({ role })} />
      <SelectField
        compact
        label="Company size"
        empty="All"
        options={COMPANY_SIZE_OPTIONS}
        value={filters.company_size}
        onValue={(company_size) => onChange({ company_size })}
      />
      <SelectField
        compact
        label="Desired outcome"
        empty="All"
        options={DESIRED_OUTCOME_OPTIONS}
        value={filters.outcome}
        onValue={(outcome) => onChange({ outcome })}
      />
      <SelectField
        compact
        label="Confirmation"
        empty="All"
        options={['yes', 'no'] as const}
        labels={{ yes: 'Confirmed', no: 'Not confirmed' }}
        value={filters.confirmed}
        onValue={(confirmed) => onChange({ confirmed })}
      />
      <SelectField
        compact
        label="Updates by mail"
        empty="All"
        options={['no', 'yes'] as const}
        labels={{ no: 'Subscribed', yes: 'Opted out' }}
        value={filters.opted_out}
        onValue={(opted_out) => onChange({ opted_out })}
      />
      <SelectField
        compact
        label="Status"
        empty="All"
        options={FOLLOW_UP_STATUSES}
        labels={FOLLOW_UP_STATUS_LABELS}
        value={filters.status}
        onValue={(status) => onChange({ status })}
      />
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

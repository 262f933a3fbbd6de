import { FOLLOW_UP_STATUS_LABELS, SIGNUP_FLAG_LABELS, type AdminSignup, type AdminSort } from '@waitlist/contract';
import { PersonLink } from '../../components/person-link';
import { Answer, DataTable, OutcomeChips, TimeCell, formatDateTime } from '../../components/console-ui';

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: 'email' | 'created_at' | 'fit_score';
  sort: AdminSort;
  onSort: (sort: AdminSort) => void;
}) {
  const active = sort === column || sort === `-${column}`;
  const descending = sort.startsWith('-');
  const next: AdminSort = active
    ? ((descending ? column : `-${column}`) as AdminSort)
    : column === 'email'
      ? 'email'
      : (`-${column}` as AdminSort);
  return (
    <th scope="col" aria-sort={active ? (descending ? 'descending' : 'ascending') : 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(next)}>
        {label}
        <span className="sort-indicator" aria-hidden="true">
          {active ? (descending ? '↓' : '↑') : '↕'}
        </span>
      </button>
    </th>
  );
}

/** When something happened, or a muted word when it has not. */
const WhenCell = ({ at, none }: { at: string | null; none: string }) => (
  <td className="nowrap">{at ? <time dateTime={at}>{formatDateTime(at)}</time> : <span className="muted">{none}</span>}</td>
);

function SignupRow({ row, selected, onSelect }: { row: AdminSignup; selected: boolean; onSelect: (on: boolean) => void }) {
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={`Select ${row.email}`} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      </td>
      <td className="cell-email">
        <PersonLink id={row.id}>{row.email}</PersonLink>
        {row.flags.length > 0 && <span className="muted flags"> · {row.flags.map((flag) => SIGNUP_FLAG_LABELS[flag]).join(', ')}</span>}
      </td>
      <td className="nowrap" title={row.fit_reasons.join('\n')}>
        {row.fit_score}
      </td>
      <td className="nowrap">{FOLLOW_UP_STATUS_LABELS[row.status]}</td>
      <td className="nowrap">{row.free_mail ? <span className="muted">Personal</span> : (row.company_domain ?? '—')}</td>
      <td className="cell-role">
        <Answer value={row.role} />
      </td>
      <td className="nowrap">
        <Answer value={row.company_size} />
      </td>
      <td>
        <OutcomeChips outcomes={row.desired_outcomes} label={`${row.desired_outcomes?.length ?? 0} outcomes`} />
      </td>
      <WhenCell at={row.confirmed_at} none="Not yet" />
      <WhenCell at={row.marketing_opt_out_at} none="No" />
      <TimeCell at={row.created_at} />
    </tr>
  );
}

/** One page of sign-ups, sortable by e-mail and time, each row selectable; skeleton rows while the first page loads. */
export function SignupsTable({
  items,
  sort,
  onSort,
  selected,
  onSelect,
}: {
  items: AdminSignup[] | undefined;
  sort: AdminSort;
  onSort: (sort: AdminSort) => void;
  selected: ReadonlySet<number>;
  onSelect: (id: number, on: boolean) => void;
}) {
  return (
    <DataTable
      caption={`Sign-ups, ${sort.includes('email') ? 'sorted by e-mail' : sort.includes('fit_score') ? 'sorted by fit' : 'sorted by sign-up time'}`}
      header={
        <>
          <th scope="col">
            <span className="visually-hidden">Select</span>
          </th>
          <SortHeader label="E-mail" column="email" sort={sort} onSort={onSort} />
          <SortHeader label="Fit" column="fit_score" sort={sort} onSort={onSort} />
          <th scope="col">Status</th>
          <th scope="col">Company</th>
          <th scope="col">Role</th>
          <th scope="col">Company size</th>
          <th scope="col">Desired outcomes</th>
          <th scope="col">Confirmed</th>
          <th scope="col">Opted out</th>
          <SortHeader label="Signed up" column="created_at" sort={sort} onSort={onSort} />
        </>
      }
    >
      {!items &&
        Array.from({ length: 5 }, (_, i) => (
          <tr key={i} className="skeleton-row" aria-hidden="true">
            <td colSpan={11}>
              <span className="skeleton" />
            </td>
          </tr>
        ))}
      {items?.map((row) => (
        <SignupRow key={row.id} row={row} selected={selected.has(row.id)} onSelect={(on) => onSelect(row.id, on)} />
      ))}
    </DataTable>
  );
}

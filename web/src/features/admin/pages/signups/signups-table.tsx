import type { AdminSignup, AdminSort } from '@waitlist/contract';
import { PersonLink } from '../../components/person-link';
import { Answer, DataTable, OutcomeChips, TimeCell, TimeOf } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';

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
  <td className="nowrap">{at ? <TimeOf at={at} /> : <span className="muted">{none}</span>}</td>
);

function SignupRow({ row, selected, onSelect }: { row: AdminSignup; selected: boolean; onSelect: (on: boolean) => void }) {
  const words = useConsoleWords();
  const w = words.signups.table;
  return (
    <tr>
      <td>
        <input type="checkbox" aria-label={w.select(row.email)} checked={selected} onChange={(e) => onSelect(e.target.checked)} />
      </td>
      <td className="cell-email">
        <PersonLink id={row.id}>{row.email}</PersonLink>
        {row.flags.length > 0 && <span className="muted flags"> · {row.flags.map((flag) => words.flags[flag]).join(', ')}</span>}
      </td>
      <td className="nowrap" title={row.fit_reasons.join('\n')}>
        {row.fit_score}
      </td>
      <td className="nowrap">{words.statuses[row.status]}</td>
      <td className="nowrap">{row.free_mail ? <span className="muted">{w.personal}</span> : (row.company_domain ?? '—')}</td>
      <td className="cell-role">
        <Answer value={row.role} />
      </td>
      <td className="nowrap">
        <Answer value={row.company_size} />
      </td>
      <td>
        <OutcomeChips outcomes={row.desired_outcomes} label={w.outcomes(row.desired_outcomes?.length ?? 0)} />
      </td>
      <WhenCell at={row.confirmed_at} none={w.notYet} />
      <WhenCell at={row.marketing_opt_out_at} none={w.no} />
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
  const w = useConsoleWords().signups.table;
  return (
    <DataTable
      caption={sort.includes('email') ? w.byEmail : sort.includes('fit_score') ? w.byFit : w.byTime}
      header={
        <>
          <th scope="col">
            <span className="visually-hidden">{w.selectHead}</span>
          </th>
          <SortHeader label={w.email} column="email" sort={sort} onSort={onSort} />
          <SortHeader label={w.fit} column="fit_score" sort={sort} onSort={onSort} />
          <th scope="col">{w.status}</th>
          <th scope="col">{w.company}</th>
          <th scope="col">{w.role}</th>
          <th scope="col">{w.size}</th>
          <th scope="col">{w.outcomesHead}</th>
          <th scope="col">{w.confirmed}</th>
          <th scope="col">{w.optedOut}</th>
          <SortHeader label={w.signedUp} column="created_at" sort={sort} onSort={onSort} />
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

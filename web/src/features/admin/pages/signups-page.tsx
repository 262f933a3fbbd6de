import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_PAGE_SIZE,
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  FOLLOW_UP_STATUSES,
  ROLE_OPTIONS,
  type AdminFilters,
  type AdminSort,
  type FollowUpStatus,
} from '@waitlist/contract';
import { STATUS_LABELS } from './follow-up-panel';
import { adminApi } from '../api/client';
import { hrefOf } from '../app/use-hash-route';
import { DateField, ErrorPanel, OutcomeChips, formatDateTime, formatNumber, TimeCell } from '../components/ui';
import { adminKeys } from '../api/query-keys';

const SEARCH_DELAY_MS = 300;

function SelectFilter({
  label,
  value,
  options,
  onChange,
  labels,
}: {
  label: string;
  value: string | undefined;
  options: readonly string[];
  onChange: (value: string | undefined) => void;
  /** What to show for each option value, when it is not the value itself. */
  labels?: Record<string, string>;
}) {
  const id = useId();
  return (
    <div className="field field-compact">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value || undefined)}>
        <option value="">All</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </select>
    </div>
  );
}

function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: 'email' | 'created_at';
  sort: AdminSort;
  onSort: (sort: AdminSort) => void;
}) {
  const active = sort === column || sort === `-${column}`;
  const descending = sort.startsWith('-');
  const next: AdminSort = active ? ((descending ? column : `-${column}`) as AdminSort) : column === 'created_at' ? '-created_at' : 'email';
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

export function SignupsPage({ filters, onFiltersChange }: { filters: AdminFilters; onFiltersChange: (filters: AdminFilters) => void }) {
  const [search, setSearch] = useState(filters.q ?? '');
  // Cursors of the pages before the current one (keyset paging moves forward; Back pops).
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);

  const update = (patch: Partial<AdminFilters>) => {
    setCursors([]);
    onFiltersChange({ ...filters, ...patch });
  };

  useEffect(() => {
    if ((filters.q ?? '') === search.trim()) return;
    const timer = setTimeout(() => {
      setCursors([]);
      onFiltersChange({ ...filters, q: search.trim() || undefined });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onFiltersChange]);

  const list = useQuery({
    queryKey: adminKeys.signupList(filters, cursor),
    queryFn: () => adminApi.list({ ...filters, cursor }),
    placeholderData: keepPreviousData,
  });

  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<FollowUpStatus>('contacted');
  const bulkId = useId();
  const setStatus = useMutation({
    mutationFn: () => adminApi.setStatus([...selected], bulkStatus),
    onSuccess: ({ changed }) => {
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: adminKeys.signupLists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.companies() });
      setBulkNotice(`${changed.length} ${changed.length === 1 ? 'sign-up' : 'sign-ups'} set to ${STATUS_LABELS[bulkStatus]}.`);
    },
    onError: (error) => setBulkNotice(error.message),
  });
  const [bulkNotice, setBulkNotice] = useState('');
  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const activeFilters = [
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
  const page = list.data;
  const first = cursors.length * ADMIN_PAGE_SIZE + 1;
  const last = first + (page?.items.length ?? 0) - 1;

  return (
    <section aria-labelledby="signups-title" className="stack-lg">
      <div className="page-header">
        <div>
          <h1 id="signups-title">Sign-ups</h1>
          <p className="muted" aria-live="polite">
            {page ? (
              <>
                <strong className="count">{formatNumber(page.total)}</strong> {page.total === 1 ? 'sign-up' : 'sign-ups'}
                {activeFilters > 0 ? ' match the filters' : ' in total'}
              </>
            ) : (
              'Counting…'
            )}
          </p>
        </div>
        <a className="btn btn-secondary" href={adminApi.exportCsvUrl(filters)} download>
          Export CSV{activeFilters > 0 ? ' (filtered)' : ''}
        </a>
      </div>

      <form className="filters card" role="search" aria-label="Search and filter sign-ups" onSubmit={(e) => e.preventDefault()}>
        <div className="field field-search">
          <label htmlFor="signups-search">Search e-mail</label>
          <input
            id="signups-search"
            type="search"
            placeholder="e.g. grace or @acme"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <SelectFilter
          label="Role"
          value={filters.role}
          options={ROLE_OPTIONS}
          onChange={(v) => update({ role: v as AdminFilters['role'] })}
        />
        <SelectFilter
          label="Company size"
          value={filters.company_size}
          options={COMPANY_SIZE_OPTIONS}
          onChange={(v) => update({ company_size: v as AdminFilters['company_size'] })}
        />
        <SelectFilter
          label="Desired outcome"
          value={filters.outcome}
          options={DESIRED_OUTCOME_OPTIONS}
          onChange={(v) => update({ outcome: v as AdminFilters['outcome'] })}
        />
        <SelectFilter
          label="Confirmation"
          value={filters.confirmed}
          options={['yes', 'no']}
          labels={{ yes: 'Confirmed', no: 'Not confirmed' }}
          onChange={(v) => update({ confirmed: v as AdminFilters['confirmed'] })}
        />
        <SelectFilter
          label="Updates by mail"
          value={filters.opted_out}
          options={['no', 'yes']}
          labels={{ no: 'Subscribed', yes: 'Opted out' }}
          onChange={(v) => update({ opted_out: v as AdminFilters['opted_out'] })}
        />
        <SelectFilter
          label="Status"
          value={filters.status}
          options={FOLLOW_UP_STATUSES}
          labels={STATUS_LABELS}
          onChange={(v) => update({ status: v as AdminFilters['status'] })}
        />
        {filters.company && (
          <div className="field field-compact">
            <span className="field-label">Company</span>
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => update({ company: undefined })}
              aria-label={`Company ${filters.company}: remove this filter`}
            >
              {filters.company} ✕
            </button>
          </div>
        )}
        <DateField label="From" value={filters.from} onChange={(from) => update({ from })} />
        <DateField label="To" value={filters.to} onChange={(to) => update({ to })} />
        <div className="filters-actions">
          <button
            type="button"
            className="btn btn-ghost"
            disabled={activeFilters === 0 && !search}
            onClick={() => {
              setSearch('');
              setCursors([]);
              onFiltersChange({ sort: filters.sort });
            }}
          >
            Clear filters
          </button>
        </div>
      </form>

      {list.isError && !page ? (
        <ErrorPanel title="The sign-ups could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="card table-card" aria-busy={list.isFetching}>
          {list.isError && (
            <p className="inline-error" role="alert">
              {list.error.message}
            </p>
          )}
          <form
            className="bulk-bar"
            aria-label="Change the status of the selected sign-ups"
            onSubmit={(e) => {
              e.preventDefault();
              if (selected.size > 0) setStatus.mutate();
            }}
          >
            <span className="muted" aria-live="polite">
              {selected.size} selected{bulkNotice ? ` · ${bulkNotice}` : ''}
            </span>
            <label htmlFor={bulkId}>Set status</label>
            <select id={bulkId} value={bulkStatus} onChange={(e) => setBulkStatus(e.target.value as FollowUpStatus)}>
              {FOLLOW_UP_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {STATUS_LABELS[status]}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-secondary btn-small" disabled={selected.size === 0 || setStatus.isPending}>
              Apply to selected
            </button>
          </form>
          <div className="table-scroll">
            <table className="data-table">
              <caption className="visually-hidden">
                Sign-ups, {filters.sort.includes('email') ? 'sorted by e-mail' : 'sorted by sign-up time'}
              </caption>
              <thead>
                <tr>
                  <th scope="col">
                    <span className="visually-hidden">Select</span>
                  </th>
                  <SortHeader label="E-mail" column="email" sort={filters.sort} onSort={(sort) => update({ sort })} />
                  <th scope="col">Status</th>
                  <th scope="col">Company</th>
                  <th scope="col">Role</th>
                  <th scope="col">Company size</th>
                  <th scope="col">Desired outcomes</th>
                  <th scope="col">Confirmed</th>
                  <th scope="col">Opted out</th>
                  <SortHeader label="Signed up" column="created_at" sort={filters.sort} onSort={(sort) => update({ sort })} />
                </tr>
              </thead>
              <tbody>
                {!page &&
                  Array.from({ length: 5 }, (_, i) => (
                    <tr key={i} className="skeleton-row" aria-hidden="true">
                      <td colSpan={10}>
                        <span className="skeleton" />
                      </td>
                    </tr>
                  ))}
                {page?.items.map((row) => (
                  <tr key={row.id}>
                    <td>
                      <input
                        type="checkbox"
                        aria-label={`Select ${row.email}`}
                        checked={selected.has(row.id)}
                        onChange={(e) => toggle(row.id, e.target.checked)}
                      />
                    </td>
                    <td className="cell-email">
                      <a href={hrefOf({ name: 'signup', id: row.id })}>{row.email}</a>
                    </td>
                    <td className="nowrap">{STATUS_LABELS[row.status]}</td>
                    <td className="nowrap">{row.free_mail ? <span className="muted">Personal</span> : (row.company_domain ?? '—')}</td>
                    <td className="cell-role">{row.role}</td>
                    <td className="nowrap">{row.company_size}</td>
                    <td>
                      <OutcomeChips outcomes={row.desired_outcomes} label={`${row.desired_outcomes.length} outcomes`} />
                    </td>
                    <td className="nowrap">
                      {row.confirmed_at ? (
                        <time dateTime={row.confirmed_at}>{formatDateTime(row.confirmed_at)}</time>
                      ) : (
                        <span className="muted">Not yet</span>
                      )}
                    </td>
                    <td className="nowrap">
                      {row.marketing_opt_out_at ? (
                        <time dateTime={row.marketing_opt_out_at}>{formatDateTime(row.marketing_opt_out_at)}</time>
                      ) : (
                        <span className="muted">No</span>
                      )}
                    </td>
                    <TimeCell at={row.created_at} />
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {page && page.items.length === 0 && (
            <div className="empty-state">
              <h2>{activeFilters > 0 ? 'No sign-ups match' : 'No sign-ups yet'}</h2>
              <p className="muted">
                {activeFilters > 0 ? 'Try a shorter search or clear the filters.' : 'When visitors join the waitlist, they appear here.'}
              </p>
            </div>
          )}
          {page && page.items.length > 0 && (
            <nav className="pager" aria-label="Pages">
              <p className="muted">
                Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(page.total)}
              </p>
              <div className="pager-buttons">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={cursors.length === 0}
                  onClick={() => setCursors((c) => c.slice(0, -1))}
                >
                  Previous
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={!page.next_cursor}
                  onClick={() => page.next_cursor && setCursors((c) => [...c, page.next_cursor!])}
                >
                  Next
                </button>
              </div>
            </nav>
          )}
        </div>
      )}
    </section>
  );
}

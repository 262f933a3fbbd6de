import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE, type AdminFilters, type AdminSignupPage } from '@waitlist/contract';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { exportCsvUrl, useSignupList } from '../../api/signups';
import { useSession } from '../../api/session';
import { AdminPage, ErrorPanel, formatNumber } from '../../components/console-ui';
import { BulkStatusBar } from './bulk-status-bar';
import { ImportPanel } from './import-panel';
import { SignupFilters, activeFilterCount } from './signup-filters';
import { SignupsTable } from './signups-table';
import { SegmentsBar } from './segments-bar';
import { Can } from '../../app/role';

const SEARCH_DELAY_MS = 300;

/** "10,000+" when a filtered list has more rows than the server counts (it stops at 10,000). */
const formatTotal = (page: AdminSignupPage) => `${formatNumber(page.total)}${page.total_capped ? '+' : ''}`;

/** Previous and next page (keyset paging moves forward; the cursors of the pages before are kept to go back). */
function Pager({ page, cursors, onCursors }: { page: AdminSignupPage; cursors: string[]; onCursors: (cursors: string[]) => void }) {
  const first = cursors.length * ADMIN_PAGE_SIZE + 1;
  const last = first + page.items.length - 1;
  return (
    <nav className="pager" aria-label="Pages">
      <p className="muted">
        Showing {formatNumber(first)}–{formatNumber(last)} of {formatTotal(page)}
      </p>
      <div className="pager-buttons">
        <Button variant="secondary" size="small" disabled={cursors.length === 0} onClick={() => onCursors(cursors.slice(0, -1))}>
          Previous
        </Button>
        <Button
          variant="secondary"
          size="small"
          disabled={!page.next_cursor}
          onClick={() => page.next_cursor && onCursors([...cursors, page.next_cursor])}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}

/** The list of sign-ups: search and filters, a page of rows, the selection's status change, export and paging. */
export function SignupsPage({ filters, onFiltersChange }: { filters: AdminFilters; onFiltersChange: (filters: AdminFilters) => void }) {
  const [search, setSearch] = useState(filters.q ?? '');
  const [cursors, setCursors] = useState<string[]>([]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [importing, setImporting] = useState(false);
  const list = useSignupList(filters, cursors.at(-1));
  const session = useSession();
  const page = list.data;
  const filtered = activeFilterCount(filters) > 0;

  const update = (patch: Partial<AdminFilters>) => {
    setCursors([]);
    onFiltersChange({ ...filters, ...patch });
  };

  // The search applies once typing pauses.
  useEffect(() => {
    if ((filters.q ?? '') === search.trim()) return;
    const timer = setTimeout(() => {
      setCursors([]);
      onFiltersChange({ ...filters, q: search.trim() || undefined });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onFiltersChange]);

  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const summary = page ? (
    <>
      <strong className="count">{formatTotal(page)}</strong> {page.total === 1 && !page.total_capped ? 'sign-up' : 'sign-ups'}
      {filtered ? (page.total_capped ? ' match the filters (counted up to 10,000)' : ' match the filters') : ' in total'}
    </>
  ) : (
    'Counting…'
  );

  return (
    <AdminPage
      titleId="signups-title"
      title="Sign-ups"
      summary={summary}
      liveSummary
      actions={
        <Can need="owner">
          <Button variant="secondary" aria-expanded={importing} onClick={() => setImporting(!importing)}>
            Import a list…
          </Button>
          <ButtonLink variant="secondary" href={exportCsvUrl(filters)} download>
            Export CSV{filtered ? ' (filtered)' : ''}
          </ButtonLink>
        </Can>
      }
    >
      {importing && <ImportPanel />}
      <SignupFilters
        filters={filters}
        seesAddresses={session.data?.sees_addresses ?? true}
        search={search}
        onSearch={setSearch}
        onChange={update}
        onClear={() => {
          setSearch('');
          setCursors([]);
          onFiltersChange({ sort: filters.sort });
        }}
      />
      <SegmentsBar
        filters={filters}
        onApply={(next) => {
          setSearch('');
          setCursors([]);
          onFiltersChange(next);
        }}
      />
      {list.isError && !page ? (
        <ErrorPanel title="The sign-ups could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="card table-card" aria-busy={list.isFetching}>
          {list.isError && (
            <p className="inline-error" role="alert">
              {list.error.message}
            </p>
          )}
          <Can need="member">
            <BulkStatusBar selected={selected} onDone={() => setSelected(new Set())} />
          </Can>
          <SignupsTable items={page?.items} sort={filters.sort} onSort={(sort) => update({ sort })} selected={selected} onSelect={select} />
          {page && page.items.length === 0 && (
            <div className="empty-state">
              <h2>{filtered ? 'No sign-ups match' : 'No sign-ups yet'}</h2>
              <p className="muted">
                {filtered ? 'Try a shorter search or clear the filters.' : 'When visitors join the waitlist, they appear here.'}
              </p>
            </div>
          )}
          {page && page.items.length > 0 && <Pager page={page} cursors={cursors} onCursors={setCursors} />}
        </div>
      )}
    </AdminPage>
  );
}

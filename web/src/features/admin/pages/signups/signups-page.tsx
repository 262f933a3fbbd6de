import { useEffect, useState } from 'react';
import { ADMIN_MAX_PAGE, ADMIN_PAGE_SIZE, type AdminFilters, type AdminSignupPage } from '@waitlist/contract';
import { useConsoleState } from '../../app/console-state';
import { filtersOfView, viewOfFilters, type ListView } from '../../app/view-address';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { exportCsvUrl, useSignupList } from '../../api/signups';
import { useSession } from '../../api/session';
import { AdminPage, ErrorPanel } from '../../components/console-ui';
import { useConsoleFormat, useConsoleWords, type ConsoleFormat } from '../../app/console-language';
import { BulkStatusBar } from './bulk-status-bar';
import { ImportPanel } from './import-panel';
import { SignupFilters, activeFilterCount } from './signup-filters';
import { SignupsTable } from './signups-table';
import { SegmentsBar } from './segments-bar';
import { Can } from '../../app/role';

const SEARCH_DELAY_MS = 300;

/** "10,000+" when a filtered list has more rows than the server counts (it stops at 10,000). */
const formatTotal = (page: AdminSignupPage, format: ConsoleFormat) => `${format.number(page.total)}${page.total_capped ? '+' : ''}`;

/** Previous and next page: the page's number is in the address; Next goes by the cursor the page gave out. */
function Pager({ page, number, onPage }: { page: AdminSignupPage; number: number; onPage: (number: number) => void }) {
  const w = useConsoleWords().signups;
  const format = useConsoleFormat();
  const first = (number - 1) * ADMIN_PAGE_SIZE + 1;
  const last = first + page.items.length - 1;
  return (
    <nav className="pager" aria-label={w.pages}>
      <p className="muted">{w.showing(format.number(first), format.number(last), formatTotal(page, format))}</p>
      <div className="pager-buttons">
        <Button variant="secondary" size="small" disabled={number <= 1} onClick={() => onPage(number - 1)}>
          {w.previous}
        </Button>
        <Button
          variant="secondary"
          size="small"
          disabled={!page.next_cursor || number >= ADMIN_MAX_PAGE}
          onClick={() => onPage(number + 1)}
        >
          {w.next}
        </Button>
      </div>
    </nav>
  );
}

/**
 * Where each page of a view starts, as the list's answers gave them out: a page reached by Next or Back is read by
 * its cursor (one index range), one opened from a link by its number. Kept for the tab only (a cursor of the list
 * sorted by address holds an address, so it never goes into the address bar); a few hundred at most.
 */
const pageCursors = new Map<string, string>();
const PAGE_CURSORS_KEPT = 500;
const learnCursor = (key: string, cursor: string | null) => {
  if (!cursor) return;
  if (pageCursors.size >= PAGE_CURSORS_KEPT) pageCursors.clear();
  pageCursors.set(key, cursor);
};

/**
 * The list of sign-ups: search and filters, a page of rows, the selection's status change, export and paging. The
 * view (filters, sort, page) is the address's (`view`); the address search is the tab's, never in the address.
 */
export function SignupsPage({ view, onView }: { view: ListView; onView: (view: ListView) => void }) {
  const words = useConsoleWords();
  const w = words.signups;
  const { addressSearch, setAddressSearch, setLastListView } = useConsoleState();
  const [search, setSearch] = useState(addressSearch);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [importing, setImporting] = useState(false);
  const filters = filtersOfView(view, addressSearch || undefined);
  const number = view.page ?? 1;
  const { page: _page, ...viewWithoutPage } = view;
  const viewKey = JSON.stringify([viewWithoutPage, addressSearch]);
  const cursor = number > 1 ? pageCursors.get(`${viewKey}|${number}`) : undefined;
  const list = useSignupList(filters, cursor ? { cursor } : { page: number });
  const session = useSession();
  const page = list.data;
  const filtered = activeFilterCount(filters) > 0;
  useEffect(() => {
    if (page && !list.isPlaceholderData) learnCursor(`${viewKey}|${number + 1}`, page.next_cursor);
  }, [page, list.isPlaceholderData, viewKey, number]);

  // The list's last view: where a person's page leads back, and what the Pilots screens offer to send to.
  useEffect(() => setLastListView(view), [view, setLastListView]);

  const update = (patch: Partial<AdminFilters>) => onView(viewOfFilters({ ...filters, ...patch }));

  useSearchWhenTypingPauses(search, view, onView);
  const select = (id: number, on: boolean) => setSelected((current) => toggled(current, id, on));

  return (
    <AdminPage
      titleId="signups-title"
      title={words.screens.signups}
      summary={<ListSummary page={page} filtered={filtered} />}
      liveSummary
      actions={
        <Can need="owner">
          <Button variant="secondary" aria-expanded={importing} onClick={() => setImporting(!importing)}>
            {w.importList}
          </Button>
          <ButtonLink variant="secondary" href={exportCsvUrl(filters)} download>
            {filtered ? w.exportFiltered : w.export}
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
          setAddressSearch('');
          onView(viewOfFilters({ sort: filters.sort }));
        }}
      />
      <SegmentsBar
        filters={filters}
        onApply={(next) => {
          setSearch('');
          setAddressSearch('');
          onView(viewOfFilters(next));
        }}
      />
      {list.isError && !page ? (
        <ErrorPanel title={w.failed} error={list.error} onRetry={() => void list.refetch()} />
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
              <h2>{filtered ? w.noneMatch : w.noneYet}</h2>
              <p className="muted">{filtered ? w.noneMatchHint : w.noneYetHint}</p>
            </div>
          )}
          {page && page.items.length > 0 && (
            <Pager page={page} number={number} onPage={(n) => onView({ ...view, page: n > 1 ? n : undefined })} />
          )}
        </div>
      )}
    </AdminPage>
  );
}

/** The selection with `id` in it or out. */
function toggled(current: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(current);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}

/** The address search applies once typing pauses (back to the first page); it stays in the tab, never in the address. */
function useSearchWhenTypingPauses(search: string, view: ListView, onView: (view: ListView) => void): void {
  const { addressSearch, setAddressSearch } = useConsoleState();
  useEffect(() => {
    if (addressSearch === search.trim()) return;
    const timer = setTimeout(() => {
      setAddressSearch(search.trim());
      if (view.page) {
        const { page: _page, ...firstPage } = view;
        onView(firstPage);
      }
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, addressSearch, setAddressSearch, view, onView]);
}

/** How many the list holds (or "more than", past the count's cap), and whether that is everyone or the filter's. */
function ListSummary({ page, filtered }: { page: AdminSignupPage | undefined; filtered: boolean }) {
  const w = useConsoleWords().signups;
  const format = useConsoleFormat();
  if (!page) return <>{w.counting}</>;
  return (
    <>
      <strong className="count">{formatTotal(page, format)}</strong>{' '}
      {w.summary(page.total === 1 && !page.total_capped, filtered ? (page.total_capped ? 'capped' : 'filtered') : 'all')}
    </>
  );
}

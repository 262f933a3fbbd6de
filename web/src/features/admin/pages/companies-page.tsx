import { Link } from '@tanstack/react-router';
import { ADMIN_COMPANY_SORTS, type AdminCompanies, type AdminCompanySort, type FollowUpStatus } from '@waitlist/contract';
import { useCompanies } from '../api/insight';
import type { CompaniesView } from '../app/view-address';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../components/fields';
import { DataTable, AdminPage, ErrorPanel, Loading, TimeCell, useAnswerLabel } from '../components/console-ui';

import { useConsoleLanguage } from '../app/console-language';

/** Previous and next page of companies, and where on the list the page is. */
function CompanyPager({ data, onPage }: { data: AdminCompanies; onPage: (page: number) => void }) {
  const { words, format } = useConsoleLanguage();
  const n = format.number;
  const first = (data.page - 1) * data.page_size + 1;
  const last = first + data.items.length - 1;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <nav className="pager" aria-label={words.companies.pages}>
      <p className="muted">
        {words.signups.showing(n(first), n(last), n(data.total))} · {words.companies.page(n(data.page), n(pages))}
      </p>
      <div className="pager-buttons">
        <Button variant="secondary" size="small" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
          {words.signups.previous}
        </Button>
        <Button variant="secondary" size="small" disabled={data.page >= pages} onClick={() => onPage(data.page + 1)}>
          {words.signups.next}
        </Button>
      </div>
    </nav>
  );
}

/** Companies behind the sign-ups, by e-mail domain (consumer mail is not grouped), a page at a time; a company opens its sign-ups. */
export function CompaniesPage({ view, onView }: { view: CompaniesView; onView: (view: CompaniesView) => void }) {
  const { words, format } = useConsoleLanguage();
  const w = words.companies;
  const answer = useAnswerLabel();
  const sort: AdminCompanySort = view.sort ?? '-people';
  const setPage = (page: number) => onView({ ...view, page: page > 1 ? page : undefined });
  const companies = useCompanies(sort, view.page ?? 1);
  const data = companies.data;
  return (
    <AdminPage
      titleId="companies-title"
      title={words.screens.companies}
      summary={data && w.summary(data.total, format.number(data.total), format.number(data.free_mail_people))}
    >
      <form className="filters card" aria-label={w.order} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          compact
          label={w.sortBy}
          options={ADMIN_COMPANY_SORTS}
          labels={w.sorts}
          value={sort}
          onValue={(value) => onView({ sort: value === '-people' ? undefined : value })}
        />
      </form>
      {companies.isPending && <Loading label={w.loading} />}
      {companies.isError && <ErrorPanel title={w.failed} error={companies.error} onRetry={() => void companies.refetch()} />}
      {data && data.total === 0 && <p className="muted">{w.none}</p>}
      {data && data.items.length > 0 && (
        <div className="card table-card">
          <DataTable
            caption={w.caption(w.sorts[data.sort])}
            header={
              <>
                <th scope="col">{w.domain}</th>
                <th scope="col" className="num">
                  {w.people}
                </th>
                <th scope="col">{w.roles}</th>
                <th scope="col">{w.largest}</th>
                <th scope="col">{w.first}</th>
                <th scope="col">{w.last}</th>
                <th scope="col">{w.status}</th>
              </>
            }
          >
            {data.items.map((c) => (
              <tr key={c.domain}>
                <th scope="row">
                  <Link to="/signups" search={{ company: c.domain }}>
                    {c.domain}
                  </Link>
                </th>
                <td className="num">{format.number(c.people)}</td>
                <td>{c.roles.map(answer).join(', ')}</td>
                <td className="nowrap">{c.largest_size && answer(c.largest_size)}</td>
                <TimeCell at={c.first_signup} />
                <TimeCell at={c.last_signup} />
                <td>
                  {Object.entries(c.statuses)
                    .map(([status, n]) => `${n} ${(words.statuses[status as FollowUpStatus] ?? status).toLowerCase()}`)

                    .join(', ')}
                </td>
              </tr>
            ))}
          </DataTable>
          <CompanyPager data={data} onPage={setPage} />
        </div>
      )}
    </AdminPage>
  );
}

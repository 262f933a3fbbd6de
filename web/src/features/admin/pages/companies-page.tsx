import { Link } from '@tanstack/react-router';
import { ADMIN_COMPANY_SORTS, answerLabel, type AdminCompanies, type AdminCompanySort } from '@waitlist/contract';
import { useCompanies } from '../api/insight';
import type { CompaniesView } from '../app/view-address';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../components/fields';
import { DataTable, AdminPage, ErrorPanel, Loading, formatNumber, TimeCell } from '../components/console-ui';

const SORT_LABELS: Record<AdminCompanySort, string> = {
  '-people': 'Most people first',
  people: 'Fewest people first',
  '-last_signup': 'Latest sign-up first',
  last_signup: 'Longest quiet first',
  '-first_signup': 'Newest company first',
  first_signup: 'Oldest company first',
  domain: 'Domain, A to Z',
  '-domain': 'Domain, Z to A',
};

/** Previous and next page of companies, and where on the list the page is. */
function CompanyPager({ data, onPage }: { data: AdminCompanies; onPage: (page: number) => void }) {
  const first = (data.page - 1) * data.page_size + 1;
  const last = first + data.items.length - 1;
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <nav className="pager" aria-label="Pages of companies">
      <p className="muted">
        Showing {formatNumber(first)}–{formatNumber(last)} of {formatNumber(data.total)} · page {formatNumber(data.page)} of{' '}
        {formatNumber(pages)}
      </p>
      <div className="pager-buttons">
        <Button variant="secondary" size="small" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="small" disabled={data.page >= pages} onClick={() => onPage(data.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

/** Companies behind the sign-ups, by e-mail domain (consumer mail is not grouped), a page at a time; a company opens its sign-ups. */
export function CompaniesPage({ view, onView }: { view: CompaniesView; onView: (view: CompaniesView) => void }) {
  const sort: AdminCompanySort = view.sort ?? '-people';
  const setPage = (page: number) => onView({ ...view, page: page > 1 ? page : undefined });
  const companies = useCompanies(sort, view.page ?? 1);
  const data = companies.data;
  return (
    <AdminPage
      titleId="companies-title"
      title="Companies"
      summary={
        data && (
          <>
            {formatNumber(data.total)} {data.total === 1 ? 'company' : 'companies'} · {formatNumber(data.free_mail_people)} with a personal
            address (not grouped)
          </>
        )
      }
    >
      <form className="filters card" aria-label="Order of the companies" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          compact
          label="Sort by"
          options={ADMIN_COMPANY_SORTS}
          labels={SORT_LABELS}
          value={sort}
          onValue={(value) => onView({ sort: value === '-people' ? undefined : value })}
        />
      </form>
      {companies.isPending && <Loading label="Loading the companies…" />}
      {companies.isError && (
        <ErrorPanel title="The companies could not be loaded" error={companies.error} onRetry={() => void companies.refetch()} />
      )}
      {data && data.total === 0 && <p className="muted">No company addresses yet.</p>}
      {data && data.items.length > 0 && (
        <div className="card table-card">
          <DataTable
            caption={`Companies, ${SORT_LABELS[data.sort].toLowerCase()}`}
            header={
              <>
                <th scope="col">Company (domain)</th>
                <th scope="col" className="num">
                  People
                </th>
                <th scope="col">Roles</th>
                <th scope="col">Largest size given</th>
                <th scope="col">First sign-up</th>
                <th scope="col">Last sign-up</th>
                <th scope="col">Status</th>
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
                <td className="num">{formatNumber(c.people)}</td>
                <td>{c.roles.map(answerLabel).join(', ')}</td>
                <td className="nowrap">{c.largest_size && answerLabel(c.largest_size)}</td>
                <TimeCell at={c.first_signup} />
                <TimeCell at={c.last_signup} />
                <td>
                  {Object.entries(c.statuses)
                    .map(([status, n]) => `${n} ${status}`)
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

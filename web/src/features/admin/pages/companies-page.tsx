import { useCompanies } from '../api/insight';
import { DataTable, AdminPage, ErrorPanel, Loading, formatNumber, TimeCell } from '../components/ui';

/** Companies behind the sign-ups, by e-mail domain (consumer mail is not grouped); a company opens its sign-ups. */
export function CompaniesPage({ onOpen }: { onOpen: (domain: string) => void }) {
  const companies = useCompanies();
  const data = companies.data;
  return (
    <AdminPage
      titleId="companies-title"
      title="Companies"
      summary={
        data && (
          <>
            {formatNumber(data.items.length)} {data.items.length === 1 ? 'company' : 'companies'} · {formatNumber(data.free_mail_people)}{' '}
            with a personal address (not grouped)
          </>
        )
      }
    >
      {companies.isPending && <Loading label="Loading the companies…" />}
      {companies.isError && (
        <ErrorPanel title="The companies could not be loaded" error={companies.error} onRetry={() => void companies.refetch()} />
      )}
      {data && data.items.length === 0 && <p className="muted">No company addresses yet.</p>}
      {data && data.items.length > 0 && (
        <div className="card table-card">
          <DataTable
            caption="Companies, most people first"
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
                  <button type="button" className="link-button" onClick={() => onOpen(c.domain)}>
                    {c.domain}
                  </button>
                </th>
                <td className="num">{formatNumber(c.people)}</td>
                <td>{c.roles.join(', ')}</td>
                <td className="nowrap">{c.largest_size}</td>
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
        </div>
      )}
    </AdminPage>
  );
}

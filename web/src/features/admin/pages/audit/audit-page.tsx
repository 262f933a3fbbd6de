import { useState } from 'react';
import { AUDIT_OUTCOMES } from '@waitlist/contract';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { auditCsvUrl, useAudit, useAuditOperators, type AuditFilters } from '../../api/team';
import { DateField, SelectField, TextField } from '../../components/fields';
import { AdminPage, TimeCell } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';

/** Owners read what every operator did: by operator, action, outcome and period, newest first, and as CSV. */
export function AuditPage({ view: filters, onView }: { view: AuditFilters; onView: (view: AuditFilters, typing?: boolean) => void }) {
  // The filters are the address's; the pages (by cursor) are the tab's, back to the first when a filter changes.
  const [paged, setPaged] = useState<{ of: AuditFilters; cursors: string[] }>({ of: filters, cursors: [] });
  const cursors = paged.of === filters ? paged.cursors : [];
  const setCursors = (next: string[]) => setPaged({ of: filters, cursors: next });
  const page = useAudit(filters, cursors.at(-1));
  const operators = useAuditOperators();
  const update = (patch: Partial<AuditFilters>, typing = false) => onView({ ...filters, ...patch }, typing);
  const operatorIds = (operators.data?.items ?? []).map((o) => String(o.id));
  const operatorLabels = Object.fromEntries((operators.data?.items ?? []).map((o) => [String(o.id), o.email]));
  return (
    <AdminPage
      titleId="audit-title"
      title="Audit trail"
      summary="Every operator action, with its outcome. Nothing here can be changed."
      actions={
        <ButtonLink variant="secondary" href={auditCsvUrl(filters)} download>
          Download CSV
        </ButtonLink>
      }
    >
      <form className="filters card" aria-label="Filter the audit trail" onSubmit={(e) => e.preventDefault()}>
        <SelectField
          compact
          label="Operator"
          empty="Everyone"
          options={operatorIds}
          labels={operatorLabels}
          value={filters.operator === undefined ? undefined : String(filters.operator)}
          onValue={(v) => update({ operator: v === undefined ? undefined : Number(v) })}
        />
        <TextField
          compact
          label="Action"
          placeholder="e.g. signup.erase"
          value={filters.action ?? ''}
          onChange={(e) => update({ action: e.target.value.trim() || undefined }, true)}
        />
        <SelectField
          compact
          label="Outcome"
          empty="Any"
          options={AUDIT_OUTCOMES}
          value={filters.outcome}
          onValue={(v) => update({ outcome: v })}
        />
        <DateField label="From" value={filters.from} onChange={(v) => update({ from: v })} />
        <DateField label="To" value={filters.to} onChange={(v) => update({ to: v })} />
      </form>
      <ListPanel
        query={page}
        items={page.data?.items}
        what="the audit trail"
        empty="Nothing matches."
        caption="Operator actions, newest first"
        header={['When', 'Who', 'What', 'Outcome', 'On', 'Details']}
        row={(e) => (
          <tr key={e.id}>
            <TimeCell at={e.at} />
            <td>
              {e.operator_email ??
                (e.action.startsWith('cli.')
                  ? 'the command line'
                  : e.operator_id === null
                    ? 'nobody signed in'
                    : `operator ${e.operator_id}`)}
            </td>
            <th scope="row">
              <code>{e.action}</code>
            </th>
            <td>
              <span className={`badge badge-${e.outcome}`}>{e.outcome}</span>
            </td>
            <td>{e.signup_id !== null ? `sign-up ${e.signup_id}` : (e.target ?? '')}</td>
            <td>{e.detail ?? ''}</td>
          </tr>
        )}
        after={
          <nav className="pager" aria-label="Pages of the audit trail">
            <div className="pager-buttons">
              <Button variant="secondary" size="small" disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
                Newer
              </Button>
              <Button
                variant="secondary"
                size="small"
                disabled={!page.data?.next_cursor}
                onClick={() => page.data?.next_cursor && setCursors([...cursors, page.data.next_cursor])}
              >
                Older
              </Button>
            </div>
          </nav>
        }
      />
    </AdminPage>
  );
}

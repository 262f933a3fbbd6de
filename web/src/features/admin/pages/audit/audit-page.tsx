import { AUDIT_OUTCOMES } from '@waitlist/contract';
import { Button, ButtonLink } from '../../../../components/ui/button';
import { auditCsvUrl, useAudit, useAuditOperators, type AuditFilters } from '../../api/team';
import { DateField, SelectField, TextField } from '../../components/fields';
import { AdminPage, TimeCell } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { useConsoleWords } from '../../app/console-language';
import type { AuditView } from '../../app/view-address';

/**
 * The page before each page of the trail the tab has seen (its cursor → the one before; '' for the newest page), so
 * Newer goes back one page; from a page opened by a link whose page before is not known, it goes to the newest.
 */
const newerPages = new Map<string, string>();
const NEWER_PAGES_KEPT = 500;

/** Owners read what every operator did: by operator, action, outcome and period, newest first, and as CSV. */
export function AuditPage({ view, onView }: { view: AuditView; onView: (view: AuditView, typing?: boolean) => void }) {
  // Filters and page are the address's (`?outcome=refused&cursor=…`); a changed filter starts again at the newest.
  const { cursor, ...filters } = view;
  const words = useConsoleWords();
  const w = words.audit;
  const page = useAudit(filters, cursor);
  const operators = useAuditOperators();
  const update = (patch: Partial<AuditFilters>, typing = false) => onView({ ...filters, ...patch }, typing);
  const toPage = (next: string | undefined) => onView({ ...filters, ...(next ? { cursor: next } : {}) });
  const older = (next: string) => {
    if (newerPages.size >= NEWER_PAGES_KEPT) newerPages.clear();
    newerPages.set(next, cursor ?? '');
    toPage(next);
  };
  const operatorIds = (operators.data?.items ?? []).map((o) => String(o.id));
  const operatorLabels = Object.fromEntries((operators.data?.items ?? []).map((o) => [String(o.id), o.email]));
  return (
    <AdminPage
      titleId="audit-title"
      title={words.screens.audit}
      summary={w.summary}
      actions={
        <ButtonLink variant="secondary" href={auditCsvUrl(filters)} download>
          {w.download}
        </ButtonLink>
      }
    >
      <form className="filters card" aria-label={w.filter} onSubmit={(e) => e.preventDefault()}>
        <SelectField
          compact
          label={w.operator}
          empty={w.everyone}
          options={operatorIds}
          labels={operatorLabels}
          value={filters.operator === undefined ? undefined : String(filters.operator)}
          onValue={(v) => update({ operator: v === undefined ? undefined : Number(v) })}
        />
        <TextField
          compact
          label={w.action}
          placeholder={w.actionPlaceholder}
          value={filters.action ?? ''}
          onChange={(e) => update({ action: e.target.value.trim() || undefined }, true)}
        />
        <SelectField
          compact
          label={w.outcome}
          empty={words.signups.filters.any}
          options={AUDIT_OUTCOMES}
          labels={w.outcomes}
          value={filters.outcome}
          onValue={(v) => update({ outcome: v })}
        />
        <DateField label={words.signups.filters.from} value={filters.from} onChange={(v) => update({ from: v })} />
        <DateField label={words.signups.filters.to} value={filters.to} onChange={(v) => update({ to: v })} />
      </form>
      <ListPanel
        query={page}
        items={page.data?.items}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(e) => (
          <tr key={e.id}>
            <TimeCell at={e.at} />
            <td>
              {e.operator_email ??
                (e.action.startsWith('cli.') ? w.commandLine : e.operator_id === null ? w.nobody : w.operatorNumber(e.operator_id))}
            </td>
            <th scope="row">
              <code>{e.action}</code>
            </th>
            <td>
              <span className={`badge badge-${e.outcome}`}>{w.outcomes[e.outcome]}</span>
            </td>
            <td>{e.signup_id !== null ? w.signup(e.signup_id) : (e.target ?? '')}</td>
            <td>{e.detail ?? ''}</td>
          </tr>
        )}
        after={
          <nav className="pager" aria-label={w.pages}>
            <div className="pager-buttons">
              <Button variant="secondary" size="small" disabled={!cursor} onClick={() => toPage(newerPages.get(cursor ?? '') || undefined)}>
                {w.newer}
              </Button>
              <Button
                variant="secondary"
                size="small"
                disabled={!page.data?.next_cursor}
                onClick={() => page.data?.next_cursor && older(page.data.next_cursor)}
              >
                {w.older}
              </Button>
            </div>
          </nav>
        }
      />
    </AdminPage>
  );
}

import { useState, type FormEvent } from 'react';
import type { AdminMailHealth, AdminSuppression } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useChangeSuppression, useMailHealth, useMailRefusals, useSuppressionCounts, useSuppressionLookup } from '../../api/mail';
import { TextField } from '../../components/fields';
import { AdminPage, DataTable, ErrorPanel, Loading, TimeOf } from '../../components/console-ui';
import { bounceLabelOf } from '../../components/mail-table';
import { Can } from '../../app/role';
import { useConsoleLanguage, useConsoleWords } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

const REASONS: readonly (AdminSuppression['reason'] & string)[] = ['hard-bounce', 'soft-bounce', 'complaint', 'manual'];

/**
 * Deliverability (issue 35 items 3 and 6, issue 45 item 2): whether the domain's DNS lets our mail arrive (SPF, DKIM,
 * DMARC, the bounce MX, with the records to publish), which receivers refuse our mail and why, and the suppression
 * list: counts by reason, look an address up, suppress or lift one with a reason (owners; audited).
 */
export function DeliverabilityPage() {
  const words = useConsoleWords();
  return (
    <AdminPage titleId="deliverability-title" title={words.screens.deliverability} summary={words.deliverability.summary}>
      <HealthPanel />
      <RefusalsPanel />
      <SuppressionPanel />
    </AdminPage>
  );
}

function HealthPanel() {
  const w = useConsoleWords().deliverability;
  const health = useMailHealth();
  return (
    <section className="stack" aria-labelledby="health-title">
      <div className="page-header">
        <h2 id="health-title">{w.healthTitle}</h2>
        <Button size="small" variant="secondary" disabled={health.isFetching} onClick={() => void health.refetch()}>
          {health.isFetching ? w.checking : w.checkAgain}
        </Button>
      </div>
      {health.isPending && <Loading label={w.lookingUp} />}
      {health.isError && <ErrorPanel title={w.checkFailed} error={health.error} onRetry={() => void health.refetch()} />}
      {health.data && <HealthTable health={health.data} />}
    </section>
  );
}

function HealthTable({ health }: { health: AdminMailHealth }) {
  const w = useConsoleWords().deliverability;
  const failing = health.checks.filter((c) => !c.pass);
  return (
    <>
      <p role="status">{health.pass ? w.allPass : w.someFail(failing.length, health.checks.length)}</p>
      <DataTable caption={w.checksCaption} header={w.checksHeader}>
        {health.checks.map((c) => (
          <tr key={c.name}>
            <th scope="row">{c.name}</th>
            <td>
              <span className={c.pass ? 'badge badge-ok' : 'badge badge-refused'}>{c.pass ? w.passes : w.fails}</span>
            </td>
            <td>
              <code>{c.host}</code>
            </td>
            <td>{c.detail}</td>
          </tr>
        ))}
      </DataTable>
      {failing.length > 0 && (
        <div className="stack">
          <h3>{w.recordsTitle}</h3>
          <DataTable caption={w.recordsCaption} header={w.recordsHeader}>
            {failing.map((c) => (
              <tr key={c.name}>
                <td>
                  <code>{c.publish.host}</code>
                </td>
                <td>{c.publish.type}</td>
                <td>
                  <code className="break-all">{c.publish.value}</code>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </>
  );
}

/** Receivers that refused our mail in the last 30 days (never a suppression: the person did nothing wrong). */
function RefusalsPanel() {
  const { words, format } = useConsoleLanguage();
  const w = words.deliverability;
  const refusals = useMailRefusals();
  return (
    <section className="stack" aria-labelledby="refusals-title">
      <h2 id="refusals-title">{w.refusalsTitle}</h2>
      <p className="muted">{w.refusalsIntro}</p>
      {refusals.isPending && <Loading label={w.loadingRefusals} />}
      {refusals.isError && <ErrorPanel title={w.refusalsFailed} error={refusals.error} onRetry={() => void refusals.refetch()} />}
      {refusals.data && refusals.data.refusals.length === 0 && <p role="status">{w.noRefusals}</p>}
      {refusals.data && refusals.data.refusals.length > 0 && (
        <DataTable caption={w.refusalsCaption} header={w.refusalsHeader}>
          {refusals.data.refusals.map((r) => (
            <tr key={`${r.domain} ${r.reason}`}>
              <th scope="row">{r.domain}</th>
              <td>{w.refuses(r.domain, bounceLabelOf(r.reason, words) ?? r.label)}</td>
              <td>{format.number(r.count)}</td>
              <td className="nowrap">
                <TimeOf at={r.last_at} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function SuppressionPanel() {
  const { words, format } = useConsoleLanguage();
  const w = words.deliverability;
  const counts = useSuppressionCounts();
  const lookup = useSuppressionLookup();
  const change = useChangeSuppression();
  const [email, setEmail] = useState('');
  const [looked, setLooked] = useState('');
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState('');
  const look = (event: FormEvent) => {
    event.preventDefault();
    setNotice('');
    lookup.mutate(email.trim(), { onSuccess: () => setLooked(email.trim()) });
  };
  const act = (action: 'suppress' | 'lift') =>
    change.mutate(
      { action, email: looked, note },
      {
        onSuccess: () => {
          setNotice(action === 'lift' ? w.lifted(looked) : w.suppressedNow(looked));
          setNote('');
          lookup.mutate(looked);
        },
        onError: (error) => setNotice(error.message),
      },
    );
  const state = lookup.data;
  return (
    <section className="stack" aria-labelledby="suppressions-title">
      <h2 id="suppressions-title">{w.suppressionTitle}</h2>
      <p className="muted">{w.suppressionIntro}</p>
      {counts.data && (
        <DataTable caption={w.countsCaption} header={w.countsHeader}>
          {REASONS.map((reason) => (
            <tr key={reason}>
              <th scope="row">{w.reasons[reason]}</th>
              <td>{format.number(counts.data.counts[reason] ?? 0)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <ActionForm
        titleId="lookup-title"
        title={w.lookupTitle}
        onSubmit={look}
        actions={
          <Button type="submit" disabled={lookup.isPending}>
            {w.lookup}
          </Button>
        }
        footer={
          <>
            {lookup.isError && <p role="alert">{lookup.error.message}</p>}
            <p role="status" aria-live="polite">
              {state && looked
                ? state.suppressed
                  ? w.isSuppressed(
                      looked,
                      `${w.reasons[state.reason!]}${state.bounce_reason ? ` (${bounceLabelOf(state.bounce_reason, words)})` : ''}`,
                      format.dateTime(state.since!),
                    )
                  : w.notSuppressed(looked)
                : ''}
            </p>
          </>
        }
      >
        <TextField label={w.email} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      </ActionForm>
      {state && looked && (
        <Can need="owner">
          <div className="card stack">
            <TextField label={w.why} required maxLength={200} value={note} onChange={(e) => setNote(e.target.value)} />
            <div className="actions">
              {state.suppressed ? (
                <Button disabled={!note.trim() || change.isPending} onClick={() => act('lift')}>
                  {w.lift}
                </Button>
              ) : (
                <Button variant="secondary" disabled={!note.trim() || change.isPending} onClick={() => act('suppress')}>
                  {w.suppress}
                </Button>
              )}
            </div>
          </div>
        </Can>
      )}
      <p role="status" aria-live="polite">
        {notice}
      </p>
    </section>
  );
}

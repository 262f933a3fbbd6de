import { useState, type FormEvent } from 'react';
import { bounceReasonLabel, type AdminMailHealth, type AdminSuppression } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useChangeSuppression, useMailHealth, useMailRefusals, useSuppressionCounts, useSuppressionLookup } from '../../api/mail';
import { TextField } from '../../components/fields';
import { AdminPage, DataTable, ErrorPanel, Loading, formatDateTime, formatNumber } from '../../components/console-ui';
import { Can } from '../../app/role';

const REASONS: Record<AdminSuppression['reason'] & string, string> = {
  'hard-bounce': 'Bounced for good',
  'soft-bounce': 'Bounced again and again',
  complaint: 'Reported as spam',
  manual: 'Suppressed by an owner',
};

/**
 * Deliverability (issue 35 items 3 and 6, issue 45 item 2): whether the domain's DNS lets our mail arrive (SPF, DKIM,
 * DMARC, the bounce MX, with the records to publish), which receivers refuse our mail and why, and the suppression
 * list: counts by reason, look an address up, suppress or lift one with a reason (owners; audited).
 */
export function DeliverabilityPage() {
  return (
    <AdminPage
      titleId="deliverability-title"
      title="Deliverability"
      summary="Whether mailbox providers can trust our mail, and the addresses we no longer mail."
    >
      <HealthPanel />
      <RefusalsPanel />
      <SuppressionPanel />
    </AdminPage>
  );
}

function HealthPanel() {
  const health = useMailHealth();
  return (
    <section className="stack" aria-labelledby="health-title">
      <div className="page-header">
        <h2 id="health-title">Mail health check</h2>
        <Button size="small" variant="secondary" disabled={health.isFetching} onClick={() => void health.refetch()}>
          {health.isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
      {health.isPending && <Loading label="Looking up the domain's DNS…" />}
      {health.isError && <ErrorPanel title="The check could not run" error={health.error} onRetry={() => void health.refetch()} />}
      {health.data && <HealthTable health={health.data} />}
    </section>
  );
}

function HealthTable({ health }: { health: AdminMailHealth }) {
  const failing = health.checks.filter((c) => !c.pass);
  return (
    <>
      <p role="status">
        {health.pass
          ? 'Every check passes: SPF, DKIM, DMARC and the bounce MX are in place.'
          : `${failing.length} of ${health.checks.length} checks fail. Publish the records below, then check again.`}
      </p>
      <DataTable caption="DNS checks of the sending and bounce domains" header={['Check', 'Result', 'Where', 'Why']}>
        {health.checks.map((c) => (
          <tr key={c.name}>
            <th scope="row">{c.name}</th>
            <td>
              <span className={c.pass ? 'badge badge-ok' : 'badge badge-refused'}>{c.pass ? 'Passes' : 'Fails'}</span>
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
          <h3>Records to publish</h3>
          <DataTable caption="The DNS records to publish" header={['Host', 'Type', 'Value']}>
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
  const refusals = useMailRefusals();
  return (
    <section className="stack" aria-labelledby="refusals-title">
      <h2 id="refusals-title">Receivers refusing our mail</h2>
      <p className="muted">
        A refusal is about our sending (DNS records, our server's reputation, our content), never about the person: nobody is suppressed for
        it. The owners get a mail the first time a domain refuses us for a reason; an update or wave pauses itself when more than 2 % of
        what it tried is refused.
      </p>
      {refusals.isPending && <Loading label="Loading refusals…" />}
      {refusals.isError && (
        <ErrorPanel title="The refusals could not be loaded" error={refusals.error} onRetry={() => void refusals.refetch()} />
      )}
      {refusals.data && refusals.data.refusals.length === 0 && <p role="status">No receiver has refused our mail in the last 30 days.</p>}
      {refusals.data && refusals.data.refusals.length > 0 && (
        <DataTable caption="Receiving domains that refused our mail in the last 30 days" header={['Domain', 'Why', 'Mails', 'Last']}>
          {refusals.data.refusals.map((r) => (
            <tr key={`${r.domain} ${r.reason}`}>
              <th scope="row">{r.domain}</th>
              <td>
                {r.domain} refuses our mail: {r.label}
              </td>
              <td>{formatNumber(r.count)}</td>
              <td className="nowrap">
                <time dateTime={r.last_at}>{formatDateTime(r.last_at)}</time>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </section>
  );
}

function SuppressionPanel() {
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
          setNotice(action === 'lift' ? `${looked} gets our mail again.` : `${looked} gets no more mail from us.`);
          setNote('');
          lookup.mutate(looked);
        },
        onError: (error) => setNotice(error.message),
      },
    );
  const state = lookup.data;
  return (
    <section className="stack" aria-labelledby="suppressions-title">
      <h2 id="suppressions-title">Suppression list</h2>
      <p className="muted">
        Addresses that bounced for good, bounced three times within a week, or reported our mail as spam get no wave, update or digest; only
        what they ask for themselves (a confirmation, their link) still goes, and confirming lifts it. Kept as keyed hashes: it outlives the
        person's erasure.
      </p>
      {counts.data && (
        <DataTable caption="Suppressed addresses by reason" header={['Reason', 'Addresses']}>
          {(Object.keys(REASONS) as (keyof typeof REASONS)[]).map((reason) => (
            <tr key={reason}>
              <th scope="row">{REASONS[reason]}</th>
              <td>{formatNumber(counts.data.counts[reason] ?? 0)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <form className="card stack" onSubmit={look} aria-labelledby="lookup-title">
        <h3 id="lookup-title">Look up an address</h3>
        <TextField label="E-mail address" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        <div>
          <Button type="submit" disabled={lookup.isPending}>
            Look up
          </Button>
        </div>
        {lookup.isError && <p role="alert">{lookup.error.message}</p>}
        <p role="status" aria-live="polite">
          {state && looked
            ? state.suppressed
              ? `${looked} is suppressed: ${REASONS[state.reason!]}${state.bounce_reason ? ` (${bounceReasonLabel(state.bounce_reason)})` : ''}, since ${formatDateTime(state.since!)}.`
              : `${looked} is not suppressed: it gets our mail.`
            : ''}
        </p>
      </form>
      {state && looked && (
        <Can need="owner">
          <div className="card stack">
            <TextField
              label="Why (kept in the audit trail)"
              required
              maxLength={200}
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <div className="actions">
              {state.suppressed ? (
                <Button disabled={!note.trim() || change.isPending} onClick={() => act('lift')}>
                  Lift the suppression
                </Button>
              ) : (
                <Button variant="secondary" disabled={!note.trim() || change.isPending} onClick={() => act('suppress')}>
                  Suppress this address
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

import { useState } from 'react';
import {
  CRM_PROVIDER_NAMES,
  ruleInWords,
  type AdminCrmState,
  type AdminCrmTest,
  type AdminSessionInfo,
  type CrmRule,
} from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useCan } from '../../app/role';
import { useCrm, useDisconnectCrm, useTestCrm } from '../../api/crm';
import { AdminPage, ConfirmDialog, DataTable, ErrorPanel, Loading, TimeCell, formatNumber, type Notice } from '../../components/console-ui';
import { ProofPanel, useFreshProof } from '../security/proof-panel';
import { CrmConnectForm } from './crm-connect-form';

/** `n` of something, in the singular or the plural. */
const countOf = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** Who goes there, in the words the server's audit entry uses. */
const audienceInWords = (rule: CrmRule | null, segment: string | null) =>
  rule ? ruleInWords(rule) : segment ? `the segment “${segment}”` : 'a saved segment that is gone: choose again';

/**
 * The founders' CRM (issue 49): whether one is connected and what it is doing (people on their way, refused, erasures
 * still to reach it, the latest exchanges with its answers), a test of the connection in words, and, for owners,
 * connecting, changing and disconnecting it.
 */
export function CrmPage({ session, onNotice }: { session: AdminSessionInfo; onNotice: (notice: Notice) => void }) {
  const crm = useCrm();
  const can = useCan();
  const fresh = useFreshProof(session);
  return (
    <AdminPage
      titleId="crm-title"
      title="CRM"
      summary={crm.data && (crm.data.connected ? `Connected to ${CRM_PROVIDER_NAMES[crm.data.provider!]}` : 'No CRM connected')}
    >
      {crm.isPending && <Loading label="Loading the CRM connection…" />}
      {crm.isError && <ErrorPanel title="The CRM connection could not be loaded" error={crm.error} onRetry={() => void crm.refetch()} />}
      {crm.data && (
        <>
          {crm.data.connected ? (
            <ConnectionStatus state={crm.data} owner={can('owner')} onNotice={onNotice} />
          ) : (
            <p>
              Qualified people can go to HubSpot or Pipedrive as they qualify, kept current there and erased there when they erase
              themselves here. docs/operators.md says how to make each CRM’s token.
            </p>
          )}
          {can('owner') && !fresh && <ProofPanel session={session} purpose="To connect a CRM (its token reaches everyone it chooses)" />}
          {can('owner') && <CrmConnectForm key={crm.data.connected_at ?? 'new'} state={crm.data} onNotice={onNotice} />}
          <Attempts state={crm.data} />
        </>
      )}
    </AdminPage>
  );
}

function ConnectionStatus({ state, owner, onNotice }: { state: AdminCrmState; owner: boolean; onNotice: (notice: Notice) => void }) {
  const test = useTestCrm();
  const disconnect = useDisconnectCrm();
  const [checks, setChecks] = useState<AdminCrmTest | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = CRM_PROVIDER_NAMES[state.provider!];
  return (
    <section className="card stack" aria-labelledby="crm-status-title">
      <h2 id="crm-status-title">{name}</h2>
      <dl className="details">
        <dt>Who goes there</dt>
        <dd>{audienceInWords(state.rule, state.segment_name)}</dd>
        <dt>Token</dt>
        <dd>ending in {state.token_hint}</dd>
        {state.company_domain && (
          <>
            <dt>Company</dt>
            <dd>{state.company_domain}.pipedrive.com</dd>
          </>
        )}
        <dt>Connected</dt>
        <dd>
          {state.connected_at && new Date(state.connected_at).toLocaleString('en-GB')}
          {state.connected_by ? ` by ${state.connected_by}` : ''}
        </dd>
        <dt>In {name} through us</dt>
        <dd>{countOf(state.synced, 'person', 'people')}</dd>
        <dt>On their way</dt>
        <dd>
          {countOf(state.pending, 'change', 'changes')}, {countOf(state.pending_erasures, 'erasure', 'erasures')}
        </dd>
        <dt>Refused for good</dt>
        <dd>{formatNumber(state.failed)}</dd>
        <dt>Last exchange that moved people</dt>
        <dd>{state.last_sync_at ? new Date(state.last_sync_at).toLocaleString('en-GB') : 'none yet'}</dd>
      </dl>
      {state.last_error && (
        <p className="notice notice-warning" role="status">
          {name} last answered: {state.last_error}
        </p>
      )}
      {checks && (
        <ul aria-label="Test of the connection" className="stack">
          {checks.checks.map((c) => (
            <li key={c.name}>
              <strong>{c.ok ? 'Works' : 'Refused'}:</strong> {c.detail}
            </li>
          ))}
        </ul>
      )}
      {owner && (
        <div className="actions">
          <Button
            type="button"
            variant="secondary"
            disabled={test.isPending}
            onClick={() =>
              test.mutate(undefined, {
                onSuccess: (answer) => setChecks(answer),
                onError: (error) => onNotice({ kind: 'error', text: error.message }),
              })
            }
          >
            {test.isPending ? 'Testing…' : 'Test the connection'}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
            Disconnect
          </Button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          open
          busy={disconnect.isPending}
          title={`Disconnect ${name}?`}
          confirmLabel="Disconnect"
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            disconnect.mutate(undefined, {
              onSettled: () => setConfirming(false),
              onSuccess: (answer) =>
                onNotice({
                  kind: answer.erasures_not_sent > 0 ? 'error' : 'success',
                  text:
                    answer.erasures_not_sent > 0
                      ? `${name} is disconnected. ${answer.erasures_not_sent} erasures had not reached it: delete those people there by hand.`
                      : `${name} is disconnected. The people already there stay there.`,
                }),
              onError: (error) => onNotice({ kind: 'error', text: error.message }),
            })
          }
        >
          The token is forgotten and nothing more goes to {name}. People already there stay there; erasures that have not reached it yet
          will not ({formatNumber(state.pending_erasures)} now).
        </ConfirmDialog>
      )}
    </section>
  );
}

function Attempts({ state }: { state: AdminCrmState }) {
  if (state.recent.length === 0) return null;
  return (
    <div className="card table-card">
      <DataTable
        caption="The latest exchanges with the CRM, newest first"
        header={['When', 'What', 'People', 'Outcome', 'The CRM’s answer']}
      >
        {state.recent.map((a, i) => (
          <tr key={`${a.at}-${i}`}>
            <TimeCell at={a.at} />
            <td>{a.action}</td>
            <td>{a.people}</td>
            <td>{a.outcome === 'ok' ? 'done' : a.outcome === 'retry' ? 'will try again' : 'refused'}</td>
            <td>{a.answer}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

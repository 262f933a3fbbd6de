import { useState } from 'react';
import { CRM_PROVIDER_NAMES, type AdminCrmState, type AdminCrmTest, type AdminSessionInfo, type CrmRule } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useCan } from '../../app/role';
import { useCrm, useDisconnectCrm, useTestCrm } from '../../api/crm';
import { AdminPage, ConfirmDialog, DataTable, ErrorPanel, Loading, TimeCell, type Notice } from '../../components/console-ui';
import { ProofPanel, useFreshProof } from '../security/proof-panel';
import { CrmConnectForm } from './crm-connect-form';
import { useConsoleLanguage, useConsoleWords } from '../../app/console-language';
import type { ConsoleWords } from '@waitlist/catalogue/console';

/** A rule of who goes to the CRM, in the reader's language (the server's audit entry keeps contract ruleInWords). */
export function ruleInWordsOf(rule: CrmRule, words: ConsoleWords): string {
  const w = words.crm.rule;
  const parts = [
    rule.confirmed === true ? w.confirmed : rule.confirmed === false ? w.notConfirmed : null,
    rule.min_fit_score !== undefined ? w.minScore(rule.min_fit_score) : null,
    rule.booked === true ? w.booked : rule.booked === false ? w.notBooked : null,
  ].filter((p): p is string => p !== null);
  return parts.length === 0 ? w.everyone : w.everyoneWho(parts.join(', '));
}

/** Who goes there. */
const audienceInWords = (rule: CrmRule | null, segment: string | null, words: ConsoleWords) =>
  rule ? ruleInWordsOf(rule, words) : segment ? words.send.theSegment(segment) : words.crm.segmentGone;

/**
 * The founders' CRM (issue 49): whether one is connected and what it is doing (people on their way, refused, erasures
 * still to reach it, the latest exchanges with its answers), a test of the connection in words, and, for owners,
 * connecting, changing and disconnecting it.
 */
export function CrmPage({ session, onNotice }: { session: AdminSessionInfo; onNotice: (notice: Notice) => void }) {
  const words = useConsoleWords();
  const w = words.crm;
  const crm = useCrm();
  const can = useCan();
  const fresh = useFreshProof(session);
  return (
    <AdminPage
      titleId="crm-title"
      title={words.screens.crm}
      summary={crm.data && (crm.data.connected ? w.connectedTo(CRM_PROVIDER_NAMES[crm.data.provider!]) : w.none)}
    >
      {crm.isPending && <Loading label={w.loading} />}
      {crm.isError && <ErrorPanel title={w.failed} error={crm.error} onRetry={() => void crm.refetch()} />}
      {crm.data && (
        <>
          {crm.data.connected ? <ConnectionStatus state={crm.data} owner={can('owner')} onNotice={onNotice} /> : <p>{w.intro}</p>}
          {can('owner') && !fresh && <ProofPanel session={session} purpose={w.proofPurpose} />}
          {can('owner') && <CrmConnectForm key={crm.data.connected_at ?? 'new'} state={crm.data} onNotice={onNotice} />}
          <Attempts state={crm.data} />
        </>
      )}
    </AdminPage>
  );
}

function ConnectionStatus({ state, owner, onNotice }: { state: AdminCrmState; owner: boolean; onNotice: (notice: Notice) => void }) {
  const { words, format } = useConsoleLanguage();
  const w = words.crm;
  const n = format.number;
  const test = useTestCrm();
  const disconnect = useDisconnectCrm();
  const [checks, setChecks] = useState<AdminCrmTest | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = CRM_PROVIDER_NAMES[state.provider!];
  return (
    <section className="card stack" aria-labelledby="crm-status-title">
      <h2 id="crm-status-title">{name}</h2>
      <ConnectionFacts state={state} name={name} />
      {state.last_error && (
        <p className="notice notice-warning" role="status">
          {w.lastAnswered(name)} {state.last_error}
        </p>
      )}
      {checks && (
        <ul aria-label={w.testLabel} className="stack">
          {checks.checks.map((c) => (
            <li key={c.name}>
              <strong>{c.ok ? w.works : w.refusedCheck}:</strong> {c.detail}
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
            {test.isPending ? w.testing : w.test}
          </Button>
          <Button type="button" variant="ghost" onClick={() => setConfirming(true)}>
            {w.disconnect}
          </Button>
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          open
          busy={disconnect.isPending}
          title={w.disconnectTitle(name)}
          confirmLabel={w.disconnect}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            disconnect.mutate(undefined, {
              onSettled: () => setConfirming(false),
              onSuccess: (answer) =>
                onNotice({
                  kind: answer.erasures_not_sent > 0 ? 'error' : 'success',
                  text: answer.erasures_not_sent > 0 ? w.disconnectedLeft(name, answer.erasures_not_sent) : w.disconnected(name),
                }),
              onError: (error) => onNotice({ kind: 'error', text: error.message }),
            })
          }
        >
          {w.disconnectBody(name, n(state.pending_erasures))}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** What the connection is: who goes there, the token's end, since when and by whom, and how far the exchange is. */
function ConnectionFacts({ state, name }: { state: AdminCrmState; name: string }) {
  const { words, format } = useConsoleLanguage();
  const w = words.crm;
  const n = format.number;
  const countOf = (count: number, noun: (count: number) => string) => `${n(count)} ${noun(count)}`;
  return (
    <dl className="details">
      <dt>{w.who}</dt>
      <dd>{audienceInWords(state.rule, state.segment_name, words)}</dd>
      <dt>{w.token}</dt>
      <dd>{w.endingIn(state.token_hint ?? '')}</dd>
      {state.company_domain && (
        <>
          <dt>{w.company}</dt>
          <dd>{`${state.company_domain}.pipedrive.com`}</dd>
        </>
      )}
      <dt>{w.connected}</dt>
      <dd>
        {state.connected_at && format.dateTime(state.connected_at)}
        {state.connected_by ? ` ${w.by(state.connected_by)}` : ''}
      </dd>
      <dt>{w.inThrough(name)}</dt>
      <dd>{countOf(state.synced, w.people)}</dd>
      <dt>{w.onTheirWay}</dt>
      <dd>
        {countOf(state.pending, w.changes)}, {countOf(state.pending_erasures, w.erasures)}
      </dd>
      <dt>{w.refused}</dt>
      <dd>{n(state.failed)}</dd>
      <dt>{w.lastExchange}</dt>
      <dd>{state.last_sync_at ? format.dateTime(state.last_sync_at) : w.noneYet}</dd>
    </dl>
  );
}

function Attempts({ state }: { state: AdminCrmState }) {
  const w = useConsoleWords().crm;
  if (state.recent.length === 0) return null;
  return (
    <div className="card table-card">
      <DataTable caption={w.attemptsCaption} header={w.attemptsHeader}>
        {state.recent.map((a, i) => (
          <tr key={`${a.at}-${i}`}>
            <TimeCell at={a.at} />
            <td>{a.action}</td>
            <td>{a.people}</td>
            <td>{w.outcomes[a.outcome]}</td>

            <td>{a.answer}</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

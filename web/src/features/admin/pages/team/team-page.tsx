import { useState } from 'react';
import { OPERATOR_ROLES, type AdminOperator, type AdminSessionInfo } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useSession } from '../../api/session';
import { useChangeRole, useLetSeeAddresses, useRemoveOperator, useResetSecondFactor, useTeam, useWithdrawInvitation } from '../../api/team';
import { SelectField } from '../../components/fields';
import { AdminPage, ConfirmDialog, DataTable, ErrorPanel, Loading, TimeCell, type Notice } from '../../components/console-ui';
import { InviteForm } from './invite-form';
import { ApiKeysPanel } from './api-keys-panel';
import { SsoPanel } from './sso-panel';
import { ProofPanel, useFreshProof } from '../security/proof-panel';
import { useConsoleWords } from '../../app/console-language';
import type { ConsoleWords } from '@waitlist/catalogue/console';

const factors = (m: AdminOperator, w: ConsoleWords['team']) =>
  [m.totp ? w.app : '', m.passkeys ? w.passkeys(m.passkeys) : ''].filter(Boolean).join(', ') || w.passwordOnly;

/**
 * Owners: who works the list, with which role and second factors; invite, change a role, let a viewer see whole
 * addresses (they see a•••@volvo.com otherwise), reset, remove.
 */
export function TeamPage({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const words = useConsoleWords();
  const w = words.team;
  const team = useTeam();
  const session = useSession();
  const changeRole = useChangeRole();
  const seeAddresses = useLetSeeAddresses();
  const remove = useRemoveOperator();
  const reset = useResetSecondFactor();
  const withdraw = useWithdrawInvitation();
  const [confirm, setConfirm] = useState<{ kind: 'remove' | 'reset'; member: AdminOperator } | null>(null);
  const fail = (error: Error) => onNotice({ kind: 'error', text: error.message });
  return (
    <AdminPage titleId="team-title" title={words.screens.team} summary={team.data && w.count(team.data.items.length)}>
      {team.isPending && <Loading label={w.loading} />}
      {team.isError && <ErrorPanel title={w.failed} error={team.error} onRetry={() => void team.refetch()} />}
      {team.data && (
        <div className="card table-card">
          <DataTable
            caption={w.caption}
            header={
              <>
                <th scope="col">{w.email}</th>
                <th scope="col">{w.role}</th>
                <th scope="col">{w.factor}</th>
                <th scope="col">{w.since}</th>
                <th scope="col">
                  <span className="visually-hidden">{w.actions}</span>
                </th>
              </>
            }
          >
            {team.data.items.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  {m.email}
                  {m.you ? ` ${w.you}` : ''}
                </th>
                <td>
                  <SelectField
                    compact
                    label={w.roleOf(m.email)}
                    className="label-hidden"
                    options={OPERATOR_ROLES}
                    labels={words.roles}
                    value={m.role}
                    onValue={(role) =>
                      role &&
                      role !== m.role &&
                      changeRole.mutate(
                        { id: m.id, role },
                        { onError: fail, onSuccess: () => onNotice({ kind: 'success', text: w.nowRole(m.email, words.roles[role]) }) },
                      )
                    }
                  />
                </td>
                <td>{factors(m, w)}</td>
                <TimeCell at={m.created_at} />
                <td className="actions">
                  {m.role === 'viewer' && (
                    <Button
                      variant="ghost"
                      size="small"
                      aria-pressed={m.sees_addresses}
                      onClick={() =>
                        seeAddresses.mutate(
                          { id: m.id, sees: !m.sees_addresses },
                          {
                            onError: fail,
                            onSuccess: () =>
                              onNotice({
                                kind: 'success',
                                text: m.sees_addresses ? w.nowMasked(m.email) : w.nowWhole(m.email),
                              }),
                          },
                        )
                      }
                    >
                      {m.sees_addresses ? w.mask : w.showWhole}
                    </Button>
                  )}
                  {(m.totp || m.passkeys > 0) && !m.you && (
                    <Button variant="ghost" size="small" onClick={() => setConfirm({ kind: 'reset', member: m })}>
                      {w.reset}
                    </Button>
                  )}
                  {!m.you && (
                    <Button variant="danger" size="small" onClick={() => setConfirm({ kind: 'remove', member: m })}>
                      {w.remove}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      {team.data && team.data.invitations.length > 0 && (
        <div className="card table-card">
          <DataTable
            caption={w.invitations}
            header={
              <>
                <th scope="col">{w.email}</th>
                <th scope="col">{w.role}</th>
                <th scope="col">{w.validUntil}</th>
                <th scope="col">
                  <span className="visually-hidden">{w.actions}</span>
                </th>
              </>
            }
          >
            {team.data.invitations.map((i) => (
              <tr key={i.id}>
                <th scope="row">{i.email}</th>
                <td>{words.roles[i.role]}</td>
                <TimeCell at={i.expires_at} />
                <td>
                  <Button variant="ghost" size="small" onClick={() => withdraw.mutate(i.id, { onError: fail })}>
                    {w.withdraw}
                  </Button>
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      <InviteForm onNotice={onNotice} />
      {session.data && <LastingChangesProof session={session.data} />}
      {team.data && <SsoPanel owners={team.data.items.filter((m) => m.role === 'owner')} onNotice={onNotice} />}
      <ApiKeysPanel onNotice={onNotice} />
      {confirm && (
        <ConfirmDialog
          open
          busy={remove.isPending || reset.isPending}
          title={confirm.kind === 'remove' ? w.removeTitle(confirm.member.email) : w.resetTitle(confirm.member.email)}
          confirmLabel={confirm.kind === 'remove' ? w.remove : w.resetConfirm}
          onCancel={() => setConfirm(null)}
          onConfirm={() => {
            const done = () => setConfirm(null);
            if (confirm.kind === 'remove') remove.mutate(confirm.member.id, { onError: fail, onSettled: done });
            else
              reset.mutate(confirm.member.id, {
                onError: fail,
                onSettled: done,
                onSuccess: () =>
                  onNotice({
                    kind: 'success',
                    text: w.wasReset(confirm.member.email),
                  }),
              });
          }}
        >
          {confirm.kind === 'remove' ? w.removeBody : w.resetBody}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

/** Single sign-on and API keys let someone in beyond a session: changing them needs a proof within five minutes. */
function LastingChangesProof({ session }: { session: AdminSessionInfo }) {
  const fresh = useFreshProof(session);
  const purpose = useConsoleWords().team.proofPurpose;
  return fresh ? null : <ProofPanel session={session} purpose={purpose} />;
}

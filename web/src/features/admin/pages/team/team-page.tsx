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

const factors = (m: AdminOperator) =>
  [m.totp ? 'authenticator app' : '', m.passkeys ? `${m.passkeys} passkey${m.passkeys === 1 ? '' : 's'}` : ''].filter(Boolean).join(', ') ||
  'password only';

/**
 * Owners: who works the list, with which role and second factors; invite, change a role, let a viewer see whole
 * addresses (they see a•••@volvo.com otherwise), reset, remove.
 */
export function TeamPage({ onNotice }: { onNotice: (notice: Notice) => void }) {
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
    <AdminPage
      titleId="team-title"
      title="Team"
      summary={team.data && `${team.data.items.length} ${team.data.items.length === 1 ? 'operator' : 'operators'}`}
    >
      {team.isPending && <Loading label="Loading the team…" />}
      {team.isError && <ErrorPanel title="The team could not be loaded" error={team.error} onRetry={() => void team.refetch()} />}
      {team.data && (
        <div className="card table-card">
          <DataTable
            caption="Operators"
            header={
              <>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Second factor</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </>
            }
          >
            {team.data.items.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  {m.email}
                  {m.you ? ' (you)' : ''}
                </th>
                <td>
                  <SelectField
                    compact
                    label={`Role of ${m.email}`}
                    className="label-hidden"
                    options={OPERATOR_ROLES}
                    value={m.role}
                    onValue={(role) =>
                      role &&
                      role !== m.role &&
                      changeRole.mutate(
                        { id: m.id, role },
                        { onError: fail, onSuccess: () => onNotice({ kind: 'success', text: `${m.email} is now ${role}.` }) },
                      )
                    }
                  />
                </td>
                <td>{factors(m)}</td>
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
                                text: `${m.email} now sees ${m.sees_addresses ? 'masked addresses (a•••@volvo.com)' : 'whole addresses'}.`,
                              }),
                          },
                        )
                      }
                    >
                      {m.sees_addresses ? 'Mask addresses' : 'Show whole addresses'}
                    </Button>
                  )}
                  {(m.totp || m.passkeys > 0) && !m.you && (
                    <Button variant="ghost" size="small" onClick={() => setConfirm({ kind: 'reset', member: m })}>
                      Reset second factor
                    </Button>
                  )}
                  {!m.you && (
                    <Button variant="danger" size="small" onClick={() => setConfirm({ kind: 'remove', member: m })}>
                      Remove
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
            caption="Invitations not yet accepted"
            header={
              <>
                <th scope="col">E-mail</th>
                <th scope="col">Role</th>
                <th scope="col">Link valid until</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </>
            }
          >
            {team.data.invitations.map((i) => (
              <tr key={i.id}>
                <th scope="row">{i.email}</th>
                <td>{i.role}</td>
                <TimeCell at={i.expires_at} />
                <td>
                  <Button variant="ghost" size="small" onClick={() => withdraw.mutate(i.id, { onError: fail })}>
                    Withdraw
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
          title={confirm.kind === 'remove' ? `Remove ${confirm.member.email}?` : `Reset the second factor of ${confirm.member.email}?`}
          confirmLabel={confirm.kind === 'remove' ? 'Remove' : 'Reset'}
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
                    text: `${confirm.member.email} signs in with their password and sets up a new second factor.`,
                  }),
              });
          }}
        >
          {confirm.kind === 'remove'
            ? 'Their sessions end at once and they can no longer sign in. What they did stays in the audit trail.'
            : 'Their authenticator app, recovery codes and passkeys stop working and their sessions end.'}
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}

/** Single sign-on and API keys let someone in beyond a session: changing them needs a proof within five minutes. */
function LastingChangesProof({ session }: { session: AdminSessionInfo }) {
  const fresh = useFreshProof(session);
  return fresh ? null : <ProofPanel session={session} purpose="To change single sign-on or make an API key (both outlast this session)" />;
}

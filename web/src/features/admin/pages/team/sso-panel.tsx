import { useState } from 'react';
import { OPERATOR_ROLES, type AdminOperator, type AdminSso, type OperatorRole } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useSaveSso, useSso } from '../../api/session';
import { SelectField, TextField } from '../../components/fields';
import { DataTable, ErrorPanel, Loading, type Notice } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

type Draft = { required: boolean; breakGlass: string; roles: { domain: string; role: OperatorRole }[] };
const draftOf = (sso: AdminSso): Draft => ({
  required: sso.required,
  breakGlass: sso.break_glass_operator_id === null ? '' : String(sso.break_glass_operator_id),
  roles: sso.domain_roles,
});

/**
 * Single sign-on (issue 37 item 4), for owners: how the server is set up (OIDC_*, read-only here), the role a newcomer
 * of each domain joins with, and whether everybody signs in through the provider but one break-glass owner.
 */
export function SsoPanel({ owners, onNotice }: { owners: readonly AdminOperator[]; onNotice: (notice: Notice) => void }) {
  const words = useConsoleWords();
  const w = words.ssoSetup;
  const sso = useSso();
  const save = useSaveSso();
  // The owner's edits, until saved; the saved setup otherwise.
  const [edits, setDraft] = useState<Draft | null>(null);
  const [domain, setDomain] = useState('');
  if (sso.isPending) return <Loading label={w.loading} />;
  if (sso.isError) return <ErrorPanel title={w.failed} error={sso.error} onRetry={() => void sso.refetch()} />;
  const setup = sso.data;
  const draft = edits ?? draftOf(setup);
  return (
    <section className="stack-lg" aria-labelledby="sso-title">
      <h2 id="sso-title">{w.title}</h2>
      {!setup.configured ? (
        <p className="muted">
          {w.notSetUp} <code>OIDC_ISSUER</code>, <code>OIDC_CLIENT_ID</code>, <code>OIDC_CLIENT_SECRET</code> {w.notSetUpAfter}
        </p>
      ) : (
        <ActionForm
          titleId="sso-title"
          actions={
            <Button type="submit" disabled={save.isPending || (draft.required && draft.breakGlass === '')}>
              {w.submit}
            </Button>
          }
          onSubmit={() => {
            save.mutate(
              {
                required: draft.required,
                break_glass_operator_id: draft.breakGlass === '' ? null : Number(draft.breakGlass),
                domain_roles: draft.roles,
              },
              {
                onSuccess: () => {
                  setDraft(null);
                  onNotice({ kind: 'success', text: w.saved });
                },
                onError: (error) => onNotice({ kind: 'error', text: error.message }),
              },
            );
          }}
        >
          <p>
            {w.provider} <code>{setup.issuer}</code>.{' '}
            {w.mayJoin(setup.allowed_domains.length ? setup.allowed_domains.join(', ') : w.noDomain, words.roles[setup.default_role])}
          </p>
          {draft.roles.length > 0 && (
            <div className="table-card">
              <DataTable caption={w.rolesCaption} header={w.rolesHeader}>
                {draft.roles.map((entry) => (
                  <tr key={entry.domain}>
                    <th scope="row">{entry.domain}</th>
                    <td>
                      <SelectField
                        compact
                        className="label-hidden"
                        label={w.roleOf(entry.domain)}
                        options={OPERATOR_ROLES}
                        labels={words.roles}
                        value={entry.role}
                        onValue={(role) =>
                          role && setDraft({ ...draft, roles: draft.roles.map((r) => (r.domain === entry.domain ? { ...r, role } : r)) })
                        }
                      />
                    </td>
                    <td>
                      <Button
                        type="button"
                        variant="ghost"
                        size="small"
                        aria-label={w.removeNamed(entry.domain)}
                        onClick={() => setDraft({ ...draft, roles: draft.roles.filter((r) => r.domain !== entry.domain) })}
                      >
                        {w.remove}
                      </Button>
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
          <div className="form-grid">
            <TextField label={w.domain} value={domain} placeholder={w.domainPlaceholder} onChange={(e) => setDomain(e.target.value)} />
            <div className="actions">
              <Button
                type="button"
                variant="secondary"
                disabled={domain.trim() === '' || draft.roles.some((r) => r.domain === domain.trim().toLowerCase())}
                onClick={() => {
                  setDraft({ ...draft, roles: [...draft.roles, { domain: domain.trim().toLowerCase(), role: setup.default_role }] });
                  setDomain('');
                }}
              >
                {w.addDomain}
              </Button>
            </div>
          </div>
          <label className="check">
            <input type="checkbox" checked={draft.required} onChange={(e) => setDraft({ ...draft, required: e.target.checked })} />{' '}
            {w.required}
          </label>
          {draft.required && (
            <SelectField
              label={w.breakGlass}
              options={owners.map((o) => String(o.id))}
              labels={Object.fromEntries(owners.map((o) => [String(o.id), o.email]))}
              empty={w.chooseOwner}
              required
              value={draft.breakGlass}
              onValue={(id) => setDraft({ ...draft, breakGlass: id ?? '' })}
            />
          )}
        </ActionForm>
      )}
    </section>
  );
}

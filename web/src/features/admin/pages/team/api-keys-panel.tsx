import { useState } from 'react';
import { API_KEY_NAME_MAX_LENGTH, API_SCOPES, MAX_EXPIRY_DAYS, type AdminApiKey, type ApiScope } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/team';
import { TextField } from '../../components/fields';
import { ConfirmDialog, DataTable, TimeCell, type Notice } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';
import { useConsoleWords } from '../../app/console-language';
import { ActionForm } from '../../components/action-form';

/**
 * Scoped API keys (issue 37 item 5): a key for each client (the product, an integration, a metrics scraper) with only
 * the scopes it needs. The key is shown once, when made (only its hash is kept); the list shows its last four
 * characters and when it was last used. The keys set in the environment are listed as such (never their values).
 */
export function ApiKeysPanel({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const w = useConsoleWords().apiKeys;
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<AdminApiKey | null>(null);
  return (
    <section className="stack-lg" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">{w.title}</h2>
      <p className="muted">
        {w.sentAs} <code>Authorization: Bearer …</code> {w.scopesAllow}
      </p>
      <ListPanel
        query={keys}
        items={keys.data?.items}
        what={w.what}
        empty={w.empty}
        caption={w.caption}
        header={w.header}
        row={(k) => (
          <tr key={k.id}>
            <td>
              {k.name}
              {k.created_by ? <span className="muted"> {w.by(k.created_by)}</span> : null}
            </td>
            <td>…{k.hint}</td>
            <td>{k.scopes.join(', ')}</td>
            <td>{w.states[k.state]}</td>
            {k.last_used_at ? <TimeCell at={k.last_used_at} /> : <td>{w.never}</td>}
            {k.expires_at ? <TimeCell at={k.expires_at} /> : <td>{w.whenRevoked}</td>}
            <td>
              {k.state === 'revoked' ? null : (
                <Button type="button" variant="danger" size="small" aria-label={w.revokeNamed(k.name)} onClick={() => setRevoking(k)}>
                  {w.revoke}
                </Button>
              )}
            </td>
          </tr>
        )}
      />
      {keys.data && keys.data.environment.length > 0 && (
        <div className="card table-card">
          <DataTable caption={w.environmentCaption} header={w.environmentHeader}>
            {keys.data.environment.map((k) => (
              <tr key={k.setting}>
                <th scope="row">
                  <code>{k.setting}</code>
                </th>
                <td>{k.scopes.join(', ')}</td>
                <td>{k.note}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
      <NewApiKeyForm />
      {revoking && (
        <ConfirmDialog
          open
          busy={revoke.isPending}
          title={w.revokeTitle(revoking.name)}
          confirmLabel={w.revoke}
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onError: (error) => onNotice({ kind: 'error', text: error.message }),
              onSuccess: () => onNotice({ kind: 'success', text: w.revoked(revoking.name) }),
              onSettled: () => setRevoking(null),
            })
          }
        >
          {w.revokeBody}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** A new key: its name, how long it holds, and its scopes; shown once, whole, when made. */
function NewApiKeyForm() {
  const w = useConsoleWords().apiKeys;
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [days, setDays] = useState('');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [problem, setProblem] = useState('');
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => (on ? API_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));
  return (
    <ActionForm
      titleId="new-api-key-title"
      title={w.make}
      onSubmit={() => {
        setProblem('');
        setMade(null);
        if (scopes.length === 0) {
          setProblem(w.chooseScope);
          return;
        }
        create.mutate(
          { name, scopes, ...(days.trim() === '' ? {} : { expires_in_days: Number(days) }) },
          {
            onSuccess: (created) => {
              setMade({ name: created.name, key: created.key });
              setName('');
              setScopes([]);
              setDays('');
            },
            onError: (error) => setProblem(error.message),
          },
        );
      }}
      actions={
        <>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            {w.submit}
          </Button>
        </>
      }
      footer={
        <>
          <div role="status" aria-live="polite">
            {made && (
              <p>
                {w.madeBefore(made.name)} <code className="partner-code">{made.key}</code>. {w.madeAfter}
              </p>
            )}
          </div>
        </>
      }
    >
      <div className="form-grid">
        <TextField label={w.name} value={name} required maxLength={API_KEY_NAME_MAX_LENGTH} onChange={(e) => setName(e.target.value)} />
        <TextField label={w.validFor} type="number" min={1} max={MAX_EXPIRY_DAYS} value={days} onChange={(e) => setDays(e.target.value)} />
      </div>
      <fieldset className="checks">
        <legend>{w.scopes}</legend>
        {API_SCOPES.map((scope) => (
          <label key={scope} className="check">
            <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
            <span>
              <code>{scope}</code>: {w.scopeUses[scope]}
            </span>
          </label>
        ))}
      </fieldset>
      {problem && (
        <p className="form-error" role="alert">
          {problem}
        </p>
      )}
    </ActionForm>
  );
}

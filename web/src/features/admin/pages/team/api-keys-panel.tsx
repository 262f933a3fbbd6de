import { useState } from 'react';
import { API_KEY_NAME_MAX_LENGTH, API_SCOPES, API_SCOPE_USES, MAX_EXPIRY_DAYS, type AdminApiKey, type ApiScope } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/team';
import { TextField } from '../../components/fields';
import { ConfirmDialog, DataTable, TimeCell, type Notice } from '../../components/console-ui';
import { ListPanel } from '../../components/list-panel';

const STATES: Record<AdminApiKey['state'], string> = { active: 'active', expired: 'expired', revoked: 'revoked' };

/**
 * Scoped API keys (issue 37 item 5): a key for each client (the product, an integration, a metrics scraper) with only
 * the scopes it needs. The key is shown once, when made (only its hash is kept); the list shows its last four
 * characters and when it was last used. The keys set in the environment are listed as such (never their values).
 */
export function ApiKeysPanel({ onNotice }: { onNotice: (notice: Notice) => void }) {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [days, setDays] = useState('');
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);
  const [problem, setProblem] = useState('');
  const [revoking, setRevoking] = useState<AdminApiKey | null>(null);
  const toggle = (scope: ApiScope, on: boolean) =>
    setScopes((current) => (on ? API_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));
  return (
    <section className="stack-lg" aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <p className="muted">
        A key is sent as <code>Authorization: Bearer …</code> and works only where its scopes allow; elsewhere it is answered 403 with the
        scope it lacks.
      </p>
      <ListPanel
        query={keys}
        items={keys.data?.items}
        what="API keys"
        empty="No key made in the console yet."
        caption="API keys made in the console, newest first"
        header={['Name', 'Ends in', 'Scopes', 'State', 'Last used', 'Expires', 'Action']}
        row={(k) => (
          <tr key={k.id}>
            <td>
              {k.name}
              {k.created_by ? <span className="muted"> (by {k.created_by})</span> : null}
            </td>
            <td>…{k.hint}</td>
            <td>{k.scopes.join(', ')}</td>
            <td>{STATES[k.state]}</td>
            {k.last_used_at ? <TimeCell at={k.last_used_at} /> : <td>never</td>}
            {k.expires_at ? <TimeCell at={k.expires_at} /> : <td>when revoked</td>}
            <td>
              {k.state === 'revoked' ? null : (
                <Button type="button" variant="danger" size="small" aria-label={`Revoke “${k.name}”`} onClick={() => setRevoking(k)}>
                  Revoke
                </Button>
              )}
            </td>
          </tr>
        )}
      />
      {keys.data && keys.data.environment.length > 0 && (
        <div className="card table-card">
          <DataTable
            caption="Keys set in the server's environment (they keep working; change them there)"
            header={['Setting', 'Scopes', 'What it is']}
          >
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
      <form
        className="card stack"
        aria-labelledby="new-api-key-title"
        onSubmit={(e) => {
          e.preventDefault();
          setProblem('');
          setMade(null);
          if (scopes.length === 0) {
            setProblem('Choose at least one scope.');
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
      >
        <h3 id="new-api-key-title">Make a key</h3>
        <div className="form-grid">
          <TextField
            label="Name (who uses it)"
            value={name}
            required
            maxLength={API_KEY_NAME_MAX_LENGTH}
            onChange={(e) => setName(e.target.value)}
          />
          <TextField
            label="Valid for (days; empty: until revoked)"
            type="number"
            min={1}
            max={MAX_EXPIRY_DAYS}
            value={days}
            onChange={(e) => setDays(e.target.value)}
          />
        </div>
        <fieldset className="checks">
          <legend>Scopes</legend>
          {API_SCOPES.map((scope) => (
            <label key={scope} className="check">
              <input type="checkbox" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
              <span>
                <code>{scope}</code>: {API_SCOPE_USES[scope]}
              </span>
            </label>
          ))}
        </fieldset>
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="actions">
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>
            Make the key
          </Button>
        </div>
        <div role="status" aria-live="polite">
          {made && (
            <p>
              The key “{made.name}” is <code className="partner-code">{made.key}</code>. Copy it now: it is not shown again.
            </p>
          )}
        </div>
      </form>
      {revoking && (
        <ConfirmDialog
          open
          busy={revoke.isPending}
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke"
          onCancel={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onError: (error) => onNotice({ kind: 'error', text: error.message }),
              onSuccess: () => onNotice({ kind: 'success', text: `“${revoking.name}” is revoked: every request with it is refused.` }),
              onSettled: () => setRevoking(null),
            })
          }
        >
          Whatever uses it is refused from now on, on every copy of the server. This cannot be undone; make a new key instead.
        </ConfirmDialog>
      )}
    </section>
  );
}

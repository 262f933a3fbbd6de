import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../../api/team';
import { TextField } from '../../components/fields';
import { DataTable, ErrorPanel, Loading, TimeCell, type Notice } from '../../components/console-ui';

/** The operator's passkeys: sign in with one instead of password and code; add (named), list, remove. */
export function PasskeysPanel({ locked, onNotice }: { locked: boolean; onNotice: (notice: Notice) => void }) {
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name || 'Passkey', {
      onSuccess: () => {
        setName('');
        onNotice({ kind: 'success', text: 'The passkey is added: you can sign in with it.' });
      },
    });
  };
  const error = add.error ?? remove.error;
  return (
    <section className="card stack" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">Passkeys</h2>
      <p className="muted">A passkey signs you in with your device's screen lock or security key, instead of password and code.</p>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      {passkeys.isPending && <Loading label="Loading your passkeys…" />}
      {passkeys.isError && (
        <ErrorPanel title="Your passkeys could not be loaded" error={passkeys.error} onRetry={() => void passkeys.refetch()} />
      )}
      {passkeys.data && passkeys.data.items.length > 0 && (
        <DataTable
          caption="Your passkeys"
          header={
            <>
              <th scope="col">Name</th>
              <th scope="col">Added</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </>
          }
        >
          {passkeys.data.items.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.name}</th>
              <TimeCell at={p.created_at} />
              {p.last_used_at ? <TimeCell at={p.last_used_at} /> : <td>never</td>}
              <td>
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => remove.mutate(p.id)}
                  disabled={locked || remove.isPending}
                  aria-label={`Remove the passkey ${p.name}`}
                >
                  Remove
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form className="inline-form" onSubmit={submit}>
        <TextField
          id="passkey-name"
          label="Name (which device)"
          placeholder="e.g. Work laptop"
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" disabled={locked || add.isPending}>
          {add.isPending ? 'Waiting for your device…' : 'Add a passkey'}
        </Button>
      </form>
    </section>
  );
}

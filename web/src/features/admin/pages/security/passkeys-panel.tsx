import { useState, type FormEvent } from 'react';
import { Button } from '../../../../components/ui/button';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../../api/team';
import { TextField } from '../../components/fields';
import { DataTable, ErrorPanel, Loading, TimeCell, type Notice } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';

/** The operator's passkeys: sign in with one instead of password and code; add (named), list, remove. */
export function PasskeysPanel({ locked, onNotice }: { locked: boolean; onNotice: (notice: Notice) => void }) {
  const w = useConsoleWords().passkeys;
  const passkeys = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(name || w.defaultName, {
      onSuccess: () => {
        setName('');
        onNotice({ kind: 'success', text: w.added });
      },
    });
  };
  const error = add.error ?? remove.error;
  return (
    <section className="card stack" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title">{w.title}</h2>
      <p className="muted">{w.intro}</p>
      {error && (
        <p className="form-error" role="alert">
          {error.message}
        </p>
      )}
      {passkeys.isPending && <Loading label={w.loading} />}
      {passkeys.isError && <ErrorPanel title={w.failed} error={passkeys.error} onRetry={() => void passkeys.refetch()} />}
      {passkeys.data && passkeys.data.items.length > 0 && (
        <DataTable
          caption={w.caption}
          header={
            <>
              <th scope="col">{w.name}</th>
              <th scope="col">{w.addedAt}</th>
              <th scope="col">{w.lastUsed}</th>
              <th scope="col">
                <span className="visually-hidden">{w.actions}</span>
              </th>
            </>
          }
        >
          {passkeys.data.items.map((p) => (
            <tr key={p.id}>
              <th scope="row">{p.name}</th>
              <TimeCell at={p.created_at} />
              {p.last_used_at ? <TimeCell at={p.last_used_at} /> : <td>{w.never}</td>}
              <td>
                <Button
                  variant="ghost"
                  size="small"
                  onClick={() => remove.mutate(p.id)}
                  disabled={locked || remove.isPending}
                  aria-label={w.removeNamed(p.name)}
                >
                  {w.remove}
                </Button>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <form className="inline-form" onSubmit={submit}>
        <TextField
          id="passkey-name"
          label={w.nameLabel}
          placeholder={w.namePlaceholder}
          value={name}
          maxLength={100}
          onChange={(e) => setName(e.target.value)}
        />
        <Button type="submit" disabled={locked || add.isPending}>
          {add.isPending ? w.waiting : w.add}
        </Button>
      </form>
    </section>
  );
}

import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH as MIN_LENGTH } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useChangePassword } from '../../api/team';
import { TextField } from '../../components/fields';
import type { Notice } from '../../components/console-ui';
import { useConsoleWords } from '../../app/console-language';

/** A new password, typed twice; the operator's other sessions end, and a mail tells them it changed. */
export function PasswordPanel({ locked, onNotice }: { locked: boolean; onNotice: (notice: Notice) => void }) {
  const w = useConsoleWords().password;
  const change = useChangePassword();
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again.length > 0 && next !== again;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    change.mutate(next, {
      onSuccess: () => {
        setNext('');
        setAgain('');
        onNotice({ kind: 'success', text: w.changed });
      },
    });
  };
  return (
    <section className="card stack" aria-labelledby="password-title">
      <h2 id="password-title">{w.title}</h2>
      {change.error && (
        <p className="form-error" role="alert">
          {change.error.message}
        </p>
      )}
      <form className="stack" onSubmit={submit}>
        <TextField
          id="new-password"
          label={w.newLabel(MIN_LENGTH)}
          type="password"
          autoComplete="new-password"
          minLength={MIN_LENGTH}
          required
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          id="new-password-again"
          label={w.again}
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? 'password-mismatch' : undefined}
        />
        {mismatch && (
          <p className="form-error" id="password-mismatch">
            {w.differ}
          </p>
        )}
        <Button type="submit" disabled={locked || change.isPending || next.length < MIN_LENGTH || next !== again}>
          {w.submit}
        </Button>
      </form>
    </section>
  );
}

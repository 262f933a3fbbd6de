import { useEffect, useState, type FormEvent } from 'react';
import type { AdminSessionInfo } from '@waitlist/contract';
import { Button } from '../../../../components/ui/button';
import { useProveItIsMe } from '../../api/team';
import { TextField } from '../../components/fields';
import { useConsoleWords } from '../../app/console-language';

/**
 * Whether the session may change how its operator signs in now (a sign-in or a proof within five minutes); turns
 * false by itself when the time passes.
 */
export function useFreshProof(session: AdminSessionInfo): boolean {
  const until = Date.parse(session.fresh_until);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const left = until - Date.now();
    if (left <= 0) return;
    const timer = setTimeout(() => setNow(Date.now()), left + 50);
    return () => clearTimeout(timer);
  }, [until]);
  return until > now;
}

/**
 * "Confirm it is you": the password (and the code of the app, or a recovery code, when there is one) or a passkey.
 * Changing a passkey, the authenticator, recovery codes or the password needs it once every five minutes.
 */
export function ProofPanel({
  session,
  purpose,
}: {
  session: AdminSessionInfo;
  /** What needs the proof, as the start of the panel's sentence (changing how one signs in, unless given). */
  purpose?: string;
}) {
  const w = useConsoleWords().proof;
  const prove = useProveItIsMe();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const hasApp = session.two_factor.totp;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const factor = hasApp && code ? (useRecovery ? { recovery_code: code.trim() } : { totp: code.replace(/\s+/g, '') }) : {};
    prove.mutate({ password, ...factor }, { onSuccess: () => (setPassword(''), setCode('')) });
  };
  return (
    <section className="card stack" aria-labelledby="proof-title">
      <h2 id="proof-title">{w.title}</h2>
      <p>{w.how(purpose ?? w.purpose, hasApp)}</p>
      {prove.error && (
        <p className="form-error" role="alert" id="proof-error">
          {prove.error.message}
        </p>
      )}
      <form className="stack" onSubmit={submit}>
        <TextField
          id="proof-password"
          label={w.password}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          aria-describedby={prove.error ? 'proof-error' : undefined}
        />
        {hasApp && (
          <>
            <TextField
              id="proof-code"
              label={useRecovery ? w.recoveryCode : w.appCode}
              inputMode={useRecovery ? 'text' : 'numeric'}
              autoComplete="one-time-code"
              required
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <Button variant="ghost" size="small" type="button" onClick={() => (setUseRecovery(!useRecovery), setCode(''))}>
              {useRecovery ? w.useApp : w.useRecovery}
            </Button>
          </>
        )}
        <div className="inline-form">
          <Button type="submit" disabled={prove.isPending || !password || (hasApp && !code)}>
            {w.confirm}
          </Button>
          {session.two_factor.passkeys > 0 && (
            <Button variant="secondary" type="button" onClick={() => prove.mutate('passkey')} disabled={prove.isPending}>
              {w.passkey}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

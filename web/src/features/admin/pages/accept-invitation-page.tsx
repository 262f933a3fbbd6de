import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useJoinThroughProvider, useSsoOffer } from '../api/session';
import { useAcceptInvitation } from '../api/team';
import { TextField } from '../components/fields';
import { SignedOutCard } from '../components/signed-out-card';
import { useConsoleWords } from '../app/console-language';

/**
 * An invited teammate's first visit: the link's token (taken out of the address bar as soon as the page read it)
 * and a password chosen twice; accepting signs them in.
 */
export function AcceptInvitationPage({ token, onJoined }: { token: string; onJoined: () => void }) {
  const w = useConsoleWords().join;
  const accept = useAcceptInvitation();
  const ssoOffer = useSsoOffer();
  const throughProvider = useJoinThroughProvider();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again.length > 0 && password !== again;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    accept.mutate({ token, password }, { onSuccess: onJoined });
  };
  return (
    <SignedOutCard>
      <h1>{w.title}</h1>
      <p className="muted">{w.intro}</p>
      {accept.isError && (
        <p className="form-error" role="alert" id="join-error">
          {accept.error.message}
        </p>
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          id="join-password"
          label={w.password}
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          id="join-again"
          label={w.again}
          type="password"
          autoComplete="new-password"
          required
          value={again}
          onChange={(e) => setAgain(e.target.value)}
          aria-invalid={mismatch}
          aria-describedby={mismatch ? 'join-mismatch' : undefined}
        />
        {mismatch && (
          <p className="form-error" id="join-mismatch">
            {w.mismatch}
          </p>
        )}
        <Button type="submit" className="btn-block" disabled={accept.isPending || password.length < 12 || password !== again}>
          {accept.isPending ? w.submitting : w.submit}
        </Button>
      </form>
      {ssoOffer.data?.offered && (
        <div className="stack">
          <p className="muted">{w.throughProvider}</p>
          {throughProvider.isError && (
            <p className="form-error" role="alert">
              {throughProvider.error.message}
            </p>
          )}
          <Button
            type="button"
            variant="secondary"
            className="btn-block"
            disabled={throughProvider.isPending || throughProvider.isSuccess}
            onClick={() => throughProvider.mutate(token)}
          >
            {throughProvider.isPending || throughProvider.isSuccess ? w.going : w.withProvider}
          </Button>
        </div>
      )}
    </SignedOutCard>
  );
}

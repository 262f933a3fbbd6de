import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useJoinThroughProvider, useSsoOffer } from '../api/session';
import { useAcceptInvitation } from '../api/team';
import { TextField } from '../components/fields';
import { SignedOutCard } from '../components/signed-out-card';

/**
 * An invited teammate's first visit: the link's token (taken out of the address bar as soon as the page read it)
 * and a password chosen twice; accepting signs them in.
 */
export function AcceptInvitationPage({ token, onJoined }: { token: string; onJoined: () => void }) {
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
      <h1>Join the team</h1>
      <p className="muted">Choose the password you will sign in with (at least 12 characters). This link works once.</p>
      {accept.isError && (
        <p className="form-error" role="alert" id="join-error">
          {accept.error.message}
        </p>
      )}
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          id="join-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={12}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <TextField
          id="join-again"
          label="The same password again"
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
            The two passwords are not the same.
          </p>
        )}
        <Button type="submit" className="btn-block" disabled={accept.isPending || password.length < 12 || password !== again}>
          {accept.isPending ? 'Joining…' : 'Set my password and sign in'}
        </Button>
      </form>
      {ssoOffer.data?.offered && (
        <div className="stack">
          <p className="muted">Or join with the account your organisation gives you: this link decides your role.</p>
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
            {throughProvider.isPending || throughProvider.isSuccess
              ? 'Going to your organisation…'
              : 'Join with your organisation’s account'}
          </Button>
        </div>
      )}
    </SignedOutCard>
  );
}

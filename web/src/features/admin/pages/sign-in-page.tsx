import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useSignIn } from '../api/session';
import { TextField } from '../components/fields';
import { StatusMessage, type Notice } from '../components/ui';

export function SignInPage({ notice, onSignedIn }: { notice: Notice | null; onSignedIn: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate(
      { email, password },
      {
        onSuccess: () => {
          setPassword('');
          onSignedIn();
        },
      },
    );
  };

  return (
    <div className="signin-layout">
      <main className="signin-card card">
        <div className="brand brand-large">
          <span className="brand-mark" aria-hidden="true">
            W
          </span>
          Waitlist console
        </div>
        <h1>Sign in</h1>
        <p className="muted">
          For operators only. Accounts are created with <code>npm run admin -- add EMAIL</code>.
        </p>
        <StatusMessage notice={signIn.isError ? null : notice} onDismiss={onSignedIn} />
        {signIn.isError && (
          <p className="form-error" role="alert" id="signin-error">
            {signIn.error.message}
          </p>
        )}
        <form onSubmit={submit} className="stack" noValidate>
          <TextField
            id="signin-email"
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-describedby={signIn.isError ? 'signin-error' : undefined}
          />
          <TextField
            id="signin-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Button type="submit" className="btn-block" disabled={signIn.isPending || !email || !password}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </Button>
        </form>
      </main>
    </div>
  );
}

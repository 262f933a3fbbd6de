import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from './api';
import { StatusMessage, type Notice } from './ui';
import { adminKeys } from './query-keys';


export function SignInPage({ notice, onSignedIn }: { notice: Notice | null; onSignedIn: () => void }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useMutation({
    mutationFn: () => adminApi.signIn(email, password),
    onSuccess: (session) => {
      setPassword('');
      onSignedIn();
      queryClient.setQueryData(adminKeys.session(), session);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
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
        <p className="muted">For operators only. Accounts are created with <code>npm run admin -- add EMAIL</code>.</p>
        <StatusMessage notice={signIn.isError ? null : notice} onDismiss={onSignedIn} />
        {signIn.isError && (
          <p className="form-error" role="alert" id="signin-error">
            {signIn.error.message}
          </p>
        )}
        <form onSubmit={submit} className="stack" noValidate>
          <div className="field">
            <label htmlFor="signin-email">E-mail</label>
            <input
              id="signin-email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-describedby={signIn.isError ? 'signin-error' : undefined}
            />
          </div>
          <div className="field">
            <label htmlFor="signin-password">Password</label>
            <input
              id="signin-password"
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-primary btn-block" disabled={signIn.isPending || !email || !password}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </main>
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminApi } from '../api/client';
import { StatusMessage, type Notice } from '../components/ui';
import { adminKeys } from '../api/query-keys';

function SignInField(props: {
  id: string;
  label: string;
  type: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  describedBy?: string | undefined;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        aria-describedby={props.describedBy}
      />
    </div>
  );
}

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
          <SignInField
            id="signin-email"
            label="E-mail"
            type="email"
            autoComplete="username"
            value={email}
            onChange={setEmail}
            describedBy={signIn.isError ? 'signin-error' : undefined}
          />
          <SignInField
            id="signin-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
          />
          <button type="submit" className="btn btn-primary btn-block" disabled={signIn.isPending || !email || !password}>
            {signIn.isPending ? 'Signing in…' : 'Sign in'}
          </button>
        </form>
      </main>
    </div>
  );
}

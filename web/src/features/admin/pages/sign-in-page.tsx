import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { AdminApiError } from '../api/client';
import { useSignIn, useSsoOffer } from '../api/session';
import { usePasskeySignIn } from '../api/team';
import { TextField } from '../components/fields';
import { SecondFactorCodeField } from '../components/code-field';
import { StatusMessage, type Notice } from '../components/console-ui';
import { SignedOutCard } from '../components/signed-out-card';
import { useConsoleWords } from '../app/console-language';
import { SsoCodeForm, SsoLink, useSsoOutcome } from './sso-sign-in';

/**
 * Sign in with e-mail and password, then the code of an authenticator app (or a recovery code) when the account has
 * one; or with a passkey instead of both; or, where it is set up, through the organisation's identity provider (and
 * then the account's own code or passkey, if it has one).
 */
export function SignInPage({ notice, onSignedIn }: { notice: Notice | null; onSignedIn: () => void }) {
  const words = useConsoleWords();
  const w = words.signIn;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const signIn = useSignIn();
  const passkey = usePasskeySignIn();
  const ssoOffer = useSsoOffer();
  const sso = useSsoOutcome();
  // The password was right; the server asks for the second factor.
  const [secondStep, setSecondStep] = useState(false);
  // The password was right (or the identity provider knows them) and the account signs in with its passkey.
  const [passkeyStep, setPasskeyStep] = useState(sso?.kind === 'passkey');
  const codeField = useRef<HTMLInputElement>(null);
  const passkeyButton = useRef<HTMLButtonElement>(null);
  // The code field appears after the password was accepted: the cursor goes there.
  useEffect(() => {
    if (secondStep) codeField.current?.focus();
  }, [secondStep, useRecovery]);
  useEffect(() => {
    if (passkeyStep && !secondStep) passkeyButton.current?.focus();
  }, [passkeyStep, secondStep]);
  const error = signIn.error ?? passkey.error;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const factor = secondStep && code ? (useRecovery ? { recovery_code: code } : { totp: code.replace(/\s+/g, '') }) : {};
    signIn.mutate(
      { email, password, ...factor },
      {
        onSuccess: () => {
          setPassword('');
          setCode('');
          onSignedIn();
        },
        onError: (e) => {
          if (e instanceof AdminApiError && e.code === 'totp_required') setSecondStep(true);
          if (e instanceof AdminApiError && e.code === 'passkey_required') setPasskeyStep(true);
        },
      },
    );
  };
  const showError =
    error &&
    !(error instanceof AdminApiError && ((error.code === 'totp_required' && !code) || (error.code === 'passkey_required' && !code)));
  const ssoRequired = error instanceof AdminApiError && error.code === 'sso_required';

  if (sso?.kind === 'code') {
    return (
      <SignedOutCard>
        <h1>{w.title}</h1>
        <SsoCodeForm onSignedIn={onSignedIn} />
      </SignedOutCard>
    );
  }

  return (
    <SignedOutCard>
      <h1>{w.title}</h1>
      <p className="muted">
        {w.forOperators} <code>npm run admin -- add EMAIL</code>.
      </p>
      <StatusMessage notice={error ? null : notice} onDismiss={onSignedIn} />
      {sso?.kind === 'refused' && (
        <p className="form-error" role="alert">
          {words.sso.refusals[sso.refusal]}
        </p>
      )}
      {ssoOffer.data?.offered && (
        <div className="stack">
          <SsoLink primary={ssoRequired || sso?.kind === 'refused'} />
          <p className="muted divider-text">{words.common.or}</p>
        </div>
      )}
      {showError && (
        <p className="form-error" role="alert" id="signin-error">
          {error.message}
        </p>
      )}
      <form onSubmit={submit} className="stack" noValidate>
        <TextField
          id="signin-email"
          label={w.email}
          type="email"
          autoComplete="username webauthn"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby={showError ? 'signin-error' : undefined}
        />
        <TextField
          id="signin-password"
          label={w.password}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {passkeyStep && !secondStep && (
          <div className="stack" role="group" aria-labelledby="passkey-step-title">
            <p id="passkey-step-title" className="muted" role="status">
              {sso?.kind === 'passkey' ? w.passkeyAfterSso : w.passkeyAfterPassword}
            </p>
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setUseRecovery(true);
                setSecondStep(true);
              }}
            >
              {w.lostPasskey}
            </button>
          </div>
        )}
        {secondStep && (
          <div className="stack" role="group" aria-labelledby="second-factor-title">
            <p id="second-factor-title" className="muted" role="status">
              {useRecovery ? w.enterRecovery : w.enterTotp}
            </p>
            <SecondFactorCodeField
              id="signin-code"
              recovery={useRecovery}
              onRecovery={setUseRecovery}
              value={code}
              onValue={setCode}
              fieldRef={codeField}
            />
          </div>
        )}
        <Button type="submit" className="btn-block" disabled={signIn.isPending || !email || !password || (secondStep && !code)}>
          {signIn.isPending ? w.submitting : w.submit}
        </Button>
      </form>
      <div className="stack">
        <p className="muted divider-text">{words.common.or}</p>
        <Button
          ref={passkeyButton}
          variant={passkeyStep ? 'primary' : 'secondary'}
          className="btn-block"
          disabled={passkey.isPending}
          onClick={() => passkey.mutate(undefined, { onSuccess: () => onSignedIn() })}
        >
          {passkey.isPending ? w.waitingPasskey : passkeyStep ? w.withPasskey : w.passkeyInstead}
        </Button>
      </div>
    </SignedOutCard>
  );
}

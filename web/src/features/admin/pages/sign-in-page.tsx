import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { SsoRefusal } from '@waitlist/contract';
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
      <SsoOffer refusal={sso?.kind === 'refused' ? sso.refusal : null} required={ssoRequired} />
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
          <PasskeyStep
            afterSso={sso?.kind === 'passkey'}
            onLost={() => {
              setUseRecovery(true);
              setSecondStep(true);
            }}
          />
        )}
        {secondStep && <CodeStep recovery={useRecovery} onRecovery={setUseRecovery} code={code} onCode={setCode} fieldRef={codeField} />}
        <Button type="submit" className="btn-block" disabled={signIn.isPending || !email || !password || (secondStep && !code)}>
          {signIn.isPending ? w.submitting : w.submit}
        </Button>
      </form>
      <PasskeyInstead buttonRef={passkeyButton} passkey={passkey} asked={passkeyStep} onSignedIn={onSignedIn} />
    </SignedOutCard>
  );
}

/** The organisation's identity provider, where it is set up (first, when the owners require it or it just refused). */
function SsoOffer({ refusal, required }: { refusal: SsoRefusal | null; required: boolean }) {
  const words = useConsoleWords();
  const offer = useSsoOffer();
  return (
    <>
      {refusal && (
        <p className="form-error" role="alert">
          {words.sso.refusals[refusal]}
        </p>
      )}
      {offer.data?.offered && (
        <div className="stack">
          <SsoLink primary={required || refusal !== null} />
          <p className="muted divider-text">{words.common.or}</p>
        </div>
      )}
    </>
  );
}

/** The password was right and the account signs in with its passkey (or, having lost it, with a recovery code). */
function PasskeyStep({ afterSso, onLost }: { afterSso: boolean; onLost: () => void }) {
  const w = useConsoleWords().signIn;
  return (
    <div className="stack" role="group" aria-labelledby="passkey-step-title">
      <p id="passkey-step-title" className="muted" role="status">
        {afterSso ? w.passkeyAfterSso : w.passkeyAfterPassword}
      </p>
      <button type="button" className="link-button" onClick={onLost}>
        {w.lostPasskey}
      </button>
    </div>
  );
}

/** The password was right and the account has an authenticator app: its code, or a recovery code. */
function CodeStep(props: {
  recovery: boolean;
  onRecovery: (recovery: boolean) => void;
  code: string;
  onCode: (code: string) => void;
  fieldRef: RefObject<HTMLInputElement | null>;
}) {
  const w = useConsoleWords().signIn;
  return (
    <div className="stack" role="group" aria-labelledby="second-factor-title">
      <p id="second-factor-title" className="muted" role="status">
        {props.recovery ? w.enterRecovery : w.enterTotp}
      </p>
      <SecondFactorCodeField
        id="signin-code"
        recovery={props.recovery}
        onRecovery={props.onRecovery}
        value={props.code}
        onValue={props.onCode}
        fieldRef={props.fieldRef}
      />
    </div>
  );
}

/** A passkey instead of the password (the one way in, once the password asked for it). */
function PasskeyInstead(props: {
  buttonRef: RefObject<HTMLButtonElement | null>;
  passkey: ReturnType<typeof usePasskeySignIn>;
  asked: boolean;
  onSignedIn: () => void;
}) {
  const words = useConsoleWords();
  const w = words.signIn;
  const { passkey, asked, buttonRef } = props;
  return (
    <div className="stack">
      <p className="muted divider-text">{words.common.or}</p>
      <Button
        ref={buttonRef}
        variant={asked ? 'primary' : 'secondary'}
        className="btn-block"
        disabled={passkey.isPending}
        onClick={() => passkey.mutate(undefined, { onSuccess: () => props.onSignedIn() })}
      >
        {passkey.isPending ? w.waitingPasskey : asked ? w.withPasskey : w.passkeyInstead}
      </Button>
    </div>
  );
}

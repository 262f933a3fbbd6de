import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SSO_REFUSALS, SSO_START_PATH, type SsoRefusal } from '@waitlist/contract';
import { Button } from '../../../components/ui/button';
import { useSsoCode } from '../api/session';
import { SecondFactorCodeField } from '../components/code-field';

/** What the sign-in page says when the identity provider's way did not let the person in. */
const REFUSALS: Record<SsoRefusal, string> = {
  'not-configured': 'Single sign-on is not set up on this server.',
  expired: 'That sign-in through your organisation took too long or was started in another browser: try again.',
  provider:
    'Your identity provider’s answer could not be verified, so nobody was signed in. Try again; if it keeps happening, tell an owner.',
  'unverified-email': 'Your identity provider gave no verified e-mail address for you.',
  'not-allowed': 'Your address is not one of the domains this console lets in, and it was not invited. Ask an owner to invite you.',
  'other-subject': 'This address signed in before as another account of your identity provider: ask an owner.',
  unreachable: 'Your identity provider could not be reached: try again in a moment (an owner who keeps a password can still sign in).',
  'link-needed':
    'Your identity provider did not vouch for this address, so it was not linked to the console. Sign in with your password, or use the link in your invitation mail.',
  removed: 'An owner removed you from this console. Ask an owner to invite you again.',
  'invitation-over': 'This invitation is used, withdrawn or expired: ask an owner for a new one.',
};

/** Where the provider's way ended (`/admin?sso=…`), read once and taken out of the address bar. */
export type SsoOutcome = { kind: 'code' } | { kind: 'passkey' } | { kind: 'refused'; text: string } | null;

export function useSsoOutcome(): SsoOutcome {
  const [outcome] = useState<SsoOutcome>(() => {
    const value = new URLSearchParams(window.location.search).get('sso');
    if (value === 'code' || value === 'passkey') return { kind: value };
    const refusal = SSO_REFUSALS.find((r) => r === value);
    return refusal ? { kind: 'refused', text: REFUSALS[refusal] } : null;
  });
  useEffect(() => {
    if (outcome) window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
  }, [outcome]);
  return outcome;
}

/** The way to the identity provider: a plain link, so it works before the console's script has loaded. */
export function SsoLink({ primary }: { primary: boolean }) {
  return (
    <a className={`btn btn-block ${primary ? 'btn-primary' : 'btn-secondary'}`} href={SSO_START_PATH}>
      Sign in with your organisation’s account
    </a>
  );
}

/**
 * After the identity provider, an operator who has an authenticator app gives its code (or a recovery code): the
 * sign-in is theirs for 5 minutes and one try; after that, through the provider again.
 */
export function SsoCodeForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const submit = useSsoCode();
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), [useRecovery]);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit.mutate(useRecovery ? { recovery_code: code } : { totp: code.replace(/\s+/g, '') }, { onSuccess: () => onSignedIn() });
  };
  if (submit.isError) {
    return (
      <div className="stack">
        <p className="form-error" role="alert">
          {submit.error.message} The code works once: sign in through your organisation again.
        </p>
        <SsoLink primary />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="stack" noValidate aria-labelledby="sso-code-title">
      <p id="sso-code-title" role="status">
        Your organisation knows you. Your account also has an authenticator app:{' '}
        {useRecovery ? 'enter one of your recovery codes.' : 'enter the six digits it shows.'}
      </p>
      <SecondFactorCodeField
        id="sso-code"
        recovery={useRecovery}
        onRecovery={setUseRecovery}
        value={code}
        onValue={setCode}
        fieldRef={field}
      />
      <Button type="submit" className="btn-block" disabled={submit.isPending || !code}>
        {submit.isPending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}

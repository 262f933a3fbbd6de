import { useEffect, useRef, useState, type FormEvent } from 'react';
import { SSO_REFUSALS, SSO_START_PATH, type SsoRefusal } from '@waitlist/contract';
import { useConsoleWords } from '../app/console-language';
import { Button } from '../../../components/ui/button';
import { useSsoCode } from '../api/session';
import { SecondFactorCodeField } from '../components/code-field';

/** Where the provider's way ended (`/admin?sso=…`), read once and taken out of the address bar; a refusal is worded by its name. */
export type SsoOutcome = { kind: 'code' } | { kind: 'passkey' } | { kind: 'refused'; refusal: SsoRefusal } | null;

export function useSsoOutcome(): SsoOutcome {
  const [outcome] = useState<SsoOutcome>(() => {
    const value = new URLSearchParams(window.location.search).get('sso');
    if (value === 'code' || value === 'passkey') return { kind: value };
    const refusal = SSO_REFUSALS.find((r) => r === value);
    return refusal ? { kind: 'refused', refusal } : null;
  });
  useEffect(() => {
    if (outcome) window.history.replaceState(null, '', `${window.location.pathname}${window.location.hash}`);
  }, [outcome]);
  return outcome;
}

/** The way to the identity provider: a plain link, so it works before the console's script has loaded. */
export function SsoLink({ primary }: { primary: boolean }) {
  const words = useConsoleWords();
  return (
    <a className={`btn btn-block ${primary ? 'btn-primary' : 'btn-secondary'}`} href={SSO_START_PATH}>
      {words.sso.link}
    </a>
  );
}

/**
 * After the identity provider, an operator who has an authenticator app gives its code (or a recovery code): the
 * sign-in is theirs for 5 minutes and one try; after that, through the provider again.
 */
export function SsoCodeForm({ onSignedIn }: { onSignedIn: () => void }) {
  const words = useConsoleWords();
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
          {submit.error.message} {words.sso.codeOnce}
        </p>
        <SsoLink primary />
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} className="stack" noValidate aria-labelledby="sso-code-title">
      <p id="sso-code-title" role="status">
        {words.sso.knowsYou} {useRecovery ? words.sso.enterRecovery : words.sso.enterTotp}
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
        {submit.isPending ? words.signIn.submitting : words.signIn.submit}
      </Button>
    </form>
  );
}

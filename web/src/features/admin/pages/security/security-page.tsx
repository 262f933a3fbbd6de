import type { AdminSessionInfo } from '@waitlist/contract';
import type { Notice } from '../../components/console-ui';
import { SessionsPanel } from '../sessions-panel';
import { PasskeysPanel } from './passkeys-panel';
import { PasswordPanel } from './password-panel';
import { ProofPanel, useFreshProof } from './proof-panel';
import { TotpPanel } from './totp-panel';

/**
 * How the operator signs in: an authenticator app, passkeys, the password, and where they are signed in now. Changing
 * any of them needs a proof within five minutes (the sign-in counts): until then the page asks for it first.
 */
export function SecurityPage({ session, onNotice }: { session: AdminSessionInfo; onNotice: (notice: Notice) => void }) {
  const fresh = useFreshProof(session);
  return (
    <section className="stack-lg" aria-labelledby="security-title">
      <h1 id="security-title">Sign-in security</h1>
      {session.enrolment_required && (
        <p className="notice notice-warning" role="alert">
          Your role must have a second factor here. Set up an authenticator app or add a passkey to use the console.
        </p>
      )}
      {!fresh && <ProofPanel session={session} />}
      <TotpPanel on={session.two_factor.totp} locked={!fresh} onNotice={onNotice} />
      <PasskeysPanel locked={!fresh} onNotice={onNotice} />
      <PasswordPanel locked={!fresh} onNotice={onNotice} />
      {!session.enrolment_required && <SessionsPanel onNotice={onNotice} />}
    </section>
  );
}

import type { AdminSessionInfo } from '@waitlist/contract';
import type { Notice } from '../../components/console-ui';
import { SessionsPanel } from '../sessions-panel';
import { PasskeysPanel } from './passkeys-panel';
import { TotpPanel } from './totp-panel';

/** How the operator signs in: an authenticator app, passkeys, and where they are signed in now. */
export function SecurityPage({ session, onNotice }: { session: AdminSessionInfo; onNotice: (notice: Notice) => void }) {
  return (
    <section className="stack-lg" aria-labelledby="security-title">
      <h1 id="security-title">Sign-in security</h1>
      {session.enrolment_required && (
        <p className="notice notice-warning" role="alert">
          Your role must have a second factor here. Set up an authenticator app or add a passkey to use the console.
        </p>
      )}
      <TotpPanel on={session.two_factor.totp} onNotice={onNotice} />
      <PasskeysPanel onNotice={onNotice} />
      {!session.enrolment_required && <SessionsPanel onNotice={onNotice} />}
    </section>
  );
}

import type { AdminSessionInfo } from '@waitlist/contract';
import type { Notice } from '../../components/console-ui';
import { SessionsPanel } from '../sessions-panel';
import { PasskeysPanel } from './passkeys-panel';
import { PasswordPanel } from './password-panel';
import { ProofPanel, useFreshProof } from './proof-panel';
import { TotpPanel } from './totp-panel';
import { useConsoleWords } from '../../app/console-language';

/**
 * How the operator signs in: an authenticator app, passkeys, the password, and where they are signed in now. Changing
 * any of them needs a proof within five minutes (the sign-in counts): until then the page asks for it first.
 */
export function SecurityPage({ session, onNotice }: { session: AdminSessionInfo; onNotice: (notice: Notice) => void }) {
  const words = useConsoleWords();
  const fresh = useFreshProof(session);
  return (
    <section className="stack-lg" aria-labelledby="security-title">
      <h1 id="security-title">{words.screens.security}</h1>
      {session.enrolment_required && (
        <p className="notice notice-warning" role="alert">
          {words.security.enrol}
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

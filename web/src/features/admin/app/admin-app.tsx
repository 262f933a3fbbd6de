import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminSessionInfo } from '@waitlist/contract';
import { Link, Outlet, useMatches, useNavigate, useRouterState } from '@tanstack/react-router';
import { Button } from '../../../components/ui/button';
import { AdminApiError } from '../api/client';
import { adminKeys, sameKey } from '../api/query-keys';
import { useSession, useSignOut } from '../api/session';
import { StatusMessage } from '../components/console-ui';
import { AcceptInvitationPage } from '../pages/accept-invitation-page';
import { SecurityPage } from '../pages/security/security-page';
import { SignInPage } from '../pages/sign-in-page';
import { ConsoleLanguageProvider, useConsoleWords } from './console-language';
import { ConsoleShell } from './console-shell';
import { ConsoleStateProvider, SignedInSession, useConsoleState, useOnNotice } from './console-state';
import { takeJoinToken } from './old-links';
import { RoleProvider, useCan } from './role';
import { useAccountLanguageChoice } from './language-switch';

/** A 401 from any query means the session ended (idle expiry, signed out elsewhere): back to sign-in. */
function useSignInAgainOnExpiry() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.query.state.error;
        if (event.type !== 'updated' || !(error instanceof AdminApiError) || error.status !== 401) return;
        if (sameKey(event.query.queryKey, adminKeys.session())) return;
        queryClient.setQueryData(adminKeys.session(), undefined);
        void queryClient.invalidateQueries({ queryKey: adminKeys.session() });
      }),
    [queryClient],
  );
}

/**
 * The console at every address: signed out, the sign-in form (at the address the link named, which opens once signed
 * in); signed in, the screen the address names inside the console's frame. Any 401 later brings the sign-in form back.
 */
export function ConsoleRoot() {
  // Above the session's states, so what the tab remembers (a notice, the list's view) outlives a sign-out's reload.
  return (
    <ConsoleLanguageProvider>
      <ConsoleStateProvider>
        <SessionGate />
      </ConsoleStateProvider>
    </ConsoleLanguageProvider>
  );
}

function SessionGate() {
  const words = useConsoleWords();
  const session = useSession();
  useSignInAgainOnExpiry();
  if (session.isPending) {
    return (
      <div className="admin-center" role="status">
        <span className="spinner" aria-hidden="true" /> {words.shell.loading}
      </div>
    );
  }
  if (session.isError && !(session.error instanceof AdminApiError && session.error.status === 401)) {
    return (
      <div className="admin-center">
        <div className="card card-narrow" role="alert">
          <h1>{words.shell.unreachable}</h1>
          <p>{session.error.message}</p>
          <Button onClick={() => void session.refetch()}>{words.common.tryAgain}</Button>
        </div>
      </div>
    );
  }
  return <SignedInOrNot session={session.data} />;
}

/**
 * The session comes from SessionGate, never from a second useSession here: a new reader of the session's query after
 * a 401 would fetch it again, which puts it back to pending (no data), unmounting this and so on without end.
 */
function SignedInOrNot({ session }: { session: AdminSessionInfo | undefined }) {
  const navigate = useNavigate();
  const { notice, setNotice } = useConsoleState();
  // An invitation link's token is read once, then taken out of the address bar (and so out of history and bookmarks).
  const [joinToken, setJoinToken] = useState(takeJoinToken);
  const path = useRouterState({ select: (state) => state.location.pathname });
  if (joinToken && path === '/join') {
    return (
      <AcceptInvitationPage
        token={joinToken}
        onJoined={() => {
          setJoinToken(null);
          void navigate({ to: '/signups' });
        }}
      />
    );
  }
  if (!session) return <SignInPage notice={notice} onSignedIn={() => setNotice(null)} />;
  return <SignedIn session={session} />;
}

function SignedIn({ session }: { session: AdminSessionInfo }) {
  const { operator } = session;
  const words = useConsoleWords();
  const { notice, setNotice, setAddressSearch, setLastListView } = useConsoleState();
  const onNotice = useOnNotice();
  useAccountLanguageChoice();
  const main = useRef<HTMLElement>(null);

  const path = useRouterState({ select: (state) => state.location.pathname });
  const title = useMatches({ select: (matches) => matches.at(-1)?.staticData.title });
  const navigate = useNavigate();
  // The sign-in form then shows at /admin/signups, with the notice raised for that address.
  const signOut = useSignOut(() => {
    // What this operator searched and filtered is not the next one's.
    setAddressSearch('');
    setLastListView({});
    setNotice({ kind: 'info', text: words.shell.signedOut }, '/signups');
    void navigate({ to: '/signups' });
  });
  const enrolmentOnly = session.enrolment_required;
  const onSecurity = path === '/account/security';

  // A new screen: the tab says which, and the focus moves to its content (a screen reader hears the move).
  useEffect(() => {
    document.title = words.shell.tabTitle(words.screens[title ?? 'noSuchScreen']);
    main.current?.focus({ preventScroll: true });
  }, [path, title, words]);

  // Owners are reminded to protect the account that can export and erase everything.
  const nudge = operator.role === 'owner' && !session.two_factor.totp && session.two_factor.passkeys === 0 && !onSecurity && !enrolmentOnly;
  return (
    <SignedInSession.Provider value={session}>
      <RoleProvider role={operator.role}>
        <ConsoleShell
          operator={operator.email}
          role={operator.role}
          enrolmentOnly={enrolmentOnly}
          signingOut={signOut.isPending}
          onSignOut={() => signOut.mutate()}
          mainRef={main}
        >
          <StatusMessage notice={notice} onDismiss={() => setNotice(null)} />
          {nudge && (
            <p className="notice notice-warning">
              {words.shell.protect} <Link to="/account/security">{words.shell.protectLink}</Link>
            </p>
          )}
          {/* REQUIRE_2FA: only the security screen until a second factor is set up, whatever the address. */}
          {enrolmentOnly ? <SecurityPage session={session} onNotice={onNotice} /> : <ScreenForRole />}
        </ConsoleShell>
      </RoleProvider>
    </SignedInSession.Provider>
  );
}

/** The screen the address names, or why this operator's role may not see it. */
function ScreenForRole() {
  const words = useConsoleWords();
  const need = useMatches({ select: (matches) => matches.at(-1)?.staticData.role });
  const can = useCan();
  if (need && !can(need)) {
    return (
      <section className="stack-lg" aria-labelledby="forbidden-title">
        <h1 id="forbidden-title">{words.shell.forbidden(words.rolesPlural[need])}</h1>
        <p>{words.shell.forbiddenWhy}</p>
        <p>
          <Link to="/signups">{words.shell.toSignups}</Link>
        </p>
      </section>
    );
  }
  return <Outlet />;
}

/** An address under /admin that names no screen (a mistyped or an old link). */
export function NoSuchScreen() {
  const words = useConsoleWords();
  return (
    <section className="stack-lg" aria-labelledby="no-screen-title">
      <h1 id="no-screen-title">{words.screens.noSuchScreen}</h1>
      <p>{words.shell.noSuchScreen}</p>
      <p>
        <Link to="/signups">{words.shell.toSignups}</Link>
      </p>
    </section>
  );
}

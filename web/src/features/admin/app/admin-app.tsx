import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AdminFilters } from '@waitlist/contract';
import { Button } from '../../../components/ui/button';
import { AdminApiError } from '../api/client';
import { adminKeys, sameKey } from '../api/query-keys';
import { useSession, useSignOut } from '../api/session';
import { Loading, StatusMessage, type Notice } from '../components/console-ui';
import { CompaniesPage } from '../pages/companies-page';
import { FunnelPage } from '../pages/funnel-page';
import { MailSettingsPage } from '../pages/mail-settings-page';
import { DeliverabilityPage } from '../pages/deliverability/deliverability-page';
import { OutboxPage } from '../pages/outbox/outbox-page';
import { PilotsPage } from '../pages/pilots/pilots-page';
import { CrmPage } from '../pages/crm/crm-page';
import { SignInPage } from '../pages/sign-in-page';
import { AcceptInvitationPage } from '../pages/accept-invitation-page';
import { SecurityPage } from '../pages/security/security-page';
import { TeamPage } from '../pages/team/team-page';
import { AuditPage } from '../pages/audit/audit-page';
import { SignupDetailPage } from '../pages/signup-detail/signup-detail-page';
import { SignupsPage } from '../pages/signups/signups-page';
import { ConsoleShell } from './console-shell';
import { RoleProvider } from './role';
import { joinTokenOf, useHashRoute, type AdminRoute } from './use-hash-route';

// The charts library loads only when the dashboard is opened.
const DashboardPage = lazy(() => import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));

const DEFAULT_FILTERS: AdminFilters = { sort: '-created_at' };

const TITLES: Record<AdminRoute['name'], string> = {
  signups: 'Sign-ups',
  signup: 'Sign-up',
  dashboard: 'Dashboard',
  outbox: 'Outbox',
  funnel: 'Funnel',
  companies: 'Companies',
  settings: 'Mail settings',
  deliverability: 'Deliverability',
  pilots: 'Pilots',
  crm: 'CRM',
  team: 'Team',
  security: 'Security',
  audit: 'Audit trail',
  join: 'Join the team',
};

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

/** Signed out → the sign-in form; signed in → the console. Any 401 later on brings the sign-in form back. */
export function AdminApp() {
  const session = useSession();
  const [route, navigate] = useHashRoute();
  // An invitation link's token is read once, then taken out of the address bar (and so out of history and bookmarks).
  const [joinToken, setJoinToken] = useState(() => joinTokenOf(window.location.hash));
  useEffect(() => {
    if (joinToken) window.history.replaceState(null, '', `${window.location.pathname}#/join`);
  }, [joinToken]);
  const [filters, setFilters] = useState<AdminFilters>(DEFAULT_FILTERS);
  // A notice belongs to the screen it was raised for, and disappears when the operator moves on.
  const [noticeState, setNoticeState] = useState<{ notice: Notice; on: AdminRoute['name'] } | null>(null);
  const setNotice = (notice: Notice | null, on: AdminRoute['name'] = route.name) => setNoticeState(notice ? { notice, on } : null);
  const notice = noticeState && (noticeState.on === route.name || !session.data) ? noticeState.notice : null;
  const main = useRef<HTMLElement>(null);
  const signOut = useSignOut(() => {
    setFilters(DEFAULT_FILTERS);
    setNotice({ kind: 'info', text: 'You are signed out.' });
    window.location.hash = '#/';
  });
  useSignInAgainOnExpiry();

  useEffect(() => {
    document.title = `${TITLES[route.name]} · Operator console`;
    main.current?.focus({ preventScroll: true });
  }, [route.name]);

  if (session.isPending) {
    return (
      <div className="admin-center" role="status">
        <span className="spinner" aria-hidden="true" /> Loading the console…
      </div>
    );
  }
  if (session.isError && !(session.error instanceof AdminApiError && session.error.status === 401)) {
    return (
      <div className="admin-center">
        <div className="card card-narrow" role="alert">
          <h1>The console cannot reach the server</h1>
          <p>{session.error.message}</p>
          <Button onClick={() => void session.refetch()}>Try again</Button>
        </div>
      </div>
    );
  }
  if (joinToken && route.name === 'join') {
    return (
      <AcceptInvitationPage
        token={joinToken}
        onJoined={() => {
          setJoinToken(null);
          navigate({ name: 'signups' });
        }}
      />
    );
  }
  if (!session.data) return <SignInPage notice={notice} onSignedIn={() => setNotice(null)} />;
  const { operator } = session.data;
  const enrolmentOnly = session.data.enrolment_required;
  const showSecurity = enrolmentOnly || route.name === 'security';
  // Owners are reminded to protect the account that can export and erase everything.
  const nudge = operator.role === 'owner' && !session.data.two_factor.totp && session.data.two_factor.passkeys === 0 && !showSecurity;

  return (
    <RoleProvider role={operator.role}>
      <ConsoleShell
        route={enrolmentOnly ? { name: 'security' } : route}
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
            Your account can export and erase the whole list: protect it with a second factor.{' '}
            <a href="#/security">Set up an authenticator app or a passkey</a>
          </p>
        )}
        {showSecurity && <SecurityPage session={session.data} onNotice={(n) => setNotice(n, 'security')} />}
        {!enrolmentOnly && route.name === 'team' && <TeamPage onNotice={(n) => setNotice(n, 'team')} />}
        {!enrolmentOnly && route.name === 'audit' && <AuditPage />}
        {!enrolmentOnly && route.name === 'signups' && <SignupsPage filters={filters} onFiltersChange={setFilters} />}
        {!enrolmentOnly && route.name === 'signup' && (
          <SignupDetailPage
            id={route.id}
            onErased={() => {
              setNotice({ kind: 'success', text: 'The sign-up was erased. Its e-mail address can sign up again.' }, 'signups');
              navigate({ name: 'signups' });
            }}
            onNotice={(n) => setNotice(n, 'signup')}
          />
        )}
        {!enrolmentOnly && route.name === 'outbox' && <OutboxPage />}
        {!enrolmentOnly && route.name === 'deliverability' && <DeliverabilityPage />}
        {!enrolmentOnly && route.name === 'funnel' && <FunnelPage />}
        {!enrolmentOnly && route.name === 'companies' && (
          <CompaniesPage
            onOpen={(domain) => {
              setFilters({ sort: '-created_at', company: domain });
              navigate({ name: 'signups' });
            }}
          />
        )}
        {!enrolmentOnly && route.name === 'pilots' && <PilotsPage filters={filters} operator={session.data.operator.email} />}
        {!enrolmentOnly && route.name === 'crm' && <CrmPage session={session.data} onNotice={(n) => setNotice(n, 'crm')} />}
        {!enrolmentOnly && route.name === 'settings' && <MailSettingsPage onNotice={(n) => setNotice(n, 'settings')} />}
        {!enrolmentOnly && route.name === 'dashboard' && (
          <Suspense fallback={<Loading label="Loading the dashboard…" />}>
            <DashboardPage />
          </Suspense>
        )}
      </ConsoleShell>
    </RoleProvider>
  );
}

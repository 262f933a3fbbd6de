import { Suspense, lazy, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminFilters } from '@waitlist/contract';
import { AdminApiError, adminApi } from '../api/client';
import { adminKeys, sameKey } from '../api/query-keys';
import { SignInPage } from '../pages/sign-in-page';
import { SignupsPage } from '../pages/signups-page';
import { SignupDetailPage } from '../pages/signup-detail-page';
import { hrefOf, useHashRoute, type AdminRoute } from './use-hash-route';
import { Loading, StatusMessage, type Notice } from '../components/ui';
import { OutboxPage } from '../pages/mail-log';
import { WebhooksPanel } from '../pages/webhooks-panel';
import { FunnelPage } from '../pages/funnel-page';
import { CompaniesPage } from '../pages/companies-page';
import { MailSettingsPage } from '../pages/mail-settings-page';

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
};

/** Signed out → the sign-in form; signed in → the console. Any 401 later on brings the sign-in form back. */
export function AdminApp() {
  const queryClient = useQueryClient();
  const session = useQuery({ queryKey: adminKeys.session(), queryFn: adminApi.session, staleTime: 60_000 });
  const [route, navigate] = useHashRoute();
  const [filters, setFilters] = useState<AdminFilters>(DEFAULT_FILTERS);
  // A notice belongs to the screen it was raised for, and disappears when the operator moves on.
  const [noticeState, setNoticeState] = useState<{ notice: Notice; on: AdminRoute['name'] } | null>(null);
  const setNotice = (notice: Notice | null, on: AdminRoute['name'] = route.name) => setNoticeState(notice ? { notice, on } : null);
  const notice = noticeState && (noticeState.on === route.name || !session.data) ? noticeState.notice : null;
  const main = useRef<HTMLElement>(null);

  // A 401 from any query means the session ended (idle expiry, signed out elsewhere): back to sign-in.
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const error = event.query.state.error;
        if (
          event.type === 'updated' &&
          error instanceof AdminApiError &&
          error.status === 401 &&
          !sameKey(event.query.queryKey, adminKeys.session())
        ) {
          queryClient.setQueryData(adminKeys.session(), undefined);
          void queryClient.invalidateQueries({ queryKey: adminKeys.session() });
        }
      }),
    [queryClient],
  );

  useEffect(() => {
    document.title = `${TITLES[route.name]} · Operator console`;
    main.current?.focus({ preventScroll: true });
  }, [route.name]);

  const signOut = useMutation({
    mutationFn: adminApi.signOut,
    onSettled: () => {
      queryClient.clear();
      setFilters(DEFAULT_FILTERS);
      setNotice({ kind: 'info', text: 'You are signed out.' });
      window.location.hash = '#/';
    },
  });

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
          <button type="button" className="btn btn-primary" onClick={() => void session.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  if (!session.data) {
    return <SignInPage notice={notice} onSignedIn={() => setNotice(null)} />;
  }

  const nav: { route: AdminRoute; label: string }[] = [
    { route: { name: 'signups' }, label: 'Sign-ups' },
    { route: { name: 'companies' }, label: 'Companies' },
    { route: { name: 'funnel' }, label: 'Funnel' },
    { route: { name: 'dashboard' }, label: 'Dashboard' },
    { route: { name: 'outbox' }, label: 'Outbox' },
    { route: { name: 'settings' }, label: 'Mail settings' },
  ];
  const current = route.name === 'signup' ? 'signups' : route.name;

  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <a className="brand" href="#/">
            <span className="brand-mark" aria-hidden="true">
              W
            </span>
            Waitlist console
          </a>
          <nav aria-label="Console">
            <ul className="nav-list">
              {nav.map((item) => (
                <li key={item.label}>
                  <a className="nav-link" href={hrefOf(item.route)} aria-current={current === item.route.name ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <div className="topbar-user">
            <span className="operator" title="Signed in as">
              {session.data.operator.email}
            </span>
            <button type="button" className="btn btn-ghost btn-small" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              {signOut.isPending ? 'Signing out…' : 'Sign out'}
            </button>
          </div>
        </div>
      </header>
      <main id="admin-main" ref={main} tabIndex={-1} className="admin-main">
        <StatusMessage notice={notice} onDismiss={() => setNotice(null)} />
        {route.name === 'signups' && <SignupsPage filters={filters} onFiltersChange={setFilters} />}
        {route.name === 'signup' && (
          <SignupDetailPage
            id={route.id}
            onErased={() => {
              setNotice({ kind: 'success', text: 'The sign-up was erased. Its e-mail address can sign up again.' }, 'signups');
              navigate({ name: 'signups' });
            }}
            onNotice={(n) => setNotice(n, 'signup')}
          />
        )}
        {route.name === 'outbox' && (
          <div className="stack-lg">
            <OutboxPage />
            <WebhooksPanel />
          </div>
        )}
        {route.name === 'funnel' && <FunnelPage />}
        {route.name === 'companies' && (
          <CompaniesPage
            onOpen={(domain) => {
              setFilters({ sort: '-created_at', company: domain });
              navigate({ name: 'signups' });
            }}
          />
        )}
        {route.name === 'settings' && <MailSettingsPage onNotice={(n) => setNotice(n, 'settings')} />}
        {route.name === 'dashboard' && (
          <Suspense fallback={<Loading label="Loading the dashboard…" />}>
            <DashboardPage />
          </Suspense>
        )}
      </main>
    </div>
  );
}

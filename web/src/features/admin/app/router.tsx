import { Suspense, lazy, useMemo } from 'react';
import { Navigate, createRootRoute, createRoute, createRouter, useNavigate, type RouterHistory } from '@tanstack/react-router';
import type { OperatorRole } from '@waitlist/contract';
import type { ConsoleWords } from '@waitlist/catalogue/console';
import { Loading } from '../components/console-ui';
import { AuditPage } from '../pages/audit/audit-page';
import { CompaniesPage } from '../pages/companies-page';
import { CrmPage } from '../pages/crm/crm-page';
import { DeliverabilityPage } from '../pages/deliverability/deliverability-page';
import { FunnelPage } from '../pages/funnel-page';
import { MailSettingsPage } from '../pages/mail-settings-page';
import { OutboxPage } from '../pages/outbox/outbox-page';
import { CallsPage, PartnerCodesPage, QuestionsPage, UpdatesPage, WavesPage } from '../pages/pilots/pilot-pages';
import { SecurityPage } from '../pages/security/security-page';
import { SignupDetailPage } from '../pages/signup-detail/signup-detail-page';
import { SignupsPage } from '../pages/signups/signups-page';
import { TeamPage } from '../pages/team/team-page';
import { ConsoleRoot, NoSuchScreen } from './admin-app';
import { useConsoleWords } from './console-language';
import { useConsoleState, useOnNotice, useSignedIn } from './console-state';
import { auditViewOf, companiesViewOf, funnelViewOf, listViewOf, parseSearch, sendViewOf, stringifySearch } from './view-address';

// The charts library loads only when the dashboard is opened.
const DashboardPage = lazy(() => import('../pages/dashboard-page').then((m) => ({ default: m.DashboardPage })));

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createConsoleRouter>;
  }
  interface StaticDataRouteOption {
    /** The screen's name in the catalogue (console words' `screens`): the tab's title. */
    title?: keyof ConsoleWords['screens'];
    /** The least role that may open it; a link to it shows others why they cannot. */
    role?: OperatorRole;
  }
}

/**
 * The console's screens, each at its own address under /admin (issue 48 items 1 and 3), with TanStack Router: the
 * path names the screen (and the person: /admin/signups/12), the query holds the view (filters, sort, page, who a
 * send goes to), each checked as the API checks it (view-address.ts). Reload, Back and Forward, a bookmark and a link
 * sent to a teammate open the same view; the server answers every /admin/… path with the console (static-site.ts).
 */
const rootRoute = createRootRoute({ component: ConsoleRoot, notFoundComponent: NoSuchScreen });

/**
 * A screen's view from its address, checked: the router hands a screen its checked values over the raw query (what
 * the check left out would still be there), so the check runs on what the screen reads; the same raw query gives the
 * same view object, so effects keyed on it run only when the address changes.
 */
function useView<T>(raw: Record<string, unknown>, check: (search: Record<string, unknown>) => T): T {
  return useMemo(() => check(raw), [raw, check]);
}

const screen = <TPath extends string>(
  path: TPath,
  title: keyof ConsoleWords['screens'],
  component: () => React.ReactNode,
  role?: OperatorRole,
) => createRoute({ getParentRoute: () => rootRoute, path, staticData: { title, role }, component });

/**
 * A screen whose view is its query (issue 48 item 1): the query checked by `check` as the API would check it, handed to
 * the page as `view`; the page changes it by navigating (`replace`: without a step in history, for typing).
 */
function viewRoute<TPath extends string, V extends object>(
  path: TPath,
  title: keyof ConsoleWords['screens'],
  check: (search: Record<string, unknown>) => V,
  Page: (props: { view: V; onView: (view: V, replace?: boolean) => void }) => React.ReactNode,
  role?: OperatorRole,
) {
  const route = createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { title, role },
    validateSearch: check,
    component: function ViewScreen() {
      const view = useView(route.useSearch() as Record<string, unknown>, check);
      const navigate = useNavigate();
      return <Page view={view} onView={(next, replace) => void navigate({ to: path as never, search: next as never, replace })} />;
    },
  });
  return route;
}

const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <Navigate to="/signups" replace /> });

const signupsRoute = viewRoute('/signups', 'signups', listViewOf, SignupsPage);

const signupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/signups/$id',
  staticData: { title: 'signup' },
  params: {
    parse: ({ id }) => {
      if (!/^\d{1,15}$/.test(id) || Number(id) < 1) throw new Error('not a sign-up id');
      return { id: Number(id) };
    },
    stringify: ({ id }) => ({ id: String(id) }),
  },
  component: function SignupScreen() {
    const { id } = signupRoute.useParams();
    const navigate = useNavigate();
    const { setNotice, lastListView } = useConsoleState();
    const words = useConsoleWords();
    const onNotice = useOnNotice();
    return (
      <SignupDetailPage
        key={id}
        id={id}
        onErased={() => {
          setNotice({ kind: 'success', text: words.shell.erased }, '/signups');
          void navigate({ to: '/signups', search: lastListView });
        }}
        onNotice={onNotice}
      />
    );
  },
});

const companiesRoute = viewRoute('/companies', 'companies', companiesViewOf, CompaniesPage);

const wavesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pilots/waves',
  staticData: { title: 'waves' },
  validateSearch: sendViewOf,
  component: function WavesScreen() {
    return <WavesPage view={useView(wavesRoute.useSearch(), sendViewOf)} />;
  },
});

const updatesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/pilots/updates',
  staticData: { title: 'updates' },
  validateSearch: sendViewOf,
  component: function UpdatesScreen() {
    return <UpdatesPage view={useView(updatesRoute.useSearch(), sendViewOf)} operator={useSignedIn().operator.email} />;
  },
});

const funnelRoute = viewRoute('/funnel', 'funnel', funnelViewOf, FunnelPage);

// Typing an action replaces the address as it goes, so Back does not step through each letter.
const auditRoute = viewRoute('/audit', 'audit', auditViewOf, AuditPage, 'owner');

const routeTree = rootRoute.addChildren([
  indexRoute,
  signupsRoute,
  signupRoute,
  companiesRoute,
  funnelRoute,
  screen('/dashboard', 'dashboard', function DashboardScreen() {
    return (
      <Suspense fallback={<Loading label={useConsoleWords().shell.loadingDashboard} />}>
        <DashboardPage />
      </Suspense>
    );
  }),
  createRoute({ getParentRoute: () => rootRoute, path: '/pilots', component: () => <Navigate to="/pilots/waves" replace /> }),
  wavesRoute,
  updatesRoute,
  screen('/pilots/codes', 'codes', () => <PartnerCodesPage />),
  screen('/pilots/questions', 'questions', () => <QuestionsPage />),
  screen('/pilots/calls', 'calls', () => <CallsPage />),
  screen('/crm', 'crm', function CrmScreen() {
    return <CrmPage session={useSignedIn()} onNotice={useOnNotice()} />;
  }),
  screen('/outbox', 'outbox', () => <OutboxPage />),
  screen('/deliverability', 'deliverability', () => <DeliverabilityPage />),
  screen(
    '/team',
    'team',
    function TeamScreen() {
      return <TeamPage onNotice={useOnNotice()} />;
    },
    'owner',
  ),
  auditRoute,
  createRoute({ getParentRoute: () => rootRoute, path: '/account', component: () => <Navigate to="/account/security" replace /> }),
  screen('/account/security', 'security', function SecurityScreen() {
    return <SecurityPage session={useSignedIn()} onNotice={useOnNotice()} />;
  }),
  screen('/account/notifications', 'notifications', function NotificationsScreen() {
    return <MailSettingsPage onNotice={useOnNotice()} />;
  }),
  // An invited teammate's page: ConsoleRoot shows it while the invitation's token is in hand.
  screen('/join', 'join', () => <Navigate to="/signups" replace />),
]);

/** The console's router; `history` is the browser's unless given (a test's memory history). */
export const createConsoleRouter = (history?: RouterHistory) =>
  createRouter({
    routeTree,
    basepath: '/admin',
    history,
    parseSearch,
    stringifySearch,
    // The screens fetch their own data (TanStack Query): nothing to load before a screen, nothing to preload.
    defaultPreload: false,
    scrollRestoration: true,
  });

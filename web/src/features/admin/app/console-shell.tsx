import type { ReactNode, RefObject } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { OperatorRole } from '@waitlist/contract';
import { Button } from '../../../components/ui/button';
import { useConsoleState } from './console-state';
import { useCan } from './role';

interface NavItem {
  to: NonNullable<LinkProps['to']>;
  label: string;
  role?: OperatorRole;
}

/**
 * The screens grouped by the job they serve, in the order of a day's work (issue 48 item 3): the list, the pilots
 * (one page per job), the mail, the team, and the operator's own settings together. Each is a link to its address.
 */
const NAV: { label: string; items: NavItem[] }[] = [
  {
    label: 'Sign-ups',
    items: [
      { to: '/signups', label: 'Sign-ups' },
      { to: '/companies', label: 'Companies' },
      { to: '/funnel', label: 'Funnel' },
      { to: '/dashboard', label: 'Dashboard' },
    ],
  },
  {
    label: 'Pilots',
    items: [
      { to: '/pilots/waves', label: 'Waves and short list' },
      { to: '/pilots/updates', label: 'Updates to the list' },
      { to: '/pilots/calls', label: 'Calls and requests' },
      { to: '/pilots/questions', label: 'Questions and fit' },
      { to: '/pilots/codes', label: 'Partner codes' },
      { to: '/crm', label: 'CRM' },
    ],
  },
  {
    label: 'Mail',
    items: [
      { to: '/outbox', label: 'Outbox' },
      { to: '/deliverability', label: 'Deliverability' },
    ],
  },
  {
    label: 'Team',
    items: [
      { to: '/team', label: 'Team', role: 'owner' },
      { to: '/audit', label: 'Audit', role: 'owner' },
    ],
  },
  {
    label: 'Your account',
    items: [
      { to: '/account/security', label: 'Security' },
      { to: '/account/notifications', label: 'Notifications' },
    ],
  },
];

/** The console around every screen: skip link, brand, navigation (the current screen marked), who is signed in. */
export function ConsoleShell({
  operator,
  role,
  signingOut,
  onSignOut,
  mainRef,
  enrolmentOnly,
  children,
}: {
  operator: string;
  role: OperatorRole;
  /** REQUIRE_2FA: only the Security screen until a second factor is set up. */
  enrolmentOnly: boolean;
  signingOut: boolean;
  onSignOut: () => void;
  mainRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const can = useCan();
  const { lastListView } = useConsoleState();
  const visible = (item: NavItem) => (enrolmentOnly ? item.to === '/account/security' : !item.role || can(item.role));
  const groups = NAV.map((group) => ({ ...group, items: group.items.filter(visible) })).filter((group) => group.items.length > 0);
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Link className="brand" to="/signups">
            <span className="brand-mark" aria-hidden="true">
              W
            </span>
            Waitlist console
          </Link>
          <div className="topbar-user">
            <Link className="operator" to="/account/security" title="Your account: signed in as">
              {operator} <span className="operator-role">({role})</span>
            </Link>
            <Button variant="ghost" size="small" onClick={onSignOut} disabled={signingOut}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </Button>
          </div>
        </div>
      </header>
      <div className="admin-body">
        <nav aria-label="Console" className="console-nav">
          {groups.map((group) => (
            <div key={group.label} className="nav-group">
              <p className="nav-group-label" id={`nav-group-${group.label.replace(/\W+/g, '-')}`}>
                {group.label}
              </p>
              <ul className="nav-list" aria-labelledby={`nav-group-${group.label.replace(/\W+/g, '-')}`}>
                {group.items.map((item) => (
                  <li key={item.label}>
                    {/* The list is left as it was: its link carries the last filters, sort and page. */}
                    <Link
                      className="nav-link"
                      to={item.to}
                      search={(item.to === '/signups' ? lastListView : {}) as never}
                      activeOptions={{ includeSearch: false }}
                      activeProps={{ 'aria-current': 'page' }}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <main id="admin-main" ref={mainRef} tabIndex={-1} className="admin-main">
          {children}
        </main>
      </div>
    </div>
  );
}

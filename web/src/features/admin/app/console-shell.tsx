import type { ReactNode, RefObject } from 'react';
import type { OperatorRole } from '@waitlist/contract';
import { Button } from '../../../components/ui/button';
import { useCan } from './role';
import { hrefOf, type AdminRoute } from './use-hash-route';

interface NavItem {
  route: AdminRoute;
  label: string;
  role?: OperatorRole;
}

/**
 * The screens grouped by the job they serve, in the order of a day's work: the list, the pilots, the mail, the
 * team. A group takes a new screen without the bar growing sideways (the navigation is a column beside the page).
 */
const NAV: { label: string; items: NavItem[] }[] = [
  {
    label: 'Sign-ups',
    items: [
      { route: { name: 'signups' }, label: 'Sign-ups' },
      { route: { name: 'companies' }, label: 'Companies' },
      { route: { name: 'funnel' }, label: 'Funnel' },
      { route: { name: 'dashboard' }, label: 'Dashboard' },
    ],
  },
  {
    label: 'Pilots',
    items: [
      { route: { name: 'pilots' }, label: 'Pilots' },
      { route: { name: 'crm' }, label: 'CRM' },
    ],
  },
  {
    label: 'Mail',
    items: [
      { route: { name: 'outbox' }, label: 'Outbox' },
      { route: { name: 'deliverability' }, label: 'Deliverability' },
      { route: { name: 'settings' }, label: 'Mail settings' },
    ],
  },
  {
    label: 'Team',
    items: [
      { route: { name: 'team' }, label: 'Team', role: 'owner' },
      { route: { name: 'audit' }, label: 'Audit', role: 'owner' },
      { route: { name: 'security' }, label: 'Security' },
    ],
  },
];

/** The console around every screen: skip link, brand, navigation (the current screen marked), who is signed in. */
export function ConsoleShell({
  route,
  operator,
  role,
  signingOut,
  onSignOut,
  mainRef,
  enrolmentOnly,
  children,
}: {
  route: AdminRoute;
  operator: string;
  role: OperatorRole;
  /** REQUIRE_2FA: only the Security screen until a second factor is set up. */
  enrolmentOnly: boolean;
  signingOut: boolean;
  onSignOut: () => void;
  mainRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const current = route.name === 'signup' ? 'signups' : route.name;
  const can = useCan();
  const visible = (item: NavItem) => (enrolmentOnly ? item.route.name === 'security' : !item.role || can(item.role));
  const groups = NAV.map((group) => ({ ...group, items: group.items.filter(visible) })).filter((group) => group.items.length > 0);
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
          <div className="topbar-user">
            <span className="operator" title="Signed in as">
              {operator} <span className="operator-role">({role})</span>
            </span>
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
              <p className="nav-group-label" id={`nav-group-${group.label}`}>
                {group.label}
              </p>
              <ul className="nav-list" aria-labelledby={`nav-group-${group.label}`}>
                {group.items.map((item) => (
                  <li key={item.label}>
                    <a className="nav-link" href={hrefOf(item.route)} aria-current={current === item.route.name ? 'page' : undefined}>
                      {item.label}
                    </a>
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

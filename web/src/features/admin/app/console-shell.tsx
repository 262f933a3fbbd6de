import type { ReactNode, RefObject } from 'react';
import type { OperatorRole } from '@waitlist/contract';
import { Button } from '../../../components/ui/button';
import { useCan } from './role';
import { hrefOf, type AdminRoute } from './use-hash-route';

const NAV: { route: AdminRoute; label: string; role?: OperatorRole }[] = [
  { route: { name: 'signups' }, label: 'Sign-ups' },
  { route: { name: 'companies' }, label: 'Companies' },
  { route: { name: 'pilots' }, label: 'Pilots' },
  { route: { name: 'funnel' }, label: 'Funnel' },
  { route: { name: 'dashboard' }, label: 'Dashboard' },
  { route: { name: 'outbox' }, label: 'Outbox' },
  { route: { name: 'team' }, label: 'Team', role: 'owner' },
  { route: { name: 'audit' }, label: 'Audit', role: 'owner' },
  { route: { name: 'settings' }, label: 'Mail' },
  { route: { name: 'security' }, label: 'Security' },
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
  const nav = NAV.filter((item) => (enrolmentOnly ? item.route.name === 'security' : !item.role || can(item.role)));
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
              {operator} <span className="operator-role">({role})</span>
            </span>
            <Button variant="ghost" size="small" onClick={onSignOut} disabled={signingOut}>
              {signingOut ? 'Signing out…' : 'Sign out'}
            </Button>
          </div>
        </div>
      </header>
      <main id="admin-main" ref={mainRef} tabIndex={-1} className="admin-main">
        {children}
      </main>
    </div>
  );
}

import type { ReactNode, RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { hrefOf, type AdminRoute } from './use-hash-route';

const NAV: { route: AdminRoute; label: string }[] = [
  { route: { name: 'signups' }, label: 'Sign-ups' },
  { route: { name: 'companies' }, label: 'Companies' },
  { route: { name: 'pilots' }, label: 'Pilots' },
  { route: { name: 'funnel' }, label: 'Funnel' },
  { route: { name: 'dashboard' }, label: 'Dashboard' },
  { route: { name: 'outbox' }, label: 'Outbox' },
  { route: { name: 'settings' }, label: 'Mail settings' },
];

/** The console around every screen: skip link, brand, navigation (the current screen marked), who is signed in. */
export function ConsoleShell({
  route,
  operator,
  signingOut,
  onSignOut,
  mainRef,
  children,
}: {
  route: AdminRoute;
  operator: string;
  signingOut: boolean;
  onSignOut: () => void;
  mainRef: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
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
              {NAV.map((item) => (
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
              {operator}
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

import type { ReactNode, RefObject } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';
import type { OperatorRole } from '@waitlist/contract';
import { Button } from '../../../components/ui/button';
import type { ConsoleWords } from '@waitlist/catalogue/console';
import { useConsoleWords } from './console-language';
import { useConsoleState } from './console-state';
import { AccountLanguageSwitch } from './language-switch';
import { useCan } from './role';

type NavWord = keyof ConsoleWords['shell']['nav'];
interface NavItem {
  to: NonNullable<LinkProps['to']>;
  label: NavWord;
  role?: OperatorRole;
}

/**
 * The screens grouped by the job they serve, in the order of a day's work (issue 48 item 3): the list, the pilots
 * (one page per job), the mail, the team, and the operator's own settings together. Each is a link to its address.
 */
const NAV: { label: keyof ConsoleWords['shell']['groups']; items: NavItem[] }[] = [
  {
    label: 'signups',
    items: [
      { to: '/signups', label: 'signups' },
      { to: '/companies', label: 'companies' },
      { to: '/funnel', label: 'funnel' },
      { to: '/dashboard', label: 'dashboard' },
    ],
  },
  {
    label: 'pilots',
    items: [
      { to: '/pilots/waves', label: 'waves' },
      { to: '/pilots/updates', label: 'updates' },
      { to: '/pilots/calls', label: 'calls' },
      { to: '/pilots/questions', label: 'questions' },
      { to: '/pilots/codes', label: 'codes' },
      { to: '/crm', label: 'crm' },
    ],
  },
  {
    label: 'mail',
    items: [
      { to: '/outbox', label: 'outbox' },
      { to: '/deliverability', label: 'deliverability' },
    ],
  },
  {
    label: 'team',
    items: [
      { to: '/team', label: 'team', role: 'owner' },
      { to: '/audit', label: 'audit', role: 'owner' },
    ],
  },
  {
    label: 'account',
    items: [
      { to: '/account/security', label: 'security' },
      { to: '/account/notifications', label: 'notifications' },
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
  const words = useConsoleWords();
  const can = useCan();
  const { lastListView } = useConsoleState();
  const visible = (item: NavItem) => (enrolmentOnly ? item.to === '/account/security' : !item.role || can(item.role));
  const groups = NAV.map((group) => ({ ...group, items: group.items.filter(visible) })).filter((group) => group.items.length > 0);
  return (
    <div className="admin-shell">
      <a className="skip-link" href="#admin-main">
        {words.shell.skip}
      </a>
      <header className="topbar">
        <div className="topbar-inner">
          <Link className="brand" to="/signups">
            <span className="brand-mark" aria-hidden="true">
              W
            </span>
            {words.brand}
          </Link>
          <div className="topbar-user">
            <Link className="operator" to="/account/security" title={words.shell.yourAccount}>
              {operator} <span className="operator-role">({words.roles[role]})</span>
            </Link>
            <AccountLanguageSwitch />

            <Button variant="ghost" size="small" onClick={onSignOut} disabled={signingOut}>
              {signingOut ? words.shell.signingOut : words.shell.signOut}
            </Button>
          </div>
        </div>
      </header>
      <div className="admin-body">
        <nav aria-label={words.shell.navLabel} className="console-nav">
          {groups.map((group) => (
            <div key={group.label} className="nav-group">
              <p className="nav-group-label" id={`nav-group-${group.label}`}>
                {words.shell.groups[group.label]}
              </p>
              <ul className="nav-list" aria-labelledby={`nav-group-${group.label}`}>
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
                      {words.shell.nav[item.label]}
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

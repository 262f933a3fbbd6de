import { useCallback, useSyncExternalStore } from 'react';

/** The console's routes live in the URL hash (`/admin#/signups/12`), so the server serves one page at /admin. */
export type AdminRoute =
  | { name: 'signups' }
  | { name: 'signup'; id: number }
  | { name: 'dashboard' }
  | { name: 'outbox' }
  | { name: 'funnel' }
  | { name: 'companies' }
  | { name: 'settings' }
  | { name: 'pilots' };

const SIMPLE = ['dashboard', 'outbox', 'funnel', 'companies', 'settings', 'pilots'] as const;

export function parseHash(hash: string): AdminRoute {
  const path = hash.replace(/^#/, '');
  const detail = /^\/signups\/(\d+)$/.exec(path);
  if (detail) return { name: 'signup', id: Number(detail[1]) };
  const simple = SIMPLE.find((name) => path === `/${name}`);
  return simple ? { name: simple } : { name: 'signups' };
}

export function hrefOf(route: AdminRoute): string {
  if (route.name === 'signup') return `#/signups/${route.id}`;
  if (route.name === 'signups') return '#/';
  return `#/${route.name}`;
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
};

export function useHashRoute(): [AdminRoute, (route: AdminRoute) => void] {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => '',
  );
  const navigate = useCallback((route: AdminRoute) => {
    window.location.hash = hrefOf(route);
  }, []);
  return [parseHash(hash), navigate];
}

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
  | { name: 'deliverability' }
  | { name: 'pilots' }
  | { name: 'crm' }
  | { name: 'team' }
  | { name: 'security' }
  | { name: 'audit' }
  /** An invited teammate's link: the token is read once and taken out of the address bar (admin-app.tsx). */
  | { name: 'join' };

const SIMPLE = [
  'dashboard',
  'outbox',
  'funnel',
  'companies',
  'settings',
  'deliverability',
  'pilots',
  'crm',
  'team',
  'security',
  'audit',
  'join',
] as const;

/** The token of an invitation link (`#/join/<token>`), or null. */
export const joinTokenOf = (hash: string): string | null => /^#?\/join\/([A-Za-z0-9_-]{20,100})$/.exec(hash)?.[1] ?? null;

export function parseHash(hash: string): AdminRoute {
  const path = hash.replace(/^#/, '');
  if (path.startsWith('/join/')) return { name: 'join' };
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

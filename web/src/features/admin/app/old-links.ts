/**
 * Links the console's mail gave out before its screens had paths (`/admin#/signups/12`, `/admin#/join/<token>`) still
 * open what they named: read once at start, before the router reads the address, and replaced by today's address.
 * An invitation's token (`/admin/join#<token>`, or the old `#/join/<token>`) is kept in memory and taken out of the
 * address bar, so it is in no history entry or bookmark; the fragment never reaches the server or its logs.
 */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const BASE = '/admin';

let joinToken: string | null = null;

export function rewriteOldLinks(location: Location = window.location, history: History = window.history): void {
  const hash = location.hash.replace(/^#/, '');
  const path = location.pathname.replace(/\/+$/, '');
  if (path === `${BASE}/join` && TOKEN.test(hash)) {
    joinToken = hash;
    history.replaceState(null, '', `${BASE}/join`);
    return;
  }
  if (!hash.startsWith('/') || (path !== BASE && path !== '')) return;
  const oldJoin = /^\/join\/(.+)$/.exec(hash);
  if (oldJoin && TOKEN.test(oldJoin[1]!)) {
    joinToken = oldJoin[1]!;
    history.replaceState(null, '', `${BASE}/join`);
    return;
  }
  const moved: Record<string, string> = { '/': '/signups', '/security': '/account/security', '/settings': '/account/notifications' };
  const to = moved[hash] ?? (/^\/[a-z]+(\/\d+)?$/.test(hash) ? hash : '/signups');
  history.replaceState(null, '', `${BASE}${to}${location.search}`);
}

/** The invitation's token the address held at start, once (null after, or when there was none). */
export function takeJoinToken(): string | null {
  const token = joinToken;
  joinToken = null;
  return token;
}

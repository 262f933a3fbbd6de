/**
 * A path segment that carries a secret rather than a name: Slack, Discord, Zapier and Make put theirs in the path
 * (`/services/T0123/B0456/XyZ…`, `/api/webhooks/123…/AbC…`, `/hooks/catch/123/abc…`). A word (`hooks`, `in`) stays.
 */
const looksSecret = (segment: string) =>
  segment.length >= 16 ||
  /^\d{5,}$/.test(segment) ||
  (segment.length >= 6 && /\d/.test(segment) && /[A-Za-z]/.test(segment)) ||
  (segment.length >= 10 && /[a-z]/.test(segment) && /[A-Z]/.test(segment));

/**
 * A URL as an operator may see it: the password of its user-info, the values of its query and the path segments that
 * look like tokens (where endpoints carry their secrets) replaced by `***`; the host and the path's words stay, so one
 * endpoint can still be told from another.
 */
export function maskedUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '***';
  }
  if (url.password) url.password = '***';
  if (url.username && !url.password) url.username = '***';
  url.pathname = url.pathname
    .split('/')
    .map((segment) => (looksSecret(decodeURIComponent(segment)) ? '***' : segment))
    .join('/');
  const keys = [...new Set(url.searchParams.keys())];
  const query = keys.map((key) => `${encodeURIComponent(key)}=***`).join('&');
  url.search = '';
  return `${url.toString()}${query ? `?${query}` : ''}`.replaceAll('%2A%2A%2A', '***');
}

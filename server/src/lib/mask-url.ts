/**
 * A URL as an operator may see it: the password of its user-info and the values of its query (where endpoints
 * carry their secrets) replaced by `***`; the host and path stay, so one endpoint can still be told from another.
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
  const keys = [...new Set(url.searchParams.keys())];
  const query = keys.map((key) => `${encodeURIComponent(key)}=***`).join('&');
  url.search = '';
  return `${url.toString()}${query ? `?${query}` : ''}`.replaceAll('%2A%2A%2A', '***');
}

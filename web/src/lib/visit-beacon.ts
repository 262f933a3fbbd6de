import { VISIT_PATH } from '@waitlist/contract/attribution';

/**
 * Counts this page view on our own server (docs/decisions/0009): the page's path and query, and the referring
 * site's origin. No cookie, no storage, nothing about the device; the privacy page says what is counted.
 */
export function sendVisitBeacon(page: { pathname: string; search: string } = location, referrer = document.referrer): void {
  if (typeof navigator.sendBeacon !== 'function') return;
  let from: string | undefined;
  try {
    from = referrer ? new URL(referrer).origin : undefined;
  } catch {
    from = undefined;
  }
  // Campaign tags only: anything else in the address (a token from a mail link, say) never leaves the page.
  const tags = new URLSearchParams([...new URLSearchParams(page.search)].filter(([name]) => name.startsWith('utm_')));
  const query = tags.toString();
  navigator.sendBeacon(
    VISIT_PATH,
    JSON.stringify({ url: `${page.pathname}${query ? `?${query}` : ''}`.slice(0, 1024), ...(from ? { referrer: from } : {}) }),
  );
}

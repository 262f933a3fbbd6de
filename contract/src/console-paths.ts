/**
 * Where the console's screens live (issue 48 item 1): the addresses the server's mails link to, written once. The
 * console's router (web/src/features/admin/app/router.tsx) serves each; its test opens every one of them.
 */
export const CONSOLE_BASE = '/admin';

export const CONSOLE_PATHS = {
  signups: '/signups',
  signup: (id: number) => `/signups/${id}`,
  funnel: '/funnel',
  waves: '/pilots/waves',
  updates: '/pilots/updates',
  calls: '/pilots/calls',
  audit: '/audit',
  deliverability: '/deliverability',
  security: '/account/security',
  notifications: '/account/notifications',
} as const;

/**
 * An invitation's link: the token rides in the fragment, so it reaches neither a server's log nor a Referer; the
 * console reads it once and takes it out of the address bar (web/src/features/admin/app/old-links.ts).
 */
export const consoleJoinPath = (token: string) => `/join#${token}`;

/** A console address as a full URL of this site. */
export const consoleUrl = (siteUrl: string, path: string) => new URL(`${CONSOLE_BASE}${path}`, siteUrl).toString();

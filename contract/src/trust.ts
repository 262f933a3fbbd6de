/**
 * The trust page (issue 37 item 1): what a large company's procurement, security and IT people read before a pilot,
 * built per request from the running server's settings (server/src/services/trust.ts), rendered by the site's
 * renderer (web/src/app/pages/trust-page.tsx). Words are in the catalogue; this is the shape of the facts.
 */

/** The trust page, in every language (`/sv/trust`). */
export const TRUST_PATH = '/trust';
/** The data processing agreement, printable, filled from the same settings (`/sv/trust/dpa`). */
export const DPA_PATH = '/trust/dpa';
/** RFC 9116: where security researchers look for whom to tell. */
export const SECURITY_TXT_PATH = '/.well-known/security.txt';
/** The trust page's section on reporting a vulnerability (security.txt's Policy points at it). */
export const DISCLOSURE_ANCHOR = 'disclosure';

/** A company that processes personal data for us, where, and for what. */
export interface SubProcessor {
  name: string;
  /** The country (or region) the data is processed in, as the operator or our table of relays names it. */
  country: string | null;
  /** What they do: deliver our mail, host the server and database, or the operator's own words. */
  purpose: 'mail' | 'hosting' | string;
}

export interface TrustView {
  /** Who hosts the server and its database, and where; null when the operator has not said (their own machine). */
  hosting: { name: string; country: string | null } | null;
  database: 'PostgreSQL' | 'SQLite';
  subProcessors: SubProcessor[];
  /** Days an unconfirmed sign-up is kept (UNCONFIRMED_RETENTION_DAYS). */
  unconfirmedRetentionDays: number;
  /** Whether backups are taken on a schedule (BACKUP_DIR), each honouring erasures on restore. */
  scheduledBackups: boolean;
  /** Who must sign in to the console with a second factor (REQUIRE_2FA). */
  secondFactors: 'all' | 'owners' | 'off';
  /** Whether the public origin is HTTPS (SITE_URL), so every page and link is encrypted in transit. */
  https: boolean;
  /** Where to report a vulnerability or an incident (SECURITY_CONTACT, else the site's contact address). */
  securityContact: string;
}

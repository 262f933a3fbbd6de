/**
 * Facts about us that pages, mails and the server state, written once: who we are, how to reach us, and the
 * promises of the privacy page that the server keeps (retention, how long a link works). Words live in en.ts and
 * sv.ts; these are the names and numbers they quote. Rebranding is this file and the site config's images.
 */

export interface Brand {
  name: string;
  legalName: string;
  contactEmail: string;
  linkedInUrl: string;
  /** ISO 3166 code of where we are (the organisation's address in the site's structured data). */
  countryCode: string;
}

export const BRAND: Brand = {
  name: 'Acme Innovate',
  legalName: 'Acme Innovate AB',
  contactEmail: 'hello@example.com',
  linkedInUrl: 'https://www.linkedin.com/company/example',
  countryCode: 'SE',
};

/**
 * Days an unconfirmed sign-up is kept after its confirmation mail went out: the default of the server's
 * UNCONFIRMED_RETENTION_DAYS, and what the privacy page states (the web build reads the same variable).
 */
export const UNCONFIRMED_RETENTION_DAYS = 30;

/** How long each kind of link in our mail works, in days (the server issues them so; the privacy page and mails say so). */
export const LINK_LIFETIME_DAYS = {
  /** Long enough for a holiday away from the inbox. */
  confirm: 7,
  /** Grants reading, correcting and erasing a person's data: short, and a fresh link is one form away. */
  manage: 7,
  /** Mail clients offer unsubscribe on old mails; misuse can only stop marketing mail, so it lives long. */
  unsubscribe: 365,
} as const;

/**
 * The company that delivers our mail (the relay behind the server's SMTP_URL), named on the privacy page as a
 * sub-processor; null while none is configured.
 */
export const MAIL_SUB_PROCESSOR = null as { name: string; location: string } | null;

/**
 * The accessibility statement's facts (docs/decisions/0034): the date of its last review, the standards it is measured
 * against, and where a complaint about how we answered goes (DIGG's form for the law on accessibility to digital public
 * service). Change the date when the statement is reviewed again.
 */
export const ACCESSIBILITY = {
  lastReviewed: { en: '27 November 2026', sv: '27 november 2026' },
  standards: 'WCAG 2.2 AA, EN 301 549 v3.2.1',
  enforcementUrl: 'https://www.digg.se/tdosanmalan',
} as const;

import { BRAND } from '@waitlist/catalogue';
import { DISCLOSURE_ANCHOR, SECURITY_TXT_PATH, TRUST_PATH, type SubProcessor, type TrustView } from '@waitlist/contract';
import { relayOf } from '../lib/mail-relays';

/** The settings the trust page and security.txt are made of (env.ts). */
export interface TrustSettings {
  DATABASE_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  SITE_URL: string;
  BACKUP_DIR?: string | undefined;
  UNCONFIRMED_RETENTION_DAYS: number;
  HOSTING?: string[][] | undefined;
  SUB_PROCESSORS: string[][];
  SECURITY_CONTACT?: string | undefined;
  REQUIRE_2FA: 'off' | 'owners' | 'all';
}

/**
 * What the trust page says (issue 37 item 1), from the running server's settings: a change of relay or of hosting
 * shows on the next request, with no rebuild. The relay is recognised from SMTP_URL's host (lib/mail-relays.ts);
 * SUB_PROCESSORS adds the others, each with its country.
 */
export function trustView(env: TrustSettings): TrustView {
  const hosting = env.HOSTING?.[0];
  const relay = env.SMTP_URL ? relayOf(env.SMTP_URL) : null;
  const subProcessors: SubProcessor[] = [
    ...(hosting ? [{ name: hosting[0]!, country: hosting[1] ?? null, purpose: 'hosting' }] : []),
    ...(relay ? [{ ...relay, purpose: 'mail' }] : []),
    ...env.SUB_PROCESSORS.map(([name, country, purpose]) => ({ name: name!, country: country ?? null, purpose: purpose ?? '' })),
  ];
  return {
    hosting: hosting ? { name: hosting[0]!, country: hosting[1] ?? null } : null,
    database: env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    subProcessors,
    unconfirmedRetentionDays: env.UNCONFIRMED_RETENTION_DAYS,
    scheduledBackups: Boolean(env.BACKUP_DIR),
    secondFactors: env.REQUIRE_2FA,
    https: env.SITE_URL.startsWith('https://'),
    securityContact: env.SECURITY_CONTACT ?? BRAND.contactEmail,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** RFC 9116 asks for an Expires less than a year ahead; a file served fresh on every request is always 180 days ahead. */
const SECURITY_TXT_LIFETIME_DAYS = 180;

/** /.well-known/security.txt (RFC 9116): whom to tell, until when this holds, in which languages, and the policy. */
export function securityTxt(env: TrustSettings, now: Date): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_LIFETIME_DAYS * DAY_MS);
  expires.setUTCHours(0, 0, 0, 0);
  return [
    `Contact: mailto:${env.SECURITY_CONTACT ?? BRAND.contactEmail}`,
    `Expires: ${expires.toISOString()}`,
    'Preferred-Languages: en, sv',
    `Canonical: ${env.SITE_URL}${SECURITY_TXT_PATH}`,
    `Policy: ${env.SITE_URL}${TRUST_PATH}#${DISCLOSURE_ANCHOR}`,
    '',
  ].join('\n');
}

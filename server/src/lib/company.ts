import { createRequire } from 'node:module';
import { getDomain } from 'tldts';
import { COMMON_FREE_MAIL_DOMAINS } from '@waitlist/contract';

/**
 * The company behind an e-mail address: its registrable domain (`mail.volvo.com` → `volvo.com`, `x.co.uk` stays
 * whole) in lower case, and whether it is a consumer provider (email-providers' list plus the Swedish ones it
 * lacks, in contract/src/attribution.ts), which is flagged and never grouped. See docs/decisions/0009.
 */
const providers = createRequire(import.meta.url)('email-providers/all.json') as string[];
const FREE_MAIL = new Set<string>([...providers, ...COMMON_FREE_MAIL_DOMAINS]);

export interface Company {
  domain: string | null;
  freeMail: boolean;
}

export function companyOf(email: string): Company {
  const host = email.trim().toLowerCase().split('@').pop() ?? '';
  const domain = getDomain(host, { allowPrivateDomains: false }) ?? (host || null);
  const freeMail = FREE_MAIL.has(host) || (domain !== null && FREE_MAIL.has(domain));
  return { domain, freeMail };
}

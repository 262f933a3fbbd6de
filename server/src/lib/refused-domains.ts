import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

/**
 * Which e-mail domains the waitlist refuses: temporary-inbox services (the community-maintained list behind the
 * `disposable-email-domains-js` package, about 9,000 domains, updated with each minor release) and the founders'
 * own `BLOCKED_EMAIL_DOMAINS`; `ALLOWED_EMAIL_DOMAINS` lets a domain through that either would refuse. A domain
 * matches its subdomains too (`x.mailinator.com` is `mailinator.com`'s). docs/security.md says what this stops.
 */
export type EmailDomainRefusal = 'disposable' | 'blocked' | 'undeliverable';

/** A sign-up whose address is on a refused domain: the API answers 400, the form shows it beside the e-mail field. */
export class EmailDomainRefusedError extends Error {
  constructor(readonly reason: EmailDomainRefusal) {
    super(`e-mail domain refused (${reason})`);
    this.name = 'EmailDomainRefusedError';
  }
}

export interface EmailDomainPolicy {
  /** Why the address's domain is refused, or null when it is accepted. */
  refusal(email: string): EmailDomainRefusal | null;
}

let disposable: ReadonlySet<string> | undefined;

/** `a.b.example.com` → `a.b.example.com`, `b.example.com`, `example.com`, `com`. */
function* domainAndParents(domain: string): Generator<string> {
  for (let rest = domain; rest !== ''; rest = rest.slice(rest.indexOf('.') + 1 || rest.length)) yield rest;
}

const normalizeDomain = (domain: string) => domain.trim().toLowerCase().replace(/^@/, '').replace(/\.$/, '');

export function createEmailDomainPolicy(settings: { blocked: readonly string[]; allowed: readonly string[] }): EmailDomainPolicy {
  disposable ??= disposableEmailBlocklistSet();
  const blocked = new Set(settings.blocked.map(normalizeDomain).filter(Boolean));
  const allowed = new Set(settings.allowed.map(normalizeDomain).filter(Boolean));
  return {
    refusal(email) {
      const domain = normalizeDomain(email.slice(email.lastIndexOf('@') + 1));
      const candidates = [...domainAndParents(domain)];
      if (candidates.some((d) => allowed.has(d))) return null;
      if (candidates.some((d) => blocked.has(d))) return 'blocked';
      if (candidates.some((d) => disposable!.has(d))) return 'disposable';
      return null;
    },
  };
}

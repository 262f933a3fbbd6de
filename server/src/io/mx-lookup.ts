import { Resolver } from 'node:dns/promises';

/**
 * Whether an address's domain can receive mail at all (EMAIL_DOMAIN_CHECK=mx): it has an MX record, or an A or AAAA
 * record (RFC 5321 §5.1, the implicit MX). Lookups give up after 1.5 s; a timeout or a failing server lets the
 * sign-up through (we refuse only what DNS says does not exist). Answers are kept for an hour (a "no" for ten minutes)
 * in a bounded cache, so a flood of one domain costs one lookup.
 */
export const LOOKUP_TIMEOUT_MS = 1500;
const KEEP_YES_MS = 60 * 60 * 1000;
const KEEP_NO_MS = 10 * 60 * 1000;
const CACHE_SIZE = 10_000;

/** DNS said the name or its records do not exist: the only answers that refuse. */
const NOT_THERE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

export interface MailDomainCheck {
  /** True when the domain can receive mail, or DNS could not tell in time. */
  receivesMail(domain: string): Promise<boolean>;
}

export function createMailDomainCheck(settings: { servers?: readonly string[]; now?: () => number } = {}): MailDomainCheck {
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 1 });
  if (settings.servers?.length) resolver.setServers([...settings.servers]);
  const now = settings.now ?? Date.now;
  const cache = new Map<string, { answer: boolean; until: number }>();

  /** 'yes' when records exist, 'no' when DNS says there are none, 'unknown' otherwise. */
  const has = async (lookup: () => Promise<unknown[]>): Promise<'yes' | 'no' | 'unknown'> => {
    try {
      return (await lookup()).length > 0 ? 'yes' : 'no';
    } catch (error) {
      return NOT_THERE.has((error as { code?: string }).code ?? '') ? 'no' : 'unknown';
    }
  };

  return {
    async receivesMail(raw) {
      const domain = raw.trim().toLowerCase().replace(/\.$/, '');
      const cached = cache.get(domain);
      if (cached && cached.until > now()) return cached.answer;
      let answer: boolean | undefined;
      const mx = await has(() => resolver.resolveMx(domain));
      if (mx === 'yes' || mx === 'unknown') answer = true;
      else {
        const [a, aaaa] = await Promise.all([has(() => resolver.resolve4(domain)), has(() => resolver.resolve6(domain))]);
        answer = a !== 'no' || aaaa !== 'no';
      }
      // A server that did not answer is asked again next time; a clear answer is kept.
      if (mx !== 'unknown') {
        if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(domain, { answer, until: now() + (answer ? KEEP_YES_MS : KEEP_NO_MS) });
      }
      return answer;
    },
  };
}

import { Resolver } from 'node:dns/promises';

/** What a lookup found: the records, none (DNS says so), or unknown (no answer in time, a failing server). */
export type Lookup<T> = { found: T[] } | { none: true } | { unknown: string };

const NOT_THERE = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);
const TIMEOUT_MS = 3000;

/** TXT and MX look-ups through DNS_SERVERS (or the machine's resolver), for the mail health check. */
export function createDnsRecords(settings: { servers?: readonly string[] } = {}) {
  const resolver = new Resolver({ timeout: TIMEOUT_MS, tries: 2 });
  if (settings.servers?.length) resolver.setServers([...settings.servers]);
  async function look<T>(lookup: () => Promise<T[]>): Promise<Lookup<T>> {
    try {
      const found = await lookup();
      return found.length > 0 ? { found } : { none: true };
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'error';
      return NOT_THERE.has(code) ? { none: true } : { unknown: code };
    }
  }
  return {
    /** Each TXT record with its strings joined (a long DKIM key comes in pieces). */
    txt: (name: string) => look(async () => (await resolver.resolveTxt(name)).map((parts) => parts.join(''))),
    mx: (name: string) => look(() => resolver.resolveMx(name)),
  };
}

export type DnsRecords = ReturnType<typeof createDnsRecords>;

import type { AdminMailHealth } from '@waitlist/contract';
import { createDnsRecords, type Lookup } from '../io/dns-records';
import type { DkimSigning } from '../io/dkim-key';
import { judgeMailHealth, type Found } from '../lib/mail-health';

export interface MailHealthSettings {
  /** MAIL_FROM (or its default). */
  mailFrom: string;
  bounceDomain: string | undefined;
  dkim: DkimSigning | null;
  /** SITE_URL: its host is where BOUNCE_DOMAIN's MX should point. */
  siteUrl: string;
  smtpUrl: string | undefined;
  /** DNS_SERVERS */
  dnsServers: readonly string[];
}

const asFound = <T>(lookup: Lookup<T>, show: (record: T) => string): Found =>
  'found' in lookup ? { found: lookup.found.map(show) } : lookup;

/**
 * The mail health check (issue 35 item 6): looks up SPF at the envelope domain, DKIM at the selector, DMARC at the
 * From domain and BOUNCE_DOMAIN's MX, and judges them (lib/mail-health.ts). The console's Deliverability page and
 * `npm run mail:check` show the same answer.
 */
export function createMailHealth(settings: MailHealthSettings) {
  const dns = createDnsRecords({ servers: settings.dnsServers });
  const fromDomain = (/@([^>\s]+)/.exec(settings.mailFrom)?.[1] ?? new URL(settings.siteUrl).hostname).toLowerCase();
  return {
    async check(): Promise<AdminMailHealth> {
      const envelope = settings.bounceDomain ?? fromDomain;
      const [spf, dkim, dmarc, mx] = await Promise.all([
        dns.txt(envelope),
        settings.dkim ? dns.txt(`${settings.dkim.keySelector}._domainkey.${fromDomain}`) : Promise.resolve({ none: true } as const),
        dns.txt(`_dmarc.${fromDomain}`),
        settings.bounceDomain ? dns.mx(settings.bounceDomain) : Promise.resolve({ none: true } as const),
      ]);
      const checks = judgeMailHealth({
        fromDomain,
        bounceDomain: settings.bounceDomain,
        dkim: settings.dkim ? { selector: settings.dkim.keySelector, privateKeyPem: settings.dkim.privateKey } : undefined,
        mailHost: new URL(settings.siteUrl).hostname,
        relayHost: settings.smtpUrl ? new URL(settings.smtpUrl).hostname : undefined,
        records: {
          spf: asFound(spf, String),
          dkim: asFound(dkim, String),
          dmarc: asFound(dmarc, String),
          mx: asFound(mx, (m: { exchange: string }) => m.exchange),
        },
      });
      return { pass: checks.every((c) => c.pass), checks };
    },
  };
}

export type MailHealth = ReturnType<typeof createMailHealth>;

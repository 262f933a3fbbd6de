import { createPublicKey } from 'node:crypto';
import { getDomain } from 'tldts';

/**
 * The mail health check (issue 35 item 6; docs/deployment.md): what the sending domain's and the bounce domain's DNS
 * must say for Gmail's, Yahoo's and Microsoft's bulk-sender rules, judged from the records found. Pure: the look-ups
 * are io/dns-records.ts, the composition services/mail-health.ts.
 */
export type CheckName = 'SPF' | 'DKIM' | 'DMARC' | 'Bounce MX';

export interface HealthCheck {
  name: CheckName;
  pass: boolean;
  /** Where it was looked up. */
  host: string;
  /** What was found there (the record), or null. */
  found: string | null;
  /** Why it passes or fails, in one sentence. */
  detail: string;
  /** The exact record to publish (host, type, value). */
  publish: { host: string; type: 'TXT' | 'MX'; value: string };
}

/** What a look-up found (io/dns-records.ts), with what could not be looked up said as such. */
export type Found = { found: string[] } | { none: true } | { unknown: string };

export interface HealthInput {
  /** MAIL_FROM's domain: the header From that DMARC judges. */
  fromDomain: string;
  /** BOUNCE_DOMAIN: the envelope sender's domain SPF judges; undefined: the relay's return path. */
  bounceDomain: string | undefined;
  /** DKIM_SELECTOR and the public half of DKIM_PRIVATE_KEY_FILE; undefined: we do not sign. */
  dkim: { selector: string; privateKeyPem: string } | undefined;
  /** Where BOUNCE_DOMAIN's MX should point: this server's host (SITE_URL's). */
  mailHost: string;
  /** SMTP_URL's host: its SPF include is suggested when it is a relay we know. */
  relayHost: string | undefined;
  records: { spf: Found; dkim: Found; dmarc: Found; mx: Found };
}

/** SPF includes of relays popular with European startups (each relay's docs). */
const RELAY_SPF: [RegExp, string][] = [
  [/mailgun\.(org|net)$/, 'include:mailgun.org'],
  [/postmarkapp\.com$/, 'include:spf.mtasv.net'],
  [/(^|\.)resend\.(com|dev)$/, 'include:amazonses.com'],
  [/(sendinblue|brevo)\.com$/, 'include:spf.brevo.com'],
  [/amazonaws\.com$/, 'include:amazonses.com'],
  [/sendgrid\.net$/, 'include:sendgrid.net'],
];

const orgDomain = (domain: string) => getDomain(domain) ?? domain;
const unknownSays = (f: Found) => ('unknown' in f ? `DNS did not answer (${f.unknown})` : 'no record');

/** The public key as a DKIM record carries it: RSA as SubjectPublicKeyInfo, Ed25519 as the raw 32 bytes (RFC 8463). */
export function dkimPublicKey(privateKeyPem: string): { k: 'rsa' | 'ed25519'; p: string } {
  const key = createPublicKey(privateKeyPem);
  const der = key.export({ type: 'spki', format: 'der' });
  return key.asymmetricKeyType === 'ed25519'
    ? { k: 'ed25519', p: der.subarray(der.length - 32).toString('base64') }
    : { k: 'rsa', p: der.toString('base64') };
}

const tags = (record: string) =>
  new Map(
    record
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const eq = part.indexOf('=');
        return [
          part.slice(0, eq).trim().toLowerCase(),
          part
            .slice(eq + 1)
            .replace(/\s+/g, '')
            .trim(),
        ] as [string, string];
      }),
  );

export function judgeMailHealth(input: HealthInput): HealthCheck[] {
  const spf = spfCheck(input);
  const dkim = dkimCheck(input);
  return [spf, dkim, dmarcCheck(input, spf, dkim), bounceMxCheck(input)];
}

/** The domain of the envelope sender (the bounce address): BOUNCE_DOMAIN, or the From domain. */
const envelopeDomainOf = (input: HealthInput) => input.bounceDomain ?? input.fromDomain;

/** SPF: the envelope sender's domain says which servers may send for it; exactly one record, ending hard or soft. */
function spfCheck(input: HealthInput): HealthCheck {
  const envelopeDomain = envelopeDomainOf(input);
  const relaySpf = RELAY_SPF.find(([host]) => host.test(input.relayHost ?? ''))?.[1] ?? `include:<your relay's SPF domain>`;
  const spf = 'found' in input.records.spf ? input.records.spf.found.filter((r) => /^v=spf1(\s|$)/i.test(r)) : [];
  const value = `v=spf1 ${relaySpf} ~all`;
  const one = spf.length === 1 ? spf[0]! : null;
  const ends = one ? /\s[-~]all$/i.test(one.trim()) : false;
  return {
    name: 'SPF',
    pass: one !== null && ends,
    host: envelopeDomain,
    found: spf.join(' | ') || null,
    detail:
      spf.length > 1
        ? 'more than one SPF record: receivers treat that as no SPF at all (RFC 7208 §3.2)'
        : one === null
          ? `${unknownSays(input.records.spf)}: receivers cannot tell our relay may send for ${envelopeDomain}`
          : ends
            ? `one record, ending in ${/-all$/i.test(one.trim()) ? '-all' : '~all'}`
            : 'the record ends in +all, ?all or nothing: it lets anyone send as us',
    publish: { host: envelopeDomain, type: 'TXT', value },
  };
}

/** DKIM: the key we sign with is the one DNS publishes at selector._domainkey.fromDomain. */
function dkimCheck(input: HealthInput): HealthCheck {
  const host = input.dkim ? `${input.dkim.selector}._domainkey.${input.fromDomain}` : `<selector>._domainkey.${input.fromDomain}`;
  const ours = input.dkim ? dkimPublicKey(input.dkim.privateKeyPem) : null;
  const value = ours ? `v=DKIM1; k=${ours.k}; p=${ours.p}` : 'set DKIM_PRIVATE_KEY_FILE and DKIM_SELECTOR first (docs/deployment.md)';
  const record = 'found' in input.records.dkim ? (input.records.dkim.found.find((r) => /(^|;)\s*p=/i.test(r)) ?? null) : null;
  const published = record ? tags(record).get('p') : undefined;
  return {
    name: 'DKIM',
    pass: ours !== null && published === ours.p,
    host,
    found: record,
    detail: !ours
      ? 'the server does not sign (no DKIM key set): Gmail and Yahoo want every bulk mail signed for the From domain'
      : !record
        ? `${unknownSays(input.records.dkim)} at ${host}`
        : published === ours.p
          ? `the published key is the one DKIM_PRIVATE_KEY_FILE signs with (${ours.k})`
          : published === ''
            ? 'the key is revoked (p= is empty)'
            : 'the published key is not the one the server signs with: every signature fails',
    publish: { host, type: 'TXT', value },
  };
}

/** DMARC: present at the From domain (or its organisational domain), with a policy; aligned by DKIM or SPF. */
function dmarcCheck(input: HealthInput, spf: HealthCheck, dkim: HealthCheck): HealthCheck {
  const envelopeDomain = envelopeDomainOf(input);
  const host = `_dmarc.${input.fromDomain}`;
  const record = 'found' in input.records.dmarc ? (input.records.dmarc.found.find((r) => /^v=DMARC1/i.test(r.trim())) ?? null) : null;
  const t = record ? tags(record) : new Map<string, string>();
  const policy = t.get('p');
  const dkimAligned = dkim.pass && (t.get('adkim') ?? 'r') !== 's'; // d= is the From domain itself
  const spfAligned =
    spf.pass && (t.get('aspf') === 's' ? envelopeDomain === input.fromDomain : orgDomain(envelopeDomain) === orgDomain(input.fromDomain));
  const validPolicy = policy === 'none' || policy === 'quarantine' || policy === 'reject';
  return {
    name: 'DMARC',
    pass: record !== null && validPolicy && (dkimAligned || spfAligned),
    host,
    found: record,
    detail: !record
      ? `${unknownSays(input.records.dmarc)}: Gmail and Yahoo refuse bulk mail from a domain without DMARC`
      : !validPolicy
        ? 'the record has no valid policy (p=none, quarantine or reject)'
        : !(dkimAligned || spfAligned)
          ? 'neither DKIM nor SPF is aligned with the From domain, so DMARC fails for every mail'
          : `policy ${policy}${policy === 'none' ? ' (monitoring only; quarantine once reports are clean)' : ''}; aligned by ${[dkimAligned ? 'DKIM' : '', spfAligned ? 'SPF' : ''].filter(Boolean).join(' and ')}`,
    publish: { host, type: 'TXT', value: `v=DMARC1; p=quarantine; adkim=r; aspf=r; rua=mailto:dmarc-reports@${input.fromDomain}` },
  };
}

/** Bounce MX: reports to the per-mail bounce addresses reach our listener. */
function bounceMxCheck(input: HealthInput): HealthCheck {
  const host = input.bounceDomain ?? '<BOUNCE_DOMAIN>';
  const mx = 'found' in input.records.mx ? input.records.mx.found : [];
  const points = mx.some((m) => m.toLowerCase().replace(/\.$/, '') === input.mailHost.toLowerCase());
  return {
    name: 'Bounce MX',
    pass: input.bounceDomain !== undefined && mx.length > 0,
    host,
    found: mx.join(' | ') || null,
    detail: !input.bounceDomain
      ? 'BOUNCE_DOMAIN is not set: bounces go to the relay only, and reports by mail are not read'
      : mx.length === 0
        ? `${unknownSays(input.records.mx)}: receivers cannot return a bounce to ${host}`
        : points
          ? `points at ${input.mailHost}`
          : `points at ${mx.join(', ')} (make sure it forwards to INBOUND_SMTP_PORT here)`,
    publish: { host, type: 'MX', value: `10 ${input.mailHost}.` },
  };
}

/**
 * The company behind an SMTP relay, recognised from its host name, for the trust page's sub-processors (issue 37
 * item 1): with nothing but SMTP_URL set, a visitor still learns who delivers our mail and where. The countries are
 * where each provider's documentation says the region's data is processed; a relay not in this table is listed by its
 * host, with no country, until the operator names it in SUB_PROCESSORS.
 */
interface KnownRelay {
  /** The host itself, or a domain it ends with (".mailgun.org"). */
  host: RegExp;
  name: string;
  country: string;
}

const AWS_REGIONS: Record<string, string> = {
  'eu-north-1': 'Sweden',
  'eu-west-1': 'Ireland',
  'eu-west-2': 'United Kingdom',
  'eu-west-3': 'France',
  'eu-central-1': 'Germany',
  'eu-central-2': 'Switzerland',
  'eu-south-1': 'Italy',
  'us-east-1': 'United States',
  'us-east-2': 'United States',
  'us-west-1': 'United States',
  'us-west-2': 'United States',
};

const KNOWN: readonly KnownRelay[] = [
  { host: /^smtp\.eu\.mailgun\.org$/, name: 'Mailgun (EU region)', country: 'Germany' },
  { host: /(^|\.)mailgun\.org$/, name: 'Mailgun', country: 'United States' },
  { host: /(^|\.)postmarkapp\.com$/, name: 'Postmark', country: 'United States' },
  { host: /(^|\.)sendgrid\.net$/, name: 'SendGrid (Twilio)', country: 'United States' },
  { host: /(^|\.)resend\.com$/, name: 'Resend', country: 'United States' },
  { host: /^smtp\.eu\.sparkpostmail\.com$/, name: 'SparkPost (EU region)', country: 'Germany' },
  { host: /(^|\.)sparkpostmail\.com$/, name: 'SparkPost', country: 'United States' },
  { host: /(^|\.)(brevo|sendinblue)\.com$/, name: 'Brevo', country: 'France' },
  { host: /(^|\.)mailjet\.com$/, name: 'Mailjet', country: 'France' },
  { host: /^smtp(-relay)?\.gmail\.com$/, name: 'Google Workspace', country: 'United States' },
  { host: /^smtp\.office365\.com$/, name: 'Microsoft 365', country: 'as your Microsoft 365 tenant' },
];

/** The relay of an smtp:// or smtps:// URL: a known provider with its country, else its host; null when not a URL. */
export function relayOf(smtpUrl: string): { name: string; country: string | null } | null {
  let host: string;
  try {
    host = new URL(smtpUrl).hostname.toLowerCase();
  } catch {
    return null;
  }
  if (!host) return null;
  const ses = /^email-smtp\.([a-z0-9-]+)\.amazonaws\.com$/.exec(host);
  if (ses) return { name: 'Amazon SES', country: AWS_REGIONS[ses[1]!] ?? ses[1]! };
  const known = KNOWN.find((relay) => relay.host.test(host));
  return known ? { name: known.name, country: known.country } : { name: host, country: null };
}

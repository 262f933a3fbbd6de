/**
 * What `npm start` says to a person at a terminal once the server listens (server.ts prints it only when stdout is a
 * terminal; the JSON log stays as it is for machines): where the site and the console are, which database and mail
 * it uses, and the one command that makes the first owner when there is none yet.
 */
export interface GreetingFacts {
  /** Where this process listens, as a browser on this machine reaches it. */
  localUrl: string;
  /** SITE_URL: the public address links in mail point to. */
  siteUrl: string;
  /** The database's own description (`sqlite:./data/waitlist.db`, `postgres:host/db`). */
  database: string;
  /** SMTP_URL's host, or null when mail only waits in the outbox. */
  mailHost: string | null;
  owners: number;
}

export function greeting(facts: GreetingFacts): string {
  const site = new URL('/', facts.localUrl).toString();
  const lines = [
    '',
    `  Waitlist site     ${site}`,
    `  Console           ${new URL('/admin', facts.localUrl).toString()}`,
    ...(new URL(facts.siteUrl).origin === new URL(facts.localUrl).origin
      ? []
      : [`  Public address    ${facts.siteUrl} (SITE_URL: links in mail)`]),
    `  Database          ${facts.database}`,
    facts.mailHost
      ? `  Mail              through ${facts.mailHost}`
      : '  Mail              not configured: mail waits in the outbox until SMTP_URL is set (the console shows it)',
    ...(facts.owners === 0
      ? ['', '  No owner yet. Make the first one, then sign in to the console:', '    npm run admin -- add you@company.com']
      : []),
    '',
  ];
  return lines.join('\n');
}

/** SMTP_URL's host alone (never its user or password). */
export const mailHostOf = (smtpUrl: string | undefined): string | null => (smtpUrl ? new URL(smtpUrl).host : null);

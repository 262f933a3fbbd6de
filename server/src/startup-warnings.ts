import { UNCONFIRMED_RETENTION_DAYS } from '@waitlist/catalogue';
import { DEV_PUBLIC_KEY } from '@waitlist/contract';
import type { Env } from './env';

/**
 * Settings that work but are unsafe or inconsistent, said once at start-up (server.ts logs each as a warning).
 * Production only, but for the retention days, which the privacy page states whatever the mode.
 */
export function startupWarnings(env: Env): string[] {
  const production = env.NODE_ENV === 'production';
  const warnings: string[] = [];
  if (production && env.WAITLIST_PUBLIC_KEY === DEV_PUBLIC_KEY) {
    warnings.push('WAITLIST_PUBLIC_KEY is the development default; set your own key in production');
  }
  if (production && env.SMTP_URL && !env.SITE_URL.startsWith('https://')) {
    // Mail clients offer one-click unsubscribe only for an https List-Unsubscribe URL (RFC 8058).
    warnings.push('SITE_URL is not https: links in mail and List-Unsubscribe should use the public https origin');
  }
  if (production && env.SITE_URL.startsWith('https://') && env.TRUST_PROXY === false) {
    // The cookie is Secure anyway (SITE_URL decides); but limits would count the proxy as one client.
    warnings.push('SITE_URL is https but TRUST_PROXY is unset: behind a TLS proxy every client looks like the proxy; set TRUST_PROXY');
  }
  if (production && env.SMTP_URL?.startsWith('smtp://') && !/[?&]requireTLS=true(&|$)/.test(env.SMTP_URL)) {
    // Without it nodemailer sends in clear when the relay offers no STARTTLS (or an attacker strips the offer).
    warnings.push(
      'SMTP_URL is smtp:// without requireTLS=true: mail (addresses, links with tokens) may travel unencrypted; use smtps:// or add ?requireTLS=true',
    );
  }
  if (env.UNCONFIRMED_RETENTION_DAYS !== UNCONFIRMED_RETENTION_DAYS) {
    // The privacy page promises the catalogue's number: change catalogue/src/facts.ts and rebuild instead.
    warnings.push(
      `UNCONFIRMED_RETENTION_DAYS is ${env.UNCONFIRMED_RETENTION_DAYS}, but the privacy page states ${UNCONFIRMED_RETENTION_DAYS} (catalogue/src/facts.ts)`,
    );
  }
  return warnings;
}

/**
 * The Node.js lines and the day each stops getting security releases (nodejs.org's release schedule). The line to run
 * in production is the active LTS; the project is tested on it and on the machines' older line (docs/decisions/0042).
 */
export const NODE_LINES: Record<number, { endOfLife: string }> = {
  18: { endOfLife: '2025-04-30' },
  20: { endOfLife: '2026-04-30' },
  21: { endOfLife: '2024-06-01' },
  22: { endOfLife: '2027-04-30' },
  23: { endOfLife: '2025-06-01' },
  24: { endOfLife: '2028-04-30' },
  25: { endOfLife: '2026-06-01' },
  26: { endOfLife: '2029-04-30' },
};
export const RECOMMENDED_NODE_LINE = 26;

/** A warning when the running Node.js is past its end of life, naming the line to move to; null otherwise. */
export function runtimeWarning(version: string = process.versions.node, today: Date = new Date()): string | null {
  const major = Number(version.replace(/^v/, '').split('.')[0]);
  const line = NODE_LINES[major];
  if (!line || today.toISOString().slice(0, 10) <= line.endOfLife) return null;
  return `Node.js ${major} reached its end of life on ${line.endOfLife} and gets no security releases: run Node.js ${RECOMMENDED_NODE_LINE}, the active LTS (docs/deployment.md)`;
}

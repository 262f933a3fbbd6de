import type { Server } from 'node:http';
import type { FastifyHttpOptions, FastifyServerOptions } from 'fastify';
import { SSO_CALLBACK_PATH } from '@waitlist/contract';
import type { Env } from './env';
import { erasureLedgerFile } from './io/erasure-ledger';
import { loadSecretsKey } from './io/secrets-key';
import { createOidcProvider } from './io/oidc';
import { createSecretBox } from './lib/secret-box';
import type { MetricsRecorder } from './lib/metrics-recorder';
import type { DkimSigning } from './io/dkim-key';
import { loggerOptions, readableLog } from './http/logging';
import { rewriteLongUrl } from './http/long-urls';
import type { ServiceSettings } from './services';
import { environmentKeysOf } from './services/api-keys';
import type { MailDeliverySettings } from './delivery/start';

/**
 * What each part of the app is built with, read from the parsed settings (env.ts): the HTTP server's limits, the
 * services', the mail delivery's. app.ts wires the parts; this file says how the environment configures them.
 */

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The HTTP server's options: proxies trusted, deadlines for slow clients, the largest body, long URLs refused. */
export const serverOptionsOf = (env: Env, logger: FastifyServerOptions['logger'] | undefined): FastifyHttpOptions<Server> => ({
  logger: logger ?? loggerOptions(env.LOG_LEVEL, { readable: readableLog(env) }),
  // A hop count trusts that many proxies in front of us; a list trusts those addresses/CIDRs.
  trustProxy: typeof env.TRUST_PROXY === 'number' ? hopsTrusted(env.TRUST_PROXY) : env.TRUST_PROXY,
  // Slow clients are cut off instead of holding sockets open (slowloris).
  connectionTimeout: 30_000,
  requestTimeout: env.HTTP_REQUEST_TIMEOUT_MS,
  // Node checks these deadlines every connectionsCheckingInterval (30 s by default): check often enough to matter.
  http: {
    headersTimeout: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
    connectionsCheckingInterval: Math.max(100, Math.min(1_000, Math.floor(env.HTTP_HEADERS_TIMEOUT_MS / 4))),
  },
  keepAliveTimeout: 5_000,
  bodyLimit: 1024 * 1024,
  return503OnClosing: true,
  // An over-long request target is refused (414) before routing and logging look at it (http/long-urls.ts).
  rewriteUrl: rewriteLongUrl,
  forceCloseConnections: 'idle',
});

/** The services' settings; `wiring` is what the app hands them (the mail workers' wake-up, metrics, the log). */
export const serviceSettingsOf = (
  env: Env,
  wiring: Required<Pick<ServiceSettings, 'mailQueued' | 'metrics' | 'log'>>,
): ServiceSettings => ({
  ...wiring,
  batchWindowMs: env.SIGNUP_BATCH_WINDOW_MS,
  webhookEndpoints: env.WEBHOOK_URL ?? [],
  emailDomains: { blocked: env.BLOCKED_EMAIL_DOMAINS, allowed: env.ALLOWED_EMAIL_DOMAINS },
  proofOfWork: { hmacKey: env.ALTCHA_HMAC_KEY, maxNumber: env.ALTCHA_MAX_NUMBER },
  mailDomainCheck: env.EMAIL_DOMAIN_CHECK === 'mx' ? { servers: env.DNS_SERVERS } : undefined,
  unverifiedMailsPerHour: env.UNVERIFIED_MAIL_BUDGET_PER_HOUR,
  bulkMailsPerMinute: env.BULK_MAIL_PER_MINUTE,
  siteUrl: env.SITE_URL,
  twoFactorPolicy: env.REQUIRE_2FA,
  erasureLedgerFile: erasureLedgerFile(env),
  secretBox: createSecretBox(loadSecretsKey(env).key),
  readBudgetPerHour: env.ADMIN_READ_BUDGET_PER_HOUR,
  booking: { url: env.BOOKING_URL, minScore: env.BOOKING_MIN_SCORE },
  environmentKeys: environmentKeysOf(env),
  ...withSso(ssoOf(env)),
  crm: { hubspotUrl: env.HUBSPOT_API_URL, pipedriveUrl: env.PIPEDRIVE_API_URL },
  sessionLifetime: { idleMs: env.SESSION_IDLE_HOURS * 60 * 60 * 1000, maxMs: env.ADMIN_SESSION_MAX_HOURS * 60 * 60 * 1000 },
});

const withSso = (sso: ReturnType<typeof ssoOf>) => (sso ? { sso } : {});

/** Single sign-on's provider and who may come in through it, from OIDC_* (absent when OIDC_ISSUER is unset). */
function ssoOf(env: Env) {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return undefined;
  return {
    provider: createOidcProvider({
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      redirectUri: new URL(SSO_CALLBACK_PATH, env.SITE_URL).toString(),
    }),
    settings: { issuer: env.OIDC_ISSUER, allowedDomains: env.OIDC_ALLOWED_DOMAINS, defaultRole: env.OIDC_DEFAULT_ROLE },
  };
}

/** The mail delivery's settings: the relay, the workers' pace and retries, the inbound bounce listener. */
export const deliverySettingsOf = (env: Env, wiring: { metrics: MetricsRecorder; dkim: DkimSigning | null }): MailDeliverySettings => ({
  smtpUrl: env.SMTP_URL,
  smtpMaxConnections: env.SMTP_MAX_CONNECTIONS,
  mailFrom: env.MAIL_FROM,
  siteUrl: env.SITE_URL,
  retentionDays: env.UNCONFIRMED_RETENTION_DAYS,
  webhookSecret: env.WEBHOOK_SECRET,
  pollMs: env.OUTBOX_POLL_MS,
  leaseMs: env.OUTBOX_LEASE_MS,
  firstRetryMs: env.OUTBOX_FIRST_RETRY_MS,
  metrics: wiring.metrics,
  dkim: wiring.dkim,
  bounceDomain: env.BOUNCE_DOMAIN,
  inbound:
    env.INBOUND_SMTP_PORT === undefined
      ? undefined
      : { port: env.INBOUND_SMTP_PORT, host: env.INBOUND_SMTP_HOST, maxBytes: env.INBOUND_SMTP_MAX_BYTES },
});

import type { TwoFactorPolicy } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import type { SecretBox } from '../lib/secret-box';
import type { SessionLifetime } from '../lib/session-expiry';
import type { EnvironmentKey } from './api-keys';
import type { BookingSettings } from './bookings';
import type { CrmSettings } from './crm';
import type { SsoDeps } from './sso';
import type { UseCases } from './use-case';

/** What the services are built with (app-settings.ts reads it from the environment; tests and tools set what they need). */
export interface ServiceSettings {
  /** SIGNUP_BATCH_WINDOW_MS */
  batchWindowMs: number;
  /** WEBHOOK_URL */
  webhookEndpoints: readonly string[];
  /** BLOCKED_EMAIL_DOMAINS and ALLOWED_EMAIL_DOMAINS (lib/refused-domains.ts); none by default. */
  emailDomains?: { blocked: readonly string[]; allowed: readonly string[] };
  /** EMAIL_DOMAIN_CHECK=mx (with DNS_SERVERS): refuse domains without a mail server; absent: no check. */
  mailDomainCheck?: { servers: readonly string[] } | undefined;
  /** ALTCHA_HMAC_KEY and ALTCHA_MAX_NUMBER (services/proof-of-work.ts). */
  proofOfWork?: { hmacKey: string | undefined; maxNumber: number };
  /** UNVERIFIED_MAIL_BUDGET_PER_HOUR; null or absent: no budget (services/mail-budget.ts). */
  unverifiedMailsPerHour?: number | null;
  /** BULK_MAIL_PER_MINUTE: the pace of waves and campaigns, shared by every copy; default 300. */
  bulkMailsPerMinute?: number;
  metrics?: MetricsRecorder;
  /** A sign-up's confirmation was queued: app.ts nudges the mail worker. */
  mailQueued?: () => void;
  log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** The clock (tests move it). */
  now?: () => Date;
  /** SITE_URL: passkeys belong to its host. */
  siteUrl?: string;
  /** REQUIRE_2FA; default off. */
  twoFactorPolicy?: TwoFactorPolicy;
  /** ADMIN_READ_BUDGET_PER_HOUR; absent or null: no budget. */
  readBudgetPerHour?: number | null;
  /** The key outside the database for authenticator secrets and recovery codes; absent: the tool cannot manage them. */
  secretBox?: SecretBox;
  /** The erasure ledger's file (ERASURE_LEDGER); null or absent: erasures are not written outside the database. */
  erasureLedgerFile?: string | null;
  /** BOOKING_URL and BOOKING_MIN_SCORE; absent: no call is offered. */
  booking?: BookingSettings;
  /** ACCESS_API_KEY, METRICS_TOKEN and WAITLIST_PUBLIC_KEY: keys set in the environment, with their scopes. */
  environmentKeys?: readonly EnvironmentKey[];
  /** OIDC_*: the identity provider (io/oidc.ts) and who may come in through it; absent: no single sign-on. */
  sso?: Pick<SsoDeps, 'provider' | 'settings'>;
  /** HUBSPOT_API_URL and PIPEDRIVE_API_URL; absent: the vendors' own hosts. */
  crm?: CrmSettings;
  /** SESSION_IDLE_HOURS and ADMIN_SESSION_MAX_HOURS; absent: an hour idle, a week at most. */
  sessionLifetime?: SessionLifetime;
}

export const DEFAULT_BULK_MAILS_PER_MINUTE = 300;

/** The clock a service reads, when the settings set one (tests move it). */
export const clockOf = (settings: Pick<ServiceSettings, 'now'>): { now?: () => Date } => (settings.now ? { now: settings.now } : {});

/** What an area of the services (team-area.ts, mail-area.ts) is built from. */
export interface ServiceAreaDeps {
  database: Database;
  stores: Stores;
  useCases: UseCases;
  settings: ServiceSettings;
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/connection';
import type { Schema } from '../db/schema';
import type { Stores } from '../db/stores';
import { createEmailDomainPolicy } from '../lib/email-domains';
import { createMailDomainCheck } from '../lib/mail-domains';
import type { MetricsRecorder } from '../lib/metrics';
import type { TwoFactorPolicy } from '@waitlist/contract';
import { createCampaignService } from './campaigns';
import { createInvitationService } from './invitations';
import { createOperatorDigest } from './operator-digest';
import { createOperatorService } from './operators';
import { createBulkMailPace, createMailBudget } from './mail-budget';
import { createPartnerCodeService } from './partner-codes';
import { createPersonLinks } from './person-links';
import { DEFAULT_MAX_NUMBER, createProofOfWork } from './proof-of-work';
import { createSignupEvents } from './signup-events';
import { createSignupService } from './signups';
import { createErasureLedger } from '../lib/erasure-ledger';

/** The erasure ledger's HMAC key in server_secrets (made once, kept in the database and so in every backup). */
export const ERASURE_LEDGER_KEY = 'erasure-ledger';

export interface ServiceSettings {
  /** SIGNUP_BATCH_WINDOW_MS */
  batchWindowMs: number;
  /** WEBHOOK_URL */
  webhookEndpoints: readonly string[];
  /** BLOCKED_EMAIL_DOMAINS and ALLOWED_EMAIL_DOMAINS (lib/email-domains.ts); none by default. */
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
  /** The erasure ledger's file (ERASURE_LEDGER); null or absent: erasures are not written outside the database. */
  erasureLedgerFile?: string | null;
}

export const DEFAULT_BULK_MAILS_PER_MINUTE = 300;

/** Every service over the stores, built once by app.ts (and by the CLI and benchmarks the same way). */
export function createServices(database: Database, stores: Stores, settings: ServiceSettings) {
  const events = createSignupEvents({
    outbox: stores.outbox,
    operators: stores.operatorAccounts,
    webhookEndpoints: settings.webhookEndpoints,
  });
  const proofOfWork = createProofOfWork(stores.proofOfWork, {
    ...(settings.proofOfWork ?? { hmacKey: undefined, maxNumber: DEFAULT_MAX_NUMBER }),
    ...(settings.now ? { now: settings.now } : {}),
  });
  const mailBudget = createMailBudget(stores.mailBudget, {
    unverifiedPerHour: settings.unverifiedMailsPerHour ?? null,
  });
  const ledger = createErasureLedger(settings.erasureLedgerFile ?? null, (executor) =>
    stores.proofOfWork.sharedSecret(ERASURE_LEDGER_KEY, (executor as Kysely<Schema> | undefined) ?? database.db),
  );
  const signups = createSignupService({
    ledger,
    database,
    stores,
    events,
    emailDomains: createEmailDomainPolicy(settings.emailDomains ?? { blocked: [], allowed: [] }),
    proofOfWork,
    mailBudget,
    mailDomains: settings.mailDomainCheck ? createMailDomainCheck({ servers: settings.mailDomainCheck.servers }) : undefined,
    batchWindowMs: settings.batchWindowMs,
    ...(settings.metrics ? { metrics: settings.metrics } : {}),
    ...(settings.mailQueued ? { mailQueued: settings.mailQueued } : {}),
    ...(settings.log ? { log: settings.log } : {}),
    ...(settings.now ? { now: settings.now } : {}),
  });
  return {
    events,
    ledger,
    signups,
    proofOfWork,
    mailBudget,
    bulkPace: createBulkMailPace(stores.mailBudget, settings.bulkMailsPerMinute ?? DEFAULT_BULK_MAILS_PER_MINUTE),
    personLinks: createPersonLinks({ database, signups, stores, events, ...(settings.now ? { now: settings.now } : {}) }),
    invitations: createInvitationService({ database, stores, signups, ...(settings.now ? { now: settings.now } : {}) }),
    campaigns: createCampaignService({ database, stores, ...(settings.now ? { now: settings.now } : {}) }),
    partnerCodes: createPartnerCodeService({ database, stores, ...(settings.now ? { now: settings.now } : {}) }),
    operatorDigest: createOperatorDigest({ database, operators: stores.operatorAccounts, outbox: stores.outbox }),
    operators: createOperatorService({
      database,
      stores,
      siteUrl: settings.siteUrl ?? 'http://localhost:3000',
      twoFactorPolicy: settings.twoFactorPolicy ?? 'off',
      ...(settings.now ? { now: settings.now } : {}),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

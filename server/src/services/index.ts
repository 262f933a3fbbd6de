import type { Database, Executor } from '../db/connection';
import type { Stores } from '../db/stores';
import { createEmailDomainPolicy } from '../lib/refused-domains';
import { createMailDomainCheck } from '../io/mx-lookup';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import type { TwoFactorPolicy } from '@waitlist/contract';
import { createCampaignService } from './campaigns';
import { createInvitationService } from './invitations';
import { createOperatorDigest } from './operator-digest';
import { createBulkMailPace, createMailBudget } from './mail-budget';
import { createPartnerCodeService } from './partner-codes';
import { createPersonLinks } from './person-links';
import { DEFAULT_MAX_NUMBER, createProofOfWork } from './proof-of-work';
import { createSignupEvents } from './signup-events';
import { createSignupService } from './signups';
import { createUseCases } from './use-case';
import { createTeamService } from './team';
import { createSecondFactors } from './second-factors';
import { createPasskeys } from './passkeys';
import { createSignIn } from './sign-in';
import { createDeliveryRecords } from './deliveries';
import { createMailSources } from './mail-sources';
import { createOutboxActions } from './outbox-actions';
import { createExports } from './exports';
import { createSuppressions } from './suppressions';
import { createSendGuard } from './send-guard';
import { createMailFeedback } from './mail-feedback';
import { createFitRules } from './fit-rules';
import { createImports } from './imports';
import { createBookings, type BookingSettings } from './bookings';
import { createQuestions } from './questions';
import { createApiKeys, type EnvironmentKey } from './api-keys';
import { createSso, type SsoDeps } from './sso';
import { createDocumentRequests } from './document-requests';
import { createErasureLedger } from '../io/erasure-ledger';
import type { SecretBox } from '../lib/secret-box';
import { createCrm, type CrmSettings } from './crm';
import { createCrmSync } from './crm-sync';
import { createSegments } from './segments';
import { createVisitCounting } from './visits';
import { createAuditRetention } from './audit-retention';

/** The erasure ledger's HMAC key in server_secrets (made once, kept in the database and so in every backup). */
export const ERASURE_LEDGER_KEY = 'erasure-ledger';

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
}

export const DEFAULT_BULK_MAILS_PER_MINUTE = 300;

/** Every service over the stores, built once by app.ts (and by the CLI and benchmarks the same way). */
export function createServices(database: Database, stores: Stores, settings: ServiceSettings) {
  const useCases = createUseCases({ database, stores, ...(settings.now ? { now: settings.now } : {}) });
  const segments = createSegments({ stores, useCases });
  const crm = createCrm({
    stores,
    segments,
    useCases,
    secretBox: settings.secretBox ?? null,
    settings: settings.crm ?? {},
    ...(settings.now ? { now: settings.now } : {}),
  });
  const events = createSignupEvents({
    operators: stores.operatorRecipients,
    webhookEndpoints: settings.webhookEndpoints,
    crm,
  });
  const proofOfWork = createProofOfWork(stores, {
    ...(settings.proofOfWork ?? { hmacKey: undefined, maxNumber: DEFAULT_MAX_NUMBER }),
    ...(settings.now ? { now: settings.now } : {}),
  });
  const mailBudget = createMailBudget(
    { stores, useCases },
    {
      unverifiedPerHour: settings.unverifiedMailsPerHour ?? null,
    },
  );
  const ledger = createErasureLedger(settings.erasureLedgerFile ?? null, (executor) =>
    stores.serverSecrets.get(ERASURE_LEDGER_KEY, (executor as Executor | undefined) ?? database.db),
  );
  const suppressions = createSuppressions({ stores, useCases });
  const fitRules = createFitRules({ stores, useCases });
  const sendGuard = createSendGuard({ database, stores, useCases, ...(settings.metrics ? { metrics: settings.metrics } : {}) });
  const mailFeedback = createMailFeedback({
    database,
    stores,
    useCases,
    suppressions,
    guard: sendGuard,
    ...(settings.metrics ? { metrics: settings.metrics } : {}),
  });
  const questions = createQuestions({ stores, useCases, events });
  const bookings = createBookings({
    stores,
    useCases,
    events,
    settings: settings.booking ?? { minScore: 100 },
    ...(settings.now ? { now: settings.now } : {}),
  });
  const signups = createSignupService({
    callOffered: bookings.offered,
    suppressions,
    fit: fitRules.now,
    useCases,
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
  const team = createTeamService({ database, stores, useCases });
  const secondFactors = createSecondFactors({
    database,
    stores,
    useCases,
    secretBox: settings.secretBox ?? null,
    twoFactorPolicy: settings.twoFactorPolicy ?? 'off',
    ...(settings.now ? { now: settings.now } : {}),
  });
  const passkeys = createPasskeys({
    stores,
    useCases,
    siteUrl: settings.siteUrl ?? 'http://localhost:3000',
    twoFactorPolicy: settings.twoFactorPolicy ?? 'off',
    ...(settings.now ? { now: settings.now } : {}),
  });
  const sso = createSso({
    stores,
    useCases,
    ...(settings.sso ?? { provider: null, settings: { issuer: undefined, allowedDomains: [], defaultRole: 'viewer' } }),
    ...(settings.now ? { now: settings.now } : {}),
  });
  const exports = createExports({
    database,
    stores,
    useCases,
    readBudgetPerHour: settings.readBudgetPerHour ?? null,
    fit: fitRules.now,
    answersOf: questions.answersOf,
  });
  return {
    useCases,
    segments,
    crm,
    crmSync: createCrmSync({
      database,
      stores,
      useCases,
      crm,
      answersOf: questions.answersOf,
      fit: fitRules.now,
      metrics: settings.metrics,
      ...(settings.now ? { now: settings.now } : {}),
    }),
    team,
    secondFactors,
    passkeys,
    sso,
    signIn: createSignIn({ stores, secondFactors, passkeys, team, useCases, ssoRequired: sso.passwordRefused }),
    events,
    ledger,
    signups,
    deliveries: createDeliveryRecords({ stores, useCases }),
    mailSources: createMailSources(database, stores, useCases),
    outboxActions: createOutboxActions({ stores, useCases }),
    suppressions,
    sendGuard,
    mailFeedback,
    fitRules,
    bookings,
    questions,
    exports,
    imports: createImports({ database, stores, signups, useCases, ledger, ...(settings.now ? { now: settings.now } : {}) }),
    proofOfWork,
    mailBudget,
    visits: createVisitCounting({ stores, useCases }),
    auditRetention: createAuditRetention({ stores, useCases }),
    bulkPace: createBulkMailPace({ stores, useCases }, settings.bulkMailsPerMinute ?? DEFAULT_BULK_MAILS_PER_MINUTE),
    personLinks: createPersonLinks({
      database,
      signups,
      stores,
      events,
      useCases,
      questions,
      ...(settings.now ? { now: settings.now } : {}),
    }),
    invitations: createInvitationService({
      database,
      stores,
      signups,
      useCases,
      audiences: segments,
      ...(settings.now ? { now: settings.now } : {}),
    }),
    campaigns: createCampaignService({ database, stores, useCases, audiences: segments }),
    partnerCodes: createPartnerCodeService({ stores, useCases, ...(settings.now ? { now: settings.now } : {}) }),
    apiKeys: createApiKeys({
      stores,
      useCases,
      environment: settings.environmentKeys ?? [],
      ...(settings.now ? { now: settings.now } : {}),
    }),
    operatorDigest: createOperatorDigest({ stores, useCases }),
    documentRequests: createDocumentRequests({
      stores,
      useCases,
      proofOfWork,
      mailBudget,
      reads: exports,
      ...(settings.now ? { now: settings.now } : {}),
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SIGNUPS_PATH, SSO_CALLBACK_PATH, TRUST_PATH } from '@waitlist/contract';
import type { Env } from './env';
import { openDatabase, type Database } from './db/connection';
import { migrateDatabase } from './db/migrations';
import { createStores, type Stores } from './db/stores';
import { ERASURE_LEDGER_KEY, createServices, type Services } from './services';
import { erasureLedgerFile } from './io/erasure-ledger';
import { loadSecretsKey } from './io/secrets-key';
import { loadDkimSigning } from './io/dkim-key';
import { createSecretBox } from './lib/secret-box';
import { housekeepingJobs } from './services/housekeeping';
import { environmentKeysOf } from './services/api-keys';
import { createOidcProvider } from './io/oidc';
import { createBackupSchedule, type BackupSchedule } from './services/backups';
import { registerErrorHandler } from './http/error-handler';
import { registerFairTurns } from './http/fair-turns';
import { registerHealth } from './http/health';
import { registerJsonParser } from './http/json-parser';
import { loggerOptions, readableLog } from './http/logging';
import { registerLongUrlRefusal, rewriteLongUrl } from './http/long-urls';
import { createMetrics, registerMetrics, type Metrics } from './http/prometheus';
import { registerRateLimit, sharedLimit } from './http/rate-limiter';
import { declareRateLimits } from './http/rate-limit-rules';
import { connectRedis } from './http/redis';
import { registerScheduler } from './http/scheduler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticSite, sitePaths } from './http/static-site';
import { privacyPageWithCrm } from './routes/trust/privacy-page';
import { trustPaths, trustRoutes } from './routes/trust/routes';
import { securityTxt, trustView } from './services/trust';
import { visitRoutes } from './routes/visits/routes';
import { loadPageRenderer } from './http/page-renderer';
import { publicSignupRoutes } from './routes/signups/routes';
import { signupFormRoutes } from './routes/signups/form-routes';
import { adminRoutes } from './routes/admin/routes';
import { defaultMailFrom, startMailDelivery } from './delivery/start';
import { previewMails } from './delivery/mails';
import { selfServiceRoutes } from './routes/self-service/routes';
import { accessRoutes } from './routes/access/routes';
import { mailEventRoutes } from './routes/mail-events/routes';
import { bookingRoutes } from './routes/bookings/routes';
import { createMailHealth } from './services/mail-health';

export interface BuildAppOptions {
  env: Env;
  /** An already-open database (tests share one); otherwise one is opened from env and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

export interface App extends FastifyInstance {
  /** The server's own backups and their state (services/backups.ts). */
  backups: BackupSchedule;
  database: Database;
  metrics: Metrics;
  /** Every store over the app's database (tests read through them). */
  stores: Stores;
  /** The use cases (tests drive them). */
  services: Services;
}

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole application: registers plugins and features, never listens (server.ts does). */
export async function buildApp({ env, database: given, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
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
  }) as unknown as App;

  const database = given ?? openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  app.decorate('database', database);
  if (!given) app.addHook('onClose', async () => database.close());

  // One registry per app (tests build several apps in one process); features count through `metrics`.
  const metrics = createMetrics();
  app.decorate('metrics', metrics);

  await migrateDatabase(database);
  const stores = createStores(database, {
    sessionIdleMs: env.SESSION_IDLE_HOURS * 60 * 60 * 1000,
    sessionMaxMs: env.ADMIN_SESSION_MAX_HOURS * 60 * 60 * 1000,
  });
  /**
   * Mail was queued: both lanes' workers look now instead of at their next poll (issue 50: one name, one callback). The
   * workers start once the app is ready; mail queued before that is picked up by their first round.
   */
  const mailQueued = () => {
    if (!app.hasDecorator('delivery')) return;
    app.delivery.worker.nudge();
    app.delivery.bulk.nudge();
  };
  const services = createServices(database, stores, {
    batchWindowMs: env.SIGNUP_BATCH_WINDOW_MS,
    webhookEndpoints: env.WEBHOOK_URL ?? [],
    emailDomains: { blocked: env.BLOCKED_EMAIL_DOMAINS, allowed: env.ALLOWED_EMAIL_DOMAINS },
    proofOfWork: { hmacKey: env.ALTCHA_HMAC_KEY, maxNumber: env.ALTCHA_MAX_NUMBER },
    mailDomainCheck: env.EMAIL_DOMAIN_CHECK === 'mx' ? { servers: env.DNS_SERVERS } : undefined,
    unverifiedMailsPerHour: env.UNVERIFIED_MAIL_BUDGET_PER_HOUR,
    bulkMailsPerMinute: env.BULK_MAIL_PER_MINUTE,
    mailQueued,
    metrics,
    log: app.log,
    siteUrl: env.SITE_URL,
    twoFactorPolicy: env.REQUIRE_2FA,
    erasureLedgerFile: erasureLedgerFile(env),
    secretBox: createSecretBox(loadSecretsKey(env).key),
    readBudgetPerHour: env.ADMIN_READ_BUDGET_PER_HOUR,
    booking: { url: env.BOOKING_URL, minScore: env.BOOKING_MIN_SCORE },
    environmentKeys: environmentKeysOf(env),
    sso: ssoOf(env),
    crm: { hubspotUrl: env.HUBSPOT_API_URL, pipedriveUrl: env.PIPEDRIVE_API_URL },
  });
  app.decorate('stores', stores);
  app.decorate('services', services);
  // The erasure ledger's key exists before any erasure or backup (docs/decisions/0023).
  await stores.serverSecrets.get(ERASURE_LEDGER_KEY);
  // The key outside the database must be the one its secrets were sealed with; older rows are sealed now.
  const adopted = await services.secondFactors.adoptSecretsKey();
  if (adopted.sealed + adopted.rekeyed > 0)
    app.log.info(adopted, 'sealed authenticator secrets and re-keyed recovery codes stored before the secrets key');
  app.addHook('onClose', async () => services.signups.drain());

  // Route schemas are the contract's zod schemas (input validated, output serialised by them).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, { metrics });
  registerLongUrlRefusal(app);
  registerFairTurns(app, { perTurn: 32 });
  registerJsonParser(app);
  registerSecurityHeaders(app, { httpsSite: env.SITE_URL.startsWith('https://') });
  registerScheduler(app);
  app.decorateRequest('apiKey', null);
  registerMetrics(app, { metrics, check: (token) => services.apiKeys.check(token, 'metrics:read') });
  // Shared rate-limit counters when several copies run (docs/deployment.md); never required to serve.
  const redis = env.REDIS_URL
    ? await connectRedis({ url: env.REDIS_URL, log: app.log, metrics, commandTimeoutMs: env.REDIS_COMMAND_TIMEOUT_MS })
    : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  await registerRateLimit(app, { redis, metrics });
  const limits = declareRateLimits({
    signupsPerMinute: env.SIGNUP_RATE_LIMIT,
    visitsPerMinute: env.VISIT_RATE_LIMIT,
    signInsPerMinute: env.ADMIN_SIGNIN_RATE_LIMIT,
  });
  const signupLimit = sharedLimit(app, limits.signup, metrics, SIGNUPS_PATH);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerHealth(app, database, { redis, metrics });

  const pages = await loadPageRenderer(env.WEB_SSR_DIR, app.log);
  await app.register(publicSignupRoutes, {
    signups: services.signups,
    proofOfWork: services.proofOfWork,
    publicKey: env.WAITLIST_PUBLIC_KEY,
    apiKeys: services.apiKeys,
    signupLimit,
    corsOrigins: env.CORS_ORIGINS,
    metrics,
  });
  const dkim = loadDkimSigning(env, env.MAIL_FROM ?? defaultMailFrom(env.SITE_URL));
  // Cookies are Secure on an https site even when the request looks like http behind a proxy (TRUST_PROXY unset).
  const secureCookies = env.SITE_URL.startsWith('https://');
  // The sign-up form posted without script and the pages behind mail links: pages rendered by the web build's renderer.
  await app.register(signupFormRoutes, { signups: services.signups, pages, signupLimit, metrics });
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    stores,
    services,
    secureCookies,
    siteUrl: env.SITE_URL,
    signInRateLimit: limits.signIn,
    smtpConfigured: Boolean(env.SMTP_URL),
    bookingConfigured: Boolean(env.BOOKING_URL),
    webhooksConfigured: Boolean(env.WEBHOOK_SECRET),
    previewMails: (input) => previewMails(input, env.SITE_URL),
    backupStatus: () => app.backups.status(),
    mailHealth: createMailHealth({
      mailFrom: env.MAIL_FROM ?? defaultMailFrom(env.SITE_URL),
      bounceDomain: env.BOUNCE_DOMAIN,
      dkim,
      siteUrl: env.SITE_URL,
      smtpUrl: env.SMTP_URL,
      dnsServers: env.DNS_SERVERS,
    }),
    mailQueued,
  });
  await app.register(accessRoutes, { invitations: services.invitations, apiKeys: services.apiKeys });
  await app.register(mailEventRoutes, {
    feedback: services.mailFeedback,
    relays: { postmark: env.POSTMARK_WEBHOOK_CREDENTIALS, mailgun: env.MAILGUN_WEBHOOK_SIGNING_KEY, resend: env.RESEND_WEBHOOK_SECRET },
  });
  await app.register(bookingRoutes, {
    bookings: services.bookings,
    secrets: { 'cal-com': env.CALCOM_WEBHOOK_SECRET, calendly: env.CALENDLY_WEBHOOK_SIGNING_KEY },
  });
  await app.register(selfServiceRoutes, {
    service: services.personLinks,
    pages,
    dataLinkRateLimit: limits.dataLink,
    secureCookies,
    invitations: services.invitations,
    accessRedirectUrl: env.ACCESS_REDIRECT_URL,
    bookingLink: (person) => services.bookings.linkFor(person),
  });
  await app.register(trustRoutes, {
    pages,
    view: () => trustView(env),
    securityTxt: (now) => securityTxt(env, now),
    documentRequests: services.documentRequests,
    documentRequestLimit: sharedLimit(app, limits.documentRequest, metrics, TRUST_PATH),
    metrics,
  });
  await app.register(visitRoutes, {
    visits: services.visits,
    paths: [...sitePaths(env.WEB_DIST_DIR), ...trustPaths()],
    siteUrl: env.SITE_URL,
    rateLimit: limits.visit,
  });
  await registerStaticSite(app, env.WEB_DIST_DIR, { siteUrl: env.SITE_URL, perRequest: privacyPageWithCrm(services.crm, pages) });
  await startMailDelivery(
    app,
    { stores, services },
    {
      smtpUrl: env.SMTP_URL,
      smtpMaxConnections: env.SMTP_MAX_CONNECTIONS,
      mailFrom: env.MAIL_FROM,
      siteUrl: env.SITE_URL,
      retentionDays: env.UNCONFIRMED_RETENTION_DAYS,
      webhookSecret: env.WEBHOOK_SECRET,
      pollMs: env.OUTBOX_POLL_MS,
      leaseMs: env.OUTBOX_LEASE_MS,
      firstRetryMs: env.OUTBOX_FIRST_RETRY_MS,
      metrics,
      dkim,
      bounceDomain: env.BOUNCE_DOMAIN,
      inbound:
        env.INBOUND_SMTP_PORT === undefined
          ? undefined
          : { port: env.INBOUND_SMTP_PORT, host: env.INBOUND_SMTP_HOST, maxBytes: env.INBOUND_SMTP_MAX_BYTES },
    },
  );

  const backups = createBackupSchedule({
    database,
    dir: env.BACKUP_DIR,
    everyHours: env.BACKUP_EVERY_HOURS,
    keep: env.BACKUP_KEEP,
    databaseUrl: env.DATABASE_URL,
    metrics,
    log: app.log,
  });
  app.decorate('backups', backups);

  for (const job of housekeepingJobs(stores, services, {
    retentionDays: env.UNCONFIRMED_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    log: app.log,
    mailQueued,
    backups,
  })) {
    await app.scheduler.every(job.name, job.everyMs, job.run, { runNow: job.runNow });
  }

  return app;
}

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

import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { SIGNUPS_PATH, TRUST_PATH } from '@waitlist/contract';
import type { Env } from './env';
import { openDatabase, type Database } from './db/connection';
import { migrateDatabase } from './db/migrations';
import { createStores, type Stores } from './db/stores';
import { ERASURE_LEDGER_KEY, createServices, type Services } from './services';
import { loadDkimSigning, type DkimSigning } from './io/dkim-key';
import { housekeepingJobs } from './services/housekeeping';
import { createBackupSchedule, type BackupSchedule } from './services/backups';
import { registerErrorHandler } from './http/error-handler';
import { registerFairTurns } from './http/fair-turns';
import { registerHealth } from './http/health';
import { registerJsonParser } from './http/json-parser';
import { registerLongUrlRefusal } from './http/long-urls';
import { createMetrics, registerMetrics, type Metrics } from './http/prometheus';
import { registerRateLimit, sharedLimit } from './http/rate-limiter';
import { declareRateLimits, type RateLimits } from './http/rate-limit-rules';
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
import { deliverySettingsOf, serverOptionsOf, serviceSettingsOf } from './app-settings';

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

/** Builds the whole application: registers plugins and features, never listens (server.ts does). */
export async function buildApp({ env, database: given, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify(serverOptionsOf(env, logger)) as unknown as App;
  const database = given ?? openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  app.decorate('database', database);
  if (!given) app.addHook('onClose', async () => database.close());

  // One registry per app (tests build several apps in one process); features count through `metrics`.
  const metrics = createMetrics();
  app.decorate('metrics', metrics);

  await migrateDatabase(database);
  const stores = createStores(database);
  /**
   * Mail was queued: both lanes' workers look now instead of at their next poll (issue 50: one name, one callback). The
   * workers start once the app is ready; mail queued before that is picked up by their first round.
   */
  const mailQueued = () => {
    if (!app.hasDecorator('delivery')) return;
    app.delivery.worker.nudge();
    app.delivery.bulk.nudge();
  };
  const services = createServices(database, stores, serviceSettingsOf(env, { mailQueued, metrics, log: app.log }));
  app.decorate('stores', stores);
  app.decorate('services', services);
  await prepareServices(app, services);

  const dkim = loadDkimSigning(env, env.MAIL_FROM ?? defaultMailFrom(env.SITE_URL));
  const wiring: Wiring = { app, env, database, stores, services, metrics, mailQueued, dkim };
  const limits = await registerPlumbing(wiring);
  await registerFeatures(wiring, limits);
  await startBackgroundWork(wiring);
  return app;
}

/** What the parts of the app are wired with. */
interface Wiring {
  app: App;
  env: Env;
  database: Database;
  stores: Stores;
  services: Services;
  metrics: Metrics;
  mailQueued: () => void;
  /** DKIM_PRIVATE_KEY_FILE's key, read once: the mail is signed with it and the Mail page checks its DNS record. */
  dkim: DkimSigning | null;
}

/** Before the first request: the keys the services need exist, and the sign-ups still being written are awaited at close. */
async function prepareServices(app: App, services: Services): Promise<void> {
  // The erasure ledger's key exists before any erasure or backup (docs/decisions/0023).
  await services.sharedSecrets.read(ERASURE_LEDGER_KEY);
  // The key outside the database must be the one its secrets were sealed with; older rows are sealed now.
  const adopted = await services.secondFactors.adoptSecretsKey();
  if (adopted.sealed + adopted.rekeyed > 0)
    app.log.info(adopted, 'sealed authenticator secrets and re-keyed recovery codes stored before the secrets key');
  app.addHook('onClose', async () => services.signups.drain());
}

/** What every request passes through: schemas, errors, headers, fair turns, metrics, rate limits, compression, health. */
async function registerPlumbing({ app, env, database, services, metrics }: Wiring) {
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
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerHealth(app, database, { redis, metrics });
  return limits;
}

/** Every feature's routes, and the static site last. */
async function registerFeatures(wiring: Wiring, limits: RateLimits): Promise<void> {
  const { app, env, services, metrics } = wiring;
  const pages = await loadPageRenderer(env.WEB_SSR_DIR, app.log);
  const signupLimit = sharedLimit(app, limits.signup, metrics, SIGNUPS_PATH);
  await app.register(publicSignupRoutes, {
    signups: services.signups,
    proofOfWork: services.proofOfWork,
    publicKey: env.WAITLIST_PUBLIC_KEY,
    apiKeys: services.apiKeys,
    signupLimit,
    corsOrigins: env.CORS_ORIGINS,
    metrics,
  });
  // Cookies are Secure on an https site even when the request looks like http behind a proxy (TRUST_PROXY unset).
  const secureCookies = env.SITE_URL.startsWith('https://');
  // The sign-up form posted without script and the pages behind mail links: pages rendered by the web build's renderer.
  await app.register(signupFormRoutes, { signups: services.signups, pages, signupLimit, metrics });
  await registerConsole(wiring, limits, secureCookies);
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
}

/** The console's API under /api/admin. */
async function registerConsole({ app, env, stores, services, mailQueued, dkim }: Wiring, limits: RateLimits, secureCookies: boolean) {
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
}

/** What runs beside the requests: the mail workers (and the bounce listener), the backups, the housekeeping jobs. */
async function startBackgroundWork({ app, env, database, stores, services, metrics, mailQueued, dkim }: Wiring): Promise<void> {
  await startMailDelivery(app, { stores, services }, deliverySettingsOf(env, { metrics, dkim }));
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
  const jobs = housekeepingJobs(stores, services, {
    retentionDays: env.UNCONFIRMED_RETENTION_DAYS,
    auditRetentionDays: env.AUDIT_RETENTION_DAYS,
    log: app.log,
    mailQueued,
    backups,
  });
  for (const job of jobs) await app.scheduler.every(job.name, job.everyMs, job.run, { runNow: job.runNow });
}

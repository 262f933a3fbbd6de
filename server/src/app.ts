import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Env } from './env';
import { openDatabase, type Database } from './db/connection';
import { migrate } from './db/migrations';
import { createRepositories, type Repositories } from './db/stores';
import { registerErrorHandler } from './http/error-handler';
import { registerHealth } from './http/health';
import { registerJsonParser } from './http/json-parser';
import { loggerOptions } from './http/logging';
import { createMetrics, registerMetrics, type Metrics } from './http/metrics';
import { registerRateLimit } from './http/rate-limit';
import { connectRedis } from './http/redis';
import { registerScheduler } from './http/scheduler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerStaticSite, sitePaths } from './http/static-site';
import { visitRoutes } from './routes/visits/routes';
import { loadPageRenderer } from './http/page-renderer';
import { queueConfirmationAlongside } from './db/stores/outbox';
import { signupRoutes } from './routes/signups/routes';
import { signupFormRoutes } from './routes/signups/form-routes';
import { adminRoutes } from './routes/admin/routes';
import { startMailDelivery } from './delivery/start';
import { createSelfService } from './routes/self-service/service';
import { selfServiceRoutes } from './routes/self-service/routes';
import { findSiteStylesheet } from './routes/self-service/pages';
import { mayResendConfirmation } from './lib/resend-policy';

export interface BuildAppOptions {
  env: Env;
  /** An already-open database (tests share one); otherwise one is opened from env and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

export interface App extends FastifyInstance {
  database: Database;
  metrics: Metrics;
  /** Every repository over the app's database (tests read through them). */
  repositories: Repositories;
}

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole application: registers plugins and features, never listens (server.ts does). */
export async function buildApp({ env, database: given, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? loggerOptions(env.LOG_LEVEL),
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
    forceCloseConnections: 'idle',
  }) as unknown as App;

  const database = given ?? openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  app.decorate('database', database);
  if (!given) app.addHook('onClose', async () => database.close());

  // One registry per app (tests build several apps in one process); features count through `metrics`.
  const metrics = createMetrics();
  app.decorate('metrics', metrics);

  await migrate(database.db, database.dialect);
  const repositories = createRepositories(database, {
    batchWindowMs: env.SIGNUP_BATCH_WINDOW_MS,
    sessionIdleMs: env.SESSION_IDLE_HOURS * 60 * 60 * 1000,
    // The confirmation mail is queued in the sign-up's own transaction (docs/decisions/0007).
    writeAlongside: queueConfirmationAlongside,
    webhookEndpoints: env.WEBHOOK_URL ?? [],
    // Signing up again before confirming re-sends the confirmation, within the re-send policy; the answer stays 409.
    onDuplicate: async (email) => {
      try {
        const signupId = await repositories.personData.idByEmail(email);
        if (signupId === undefined) return;
        const queued = await repositories.personData.queueConfirmationResend(
          signupId,
          (input) => mayResendConfirmation({ ...input, now: new Date() }).ok,
        );
        if (queued) app.log.info({ signupId }, 'confirmation re-sent on a repeated sign-up');
      } catch (err) {
        app.log.warn({ err }, 'could not queue a confirmation re-send');
      }
    },
    metrics,
  });
  app.decorate('repositories', repositories);
  app.addHook('onClose', async () => repositories.signups.drain());

  // Route schemas are the contract's zod schemas (input validated, output serialised by them).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app, { metrics });
  registerJsonParser(app);
  registerSecurityHeaders(app);
  registerScheduler(app);
  registerMetrics(app, { metrics, token: env.METRICS_TOKEN });
  // Shared rate-limit counters when several copies run (docs/deployment.md); never required to serve.
  const redis = env.REDIS_URL ? await connectRedis({ url: env.REDIS_URL, log: app.log, metrics }) : undefined;
  if (redis) app.addHook('onClose', async () => redis.close());
  await registerRateLimit(app, { redis, metrics });
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerHealth(app, database, { redis, metrics });

  await app.register(signupRoutes, {
    signups: repositories.signups,
    publicKey: env.WAITLIST_PUBLIC_KEY,
    rateLimitPerMinute: env.SIGNUP_RATE_LIMIT,
    corsOrigins: env.CORS_ORIGINS,
    metrics,
  });
  // The sign-up form posted without script, answered with pages rendered by the web build's renderer.
  const pages = await loadPageRenderer(env.WEB_SSR_DIR, app.log);
  await app.register(signupFormRoutes, { signups: repositories.signups, pages, rateLimitPerMinute: env.SIGNUP_RATE_LIMIT, metrics });
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    repositories,
    sessionIdleHours: env.SESSION_IDLE_HOURS,
    signInRateLimitPerMinute: env.ADMIN_SIGNIN_RATE_LIMIT,
    smtpConfigured: Boolean(env.SMTP_URL),
    webhooksConfigured: Boolean(env.WEBHOOK_SECRET),
  });
  await app.register(selfServiceRoutes, {
    service: createSelfService({ people: repositories.personData, outbox: repositories.outbox }),
    stylesheet: findSiteStylesheet(env.WEB_DIST_DIR),
    dataLinkRateLimit: env.SIGNUP_RATE_LIMIT === null ? null : Math.max(5, env.SIGNUP_RATE_LIMIT),
  });
  await app.register(visitRoutes, {
    visits: repositories.visits,
    paths: sitePaths(env.WEB_DIST_DIR),
    siteUrl: env.SITE_URL,
    rateLimitPerMinute: env.VISIT_RATE_LIMIT,
  });
  await registerStaticSite(app, env.WEB_DIST_DIR, { siteUrl: env.SITE_URL });
  await startMailDelivery(app, repositories, {
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    siteUrl: env.SITE_URL,
    retentionDays: env.UNCONFIRMED_RETENTION_DAYS,
    webhookSecret: env.WEBHOOK_SECRET,
    pollMs: env.OUTBOX_POLL_MS,
    firstRetryMs: env.OUTBOX_FIRST_RETRY_MS,
    metrics,
  });

  // Unconfirmed sign-ups are kept only UNCONFIRMED_RETENTION_DAYS after their confirmation mail (the privacy page says so).
  await app.scheduler.every(
    'erase unconfirmed sign-ups',
    60 * 60 * 1000,
    async () => {
      const cutoff = new Date(Date.now() - env.UNCONFIRMED_RETENTION_DAYS * 24 * 60 * 60 * 1000);
      const erased = await repositories.personData.expireUnconfirmed(cutoff);
      if (erased > 0) app.log.info({ erased }, 'unconfirmed sign-ups erased after the retention period');
      await repositories.personData.pruneExpiredTokens();
      // Visitor hashes and their salt end with their day: nobody can be followed across days.
      await repositories.visits.forgetPastDays();
      // Delivered webhook events hold personal data; a receiver has had them for 30 days.
      await repositories.outbox.pruneDeliveredWebhooks(new Date(Date.now() - 30 * 24 * 60 * 60 * 1000));
    },
    { runNow: true },
  );
  // The founders' daily digest, queued once a day after 06:00 UTC by whichever copy gets there first.
  await app.scheduler.every(
    "queue the operators' daily digest",
    10 * 60 * 1000,
    async () => {
      if ((await repositories.operatorMail.queueDailyDigest()) > 0) app.delivery.worker.nudge();
    },
    { runNow: true },
  );
  // Idempotency keys hold a hash of personal data: keep them no longer than a retry needs.
  await app.scheduler.every('prune idempotency keys', 60 * 60 * 1000, () => repositories.signups.pruneIdempotencyKeys(), { runNow: true });

  return app;
}

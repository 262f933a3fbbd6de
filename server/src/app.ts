import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Env } from './env';
import { openDatabase, type Database } from './db/connection';
import { migrate } from './db/migrations';
import { registerErrorHandler } from './plugins/error-handler';
import { registerHealth } from './plugins/health';
import { registerJsonParser } from './plugins/json-parser';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticSite } from './plugins/static-site';
import { createSignupsRepository } from './signups/repository';
import { signupRoutes } from './signups/routes';
import { adminRoutes } from './admin/routes';
import { requestLogSerializer } from './admin/log-redaction';

export interface BuildAppOptions {
  env: Env;
  /** An already-open database (tests share one); otherwise one is opened from env and closed with the app. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
}

export interface App extends FastifyInstance {
  database: Database;
}

/** Log lines never carry request bodies, cookies or keys. */
const REDACT = ['req.headers.authorization', 'req.headers.apikey', 'req.headers.cookie', 'res.headers["set-cookie"]'];

const hopsTrusted = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the whole application; never listens (server.ts does). */
export async function buildApp({ env, database: given, logger }: BuildAppOptions): Promise<App> {
  const app = Fastify({
    logger: logger ?? { level: env.LOG_LEVEL, redact: REDACT, serializers: { req: requestLogSerializer } },
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

  await migrate(database.db, database.dialect);
  const repository = createSignupsRepository(database, { batchWindowMs: env.SIGNUP_BATCH_WINDOW_MS });
  app.addHook('onClose', async () => repository.drain());

  registerErrorHandler(app);
  registerJsonParser(app);
  registerSecurityHeaders(app);
  await app.register(fastifyCompress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  registerHealth(app, database);
  await app.register(signupRoutes, {
    repository,
    publicKey: env.WAITLIST_PUBLIC_KEY,
    rateLimitPerMinute: env.SIGNUP_RATE_LIMIT,
    corsOrigins: env.CORS_ORIGINS,
  });
  await app.register(adminRoutes, {
    prefix: '/api/admin',
    database,
    sessionIdleHours: env.SESSION_IDLE_HOURS,
    signInRateLimitPerMinute: env.ADMIN_SIGNIN_RATE_LIMIT,
  });
  await registerStaticSite(app, env.WEB_DIST_DIR);

  // Idempotency keys hold a hash of personal data: keep them no longer than a retry needs.
  const prune = () => repository.pruneIdempotencyKeys().catch((err: unknown) => app.log.warn({ err }, 'idempotency key pruning failed'));
  await prune();
  const timer = setInterval(prune, 60 * 60 * 1000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));

  return app;
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import type { SharedRedis } from './redis';

export interface HealthOptions {
  redis?: SharedRedis | undefined;
  metrics: MetricsRecorder;
}

/**
 * /healthz: the process answers. /readyz: the database answers too (load balancers route on it). Redis, when
 * configured, is reported but never makes a copy unready: every copy shares it, and limits fail open without it.
 */
export function registerHealth(app: FastifyInstance, database: Database, { redis, metrics }: HealthOptions): void {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const [databaseUp, redisState] = await Promise.all([
      database.ping(1500).then(
        () => true,
        (error: unknown) => {
          metrics.count('databaseErrors', { operation: 'readiness' });
          request.log.warn({ err: error }, 'readiness check failed');
          return false;
        },
      ),
      redis?.check(500),
    ]);
    const redisField = redisState ? { redis: redisState } : {};
    if (!databaseUp) return reply.code(503).send({ status: 'unavailable', database: database.dialect, ...redisField });
    return reply.send({ status: 'ready', database: database.dialect, ...redisField });
  });
}

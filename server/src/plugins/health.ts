import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connection';

/** /healthz: the process answers. /readyz: the database answers too (load balancers route on it). */
export function registerHealth(app: FastifyInstance, database: Database): void {
  app.get('/healthz', async (_request, reply) => reply.header('cache-control', 'no-store').send({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await database.ping(1500);
      return reply.send({ status: 'ready', database: database.dialect });
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'unavailable', database: database.dialect });
    }
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminSavedSegmentListSchema,
  adminSegmentCreatedSchema,
  adminSegmentSaveSchema,
  adminSignupParamsSchema,
} from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { SegmentRefused, type Segments } from '../../services/segments';
import { signedInOperator } from './guards';

/** A refusal about a saved segment as the console reads it (here, and for a wave or an update sent to one). */
export const segmentRefusal = (error: unknown): never => {
  if (!(error instanceof SegmentRefused)) throw error;
  if (error.reason === 'not-found') throw new HttpError(404, ADMIN_ERROR_CODES.notFound, error.message);
  throw new HttpError(409, ADMIN_ERROR_CODES.invalidRequest, error.message);
};

/** Saved segments (issue 48 item 2): everyone sees them with their counts; owners and members save, rename, delete. */
export async function segmentRoutes(parent: FastifyInstance, { segments }: { segments: Segments }): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/segments', { schema: { response: { 200: adminSavedSegmentListSchema } }, config: { role: 'viewer' } }, async () => ({
    items: await segments.list(),
  }));

  app.post(
    '/segments',
    {
      bodyLimit: 8 * 1024,
      schema: { body: adminSegmentSaveSchema, response: { 201: adminSegmentCreatedSchema } },
      config: { role: 'member' },
    },
    async (request, reply) => {
      const { operatorId } = signedInOperator(request);
      const id = await segments.create(request.body, operatorId).catch(segmentRefusal);
      return reply.code(201).send({ id });
    },
  );

  app.put(
    '/segments/:id',
    { bodyLimit: 8 * 1024, schema: { params: adminSignupParamsSchema, body: adminSegmentSaveSchema }, config: { role: 'member' } },
    async (request, reply) => {
      const { operatorId } = signedInOperator(request);
      await segments.update(request.params.id, request.body, operatorId).catch(segmentRefusal);
      return reply.code(204).send();
    },
  );

  app.delete('/segments/:id', { schema: { params: adminSignupParamsSchema }, config: { role: 'member' } }, async (request, reply) => {
    const { operatorId } = signedInOperator(request);
    await segments.remove(request.params.id, operatorId).catch(segmentRefusal);
    return reply.code(204).send();
  });
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminSignupParamsSchema,
  adminPartnerCodeCreateSchema,
  adminPartnerCodeCreatedSchema,
  adminPartnerCodeListSchema,
  adminPartnerCodeSchema,
} from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import type { PartnerCodeService } from '../../services/partner-codes';
import { signedInOperator } from './guards';

/** Partner codes: make one (its code answered once), see each with its claims, withdraw one. */
export async function partnerCodeRoutes(parent: FastifyInstance, options: { partnerCodes: PartnerCodeService }): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/partner-codes', { schema: { response: { 200: adminPartnerCodeListSchema } }, config: { role: 'viewer' } }, async () => ({
    items: await options.partnerCodes.list(),
  }));

  app.post(
    '/partner-codes',
    {
      schema: { body: adminPartnerCodeCreateSchema, response: { 201: adminPartnerCodeCreatedSchema } },
      config: { role: 'member' },
    },
    async (request, reply) => {
      const { operatorId } = signedInOperator(request);
      const created = await options.partnerCodes.create(request.body, operatorId);
      request.log.info({ operatorId, partnerCodeId: created.id, claimLimit: created.claim_limit }, 'admin made a partner code');
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/partner-codes/:id/revoke',
    {
      schema: { params: adminSignupParamsSchema, response: { 200: adminPartnerCodeSchema } },
      config: { role: 'member' },
    },
    async (request) => {
      const { operatorId } = signedInOperator(request);
      const code = await options.partnerCodes.revoke(request.params.id, operatorId);
      if (!code) throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No partner code with this id');
      request.log.info({ operatorId, partnerCodeId: code.id }, 'admin withdrew a partner code');
      return code;
    },
  );
}

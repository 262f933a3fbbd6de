import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminApiKeyCreateSchema,
  adminApiKeyCreatedSchema,
  adminApiKeyListSchema,
  adminApiKeySchema,
  adminSignupParamsSchema,
} from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import type { ApiKeys } from '../../services/api-keys';
import { signedInOperator } from './guards';

/** Scoped API keys (issue 37 item 5): owners make one (the key answered once), see each, revoke one. */
export async function apiKeyRoutes(parent: FastifyInstance, options: { apiKeys: ApiKeys }): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/api-keys', { schema: { response: { 200: adminApiKeyListSchema } }, config: { role: 'owner' } }, async () =>
    options.apiKeys.list(),
  );

  app.post(
    '/api-keys',
    { schema: { body: adminApiKeyCreateSchema, response: { 201: adminApiKeyCreatedSchema } }, config: { role: 'owner' } },
    async (request, reply) => {
      const { operatorId } = signedInOperator(request);
      const created = await options.apiKeys.create(request.body, operatorId);
      request.log.info({ operatorId, apiKeyId: created.id, scopes: created.scopes }, 'admin made an API key');
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/api-keys/:id/revoke',
    { schema: { params: adminSignupParamsSchema, response: { 200: adminApiKeySchema } }, config: { role: 'owner' } },
    async (request) => {
      const { operatorId } = signedInOperator(request);
      const key = await options.apiKeys.revoke(request.params.id, operatorId);
      if (!key) throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No API key with this id that is not revoked already');
      request.log.info({ operatorId, apiKeyId: key.id }, 'admin revoked an API key');
      return key;
    },
  );
}

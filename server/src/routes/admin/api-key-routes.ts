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
import type { SignIn } from '../../services/sign-in';
import { freshProofBy, withoutProof } from './fresh-proof';
import { signedInOperator } from './guards';

export interface ApiKeyRoutesOptions {
  apiKeys: ApiKeys;
  signIn: Pick<SignIn, 'requireFreshProof'>;
  /** Wakes the mail worker: the other owners are told of a new key. */
  mailQueued: () => void;
}

/**
 * Scoped API keys (issue 37 item 5): owners make one (the key answered once), see each, revoke one. A key outlives the
 * session that made it: making one needs a fresh proof and is mailed to the other owners (issue 47 item 4).
 */
export async function apiKeyRoutes(parent: FastifyInstance, options: ApiKeyRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const freshProof = freshProofBy(options.signIn);

  app.get('/api-keys', { schema: { response: { 200: adminApiKeyListSchema } }, config: { role: 'owner' } }, async () =>
    options.apiKeys.list(),
  );

  app.post(
    '/api-keys',
    { schema: { body: adminApiKeyCreateSchema, response: { 201: adminApiKeyCreatedSchema } }, config: { role: 'owner' } },
    async (request, reply) => {
      const { operatorId } = await freshProof(request, request.body);
      const created = await options.apiKeys.create(withoutProof(request.body), operatorId);
      options.mailQueued();
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

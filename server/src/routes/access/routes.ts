import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_ERROR_CODES, ACCESS_REDEEM_PATH, accessRedeemSchema, accessRedeemedSchema } from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { requireScope } from '../../http/api-key-auth';
import type { ApiKeys } from '../../services/api-keys';
import type { InvitationService, RedeemRefusal } from '../../services/invitations';

export interface AccessRoutesOptions {
  invitations: InvitationService;
  /** The product's key: ACCESS_API_KEY, or a key made in the console with access:redeem. */
  apiKeys: ApiKeys;
}

const unauthenticated = () =>
  new HttpError(401, ACCESS_ERROR_CODES.unauthenticated, 'Send the product key as Authorization: Bearer <key with access:redeem>');

const REFUSALS: Record<RedeemRefusal, HttpError> = {
  unknown: new HttpError(404, ACCESS_ERROR_CODES.unknownCode, 'No such access code for this address'),
  redeemed: new HttpError(409, ACCESS_ERROR_CODES.alreadyRedeemed, 'This access code has already been redeemed'),
  expired: new HttpError(410, ACCESS_ERROR_CODES.expired, 'This access code has expired'),
};

/**
 * POST /api/access/redeem: the product's own sign-up redeems a person's access code with the address they use there
 * (issue 23). Only with a key that has access:redeem (ACCESS_API_KEY, or one an owner made in the console).
 */
export async function accessRoutes(parent: FastifyInstance, options: AccessRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.post(
    ACCESS_REDEEM_PATH,
    {
      schema: { body: accessRedeemSchema, response: { 200: accessRedeemedSchema } },
      // The key before the body is read.
      onRequest: async (request) => void (await requireScope(options.apiKeys, request, 'access:redeem', unauthenticated)),
    },
    async (request) => {
      const result = await options.invitations.redeem(request.body.code, request.body.email);
      if (!result.ok) throw REFUSALS[result.reason];
      request.log.info({ wave: result.redeemed.wave }, 'access code redeemed');
      return result.redeemed;
    },
  );
}

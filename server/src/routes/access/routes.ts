import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_ERROR_CODES, ACCESS_REDEEM_PATH, accessRedeemSchema, accessRedeemedSchema } from '@waitlist/contract';
import { hashesEqual } from '../../lib/tokens';
import { sha256 } from '../../lib/crypto';
import { HttpError } from '../../http/http-error';
import type { InvitationService, RedeemRefusal } from '../../services/invitations';

export interface AccessRoutesOptions {
  invitations: InvitationService;
  /** ACCESS_API_KEY: the product's key. */
  apiKey: string;
}

const REFUSALS: Record<RedeemRefusal, HttpError> = {
  unknown: new HttpError(404, ACCESS_ERROR_CODES.unknownCode, 'No such access code for this address'),
  redeemed: new HttpError(409, ACCESS_ERROR_CODES.alreadyRedeemed, 'This access code has already been redeemed'),
  expired: new HttpError(410, ACCESS_ERROR_CODES.expired, 'This access code has expired'),
};

/**
 * POST /api/access/redeem: the product's own sign-up redeems a person's access code with the address they use there
 * (issue 23). Only with the product's key (compared in constant time); registered only while ACCESS_API_KEY is set.
 */
export async function accessRoutes(parent: FastifyInstance, options: AccessRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const keyHash = sha256(options.apiKey);

  app.post(ACCESS_REDEEM_PATH, { schema: { body: accessRedeemSchema, response: { 200: accessRedeemedSchema } } }, async (request) => {
    const presented = /^Bearer (\S{1,512})$/.exec(request.headers.authorization ?? '')?.[1];
    if (!presented || !hashesEqual(sha256(presented), keyHash)) {
      throw new HttpError(401, ACCESS_ERROR_CODES.unauthenticated, 'Send the product key as Authorization: Bearer <ACCESS_API_KEY>');
    }
    const result = await options.invitations.redeem(request.body.code, request.body.email);
    if (!result.ok) throw REFUSALS[result.reason];
    request.log.info({ wave: result.redeemed.wave }, 'access code redeemed');
    return result.redeemed;
  });
}

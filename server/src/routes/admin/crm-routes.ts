import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminCrmConnectSchema,
  adminCrmDisconnectedSchema,
  adminCrmStateSchema,
  adminCrmTestSchema,
} from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { CrmRefused, type Crm } from '../../services/crm';
import type { SignIn } from '../../services/sign-in';
import { freshProofBy, withoutProof } from './fresh-proof';
import { signedInOperator } from './guards';

export interface CrmRoutesOptions {
  crm: Crm;
  signIn: Pick<SignIn, 'requireFreshProof'>;
}

/** A refusal of the CRM service as the console reads it. */
const refused = (error: unknown): never => {
  if (!(error instanceof CrmRefused)) throw error;
  if (error.reason === 'not-connected') throw new HttpError(404, ADMIN_ERROR_CODES.notFound, error.message);
  if (error.reason === 'no-key') throw new HttpError(503, ADMIN_ERROR_CODES.busy, error.message);
  throw new HttpError(422, ADMIN_ERROR_CODES.invalidRequest, error.message);
};

/**
 * The founders' CRM (issue 49): every operator sees the connection's state; owners connect it (the token reaches
 * everyone the rule chooses: a fresh proof, as for an API key), test it and disconnect it.
 */
export async function crmRoutes(parent: FastifyInstance, options: CrmRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const freshProof = freshProofBy(options.signIn);
  const { crm } = options;

  app.get('/crm', { schema: { response: { 200: adminCrmStateSchema } }, config: { role: 'viewer' } }, async () => crm.state());

  app.put(
    '/crm',
    { bodyLimit: 16 * 1024, schema: { body: adminCrmConnectSchema, response: { 200: adminCrmStateSchema } }, config: { role: 'owner' } },
    async (request) => {
      const { operatorId } = await freshProof(request, request.body);
      const state = await crm.connect(withoutProof(request.body), operatorId).catch(refused);
      request.log.info({ operatorId, provider: state.provider, pending: state.pending }, 'admin connected the CRM');
      return state;
    },
  );

  app.post('/crm/test', { schema: { response: { 200: adminCrmTestSchema } }, config: { role: 'owner' } }, async (request) => {
    const { operatorId } = signedInOperator(request);
    return crm.test(operatorId).catch(refused);
  });

  app.delete('/crm', { schema: { response: { 200: adminCrmDisconnectedSchema } }, config: { role: 'owner' } }, async (request) => {
    const { operatorId } = signedInOperator(request);
    const answer = await crm.disconnect(operatorId);
    request.log.info({ operatorId, erasuresNotSent: answer.erasures_not_sent }, 'admin disconnected the CRM');
    return answer;
  });
}

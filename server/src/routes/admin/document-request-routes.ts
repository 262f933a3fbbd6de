import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ERROR_CODES, adminDocumentRequestListSchema, adminDocumentRequestSchema, adminSignupParamsSchema } from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import type { DocumentRequests } from '../../services/document-requests';
import { signedInOperator } from './guards';
import { readBudgetAnswer } from './signup-routes';

/**
 * The trust page's requests for our security documents (issue 37 item 1): every operator sees them (each owner was
 * mailed too); a member or owner marks one answered once they have replied, audited.
 */
export async function documentRequestRoutes(parent: FastifyInstance, options: { documentRequests: DocumentRequests }): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/document-requests',
    { schema: { response: { 200: adminDocumentRequestListSchema } }, config: { role: 'viewer' } },
    async (request) => options.documentRequests.list(signedInOperator(request)).catch(readBudgetAnswer),
  );

  app.post(
    '/document-requests/:id/answered',
    { schema: { params: adminSignupParamsSchema, response: { 200: adminDocumentRequestSchema } }, config: { role: 'member' } },
    async (request) => {
      const { operatorId } = signedInOperator(request);
      const answered = await options.documentRequests.markAnswered(request.params.id, operatorId);
      if (!answered) throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No open request with this id');
      return answered;
    },
  );
}

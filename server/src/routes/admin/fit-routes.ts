import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminFitSpreadSchema, adminFitWeightsSchema, fitWeightsSchema } from '@waitlist/contract';
import type { FitRules } from '../../services/fit-rules';
import { signedInOperator } from './guards';

/** The fit score's weights (issue 36 item 2): everyone sees them and the rescoring's progress; owners change them. */
export async function fitRoutes(parent: FastifyInstance, options: { fitRules: FitRules }): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/fit-weights', { schema: { response: { 200: adminFitWeightsSchema } }, config: { role: 'viewer' } }, () =>
    options.fitRules.view(),
  );

  app.get('/fit-spread', { schema: { response: { 200: adminFitSpreadSchema } }, config: { role: 'viewer' } }, async () => ({
    bands: await options.fitRules.spread(),
  }));

  app.put(
    '/fit-weights',
    { schema: { body: fitWeightsSchema, response: { 200: adminFitWeightsSchema } }, config: { role: 'owner' } },
    async (request) => {
      const { operatorId } = signedInOperator(request);
      await options.fitRules.set(request.body, operatorId);
      return options.fitRules.view();
    },
  );
}

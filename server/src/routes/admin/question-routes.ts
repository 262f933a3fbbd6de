import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ADMIN_ERROR_CODES, adminQuestionListSchema, adminQuestionSaveSchema, adminSignupParamsSchema } from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { QuestionRuleError, type Questions } from '../../services/questions';
import { signedInOperator } from './guards';

const ruleAnswer = (error: unknown): never => {
  if (error instanceof QuestionRuleError) {
    throw new HttpError(error.status, error.status === 404 ? ADMIN_ERROR_CODES.notFound : ADMIN_ERROR_CODES.invalidRequest, error.message);
  }
  throw error;
};

/** The questions after confirming (issue 36 item 1): everyone sees them and how many answered; owners ask, edit, archive. */
export async function questionRoutes(parent: FastifyInstance, options: { questions: Questions }): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const list = async () => ({ items: await options.questions.list() });
  const reply200 = { response: { 200: adminQuestionListSchema } };

  app.get('/questions', { schema: reply200, config: { role: 'viewer' } }, list);

  app.post('/questions', { schema: { body: adminQuestionSaveSchema, ...reply200 }, config: { role: 'owner' } }, async (request) => {
    await options.questions.create(request.body, signedInOperator(request).operatorId).catch(ruleAnswer);
    return list();
  });

  app.put(
    '/questions/:id',
    { schema: { params: adminSignupParamsSchema, body: adminQuestionSaveSchema, ...reply200 }, config: { role: 'owner' } },
    async (request) => {
      await options.questions.update(request.params.id, request.body, signedInOperator(request).operatorId).catch(ruleAnswer);
      return list();
    },
  );

  app.post(
    '/questions/:id/archive',
    { schema: { params: adminSignupParamsSchema, ...reply200 }, config: { role: 'owner' } },
    async (request) => {
      await options.questions.archive(request.params.id, signedInOperator(request).operatorId).catch(ruleAnswer);
      return list();
    },
  );
}

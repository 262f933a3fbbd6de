import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminCompaniesQuerySchema,
  adminCompaniesSchema,
  adminFollowUpSchema,
  adminFunnelQuerySchema,
  adminFunnelSchema,
  adminLanguageSchema,
  adminMailSettingsSchema,
  adminNoteSchema,
  adminSignupParamsSchema,
  adminStatusChangeSchema,
  adminStatusChangeAnswerSchema,
} from '@waitlist/contract';
import type { Stores } from '../../db/stores';
import type { CountedReads } from '../../services/counted-reads';
import type { SignupService } from '../../services/signups';
import type { TeamService } from '../../services/team';
import { HttpError } from '../../http/http-error';
import { signedInOperator } from './guards';

export interface InsightRoutesOptions {
  stores: Pick<Stores, 'followUp' | 'operatorAccounts' | 'signups'>;
  counted: Pick<CountedReads, 'funnel' | 'companies'>;
  signups: SignupService;
  team: TeamService;
}

const MAX_FUNNEL_DAYS = 366;

/** Funnel, companies, follow-up status and notes, and each operator's mail settings (docs/decisions/0009). */
export async function insightRoutes(parent: FastifyInstance, options: InsightRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { followUp, operatorAccounts } = options.stores;
  const { counted } = options;
  const exists = async (id: number) => (await options.stores.signups.get(id)) !== undefined;
  const byId = { params: adminSignupParamsSchema };
  const notFound = () => new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No sign-up with this id (it may have been erased)');

  app.get(
    '/funnel',
    { schema: { querystring: adminFunnelQuerySchema, response: { 200: adminFunnelSchema } }, config: { role: 'viewer' } },
    async (request) => {
      const { from, to, by } = request.query;
      const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
      if (days < 1) throw new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, 'to: must not be before from');
      if (days > MAX_FUNNEL_DAYS)
        throw new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, `to: a period holds at most ${MAX_FUNNEL_DAYS} days`);
      return counted.funnel(from, to, by);
    },
  );

  app.get(
    '/companies',
    { schema: { querystring: adminCompaniesQuerySchema, response: { 200: adminCompaniesSchema } }, config: { role: 'viewer' } },
    async (request) => counted.companies(request.query),
  );

  app.post(
    '/signups/status',
    { schema: { body: adminStatusChangeSchema, response: { 200: adminStatusChangeAnswerSchema } }, config: { role: 'member' } },
    async (request) => {
      const { operatorId } = signedInOperator(request);
      const result = await options.signups.setStatus(request.body.ids, request.body.status, operatorId);
      request.log.info({ operatorId, status: request.body.status, changed: result.changed.length }, 'admin changed follow-up status');
      return { changed: result.changed, missing: result.missing };
    },
  );

  app.get(
    '/signups/:id/follow-up',
    { schema: { ...byId, response: { 200: adminFollowUpSchema } }, config: { role: 'viewer' } },
    async (request) => {
      if (!(await exists(request.params.id))) throw notFound();
      return followUp.followUp(request.params.id);
    },
  );

  app.post('/signups/:id/notes', { schema: { ...byId, body: adminNoteSchema }, config: { role: 'member' } }, async (request, reply) => {
    const { operatorId, email } = signedInOperator(request);
    if (!(await options.signups.addNote(request.params.id, { operatorId, email }, request.body.body))) throw notFound();
    request.log.info({ operatorId, signupId: request.params.id }, 'admin added a note');
    return reply.code(201).send();
  });

  /** The signed-in operator's own settings (Your account). */
  const ownPreferences = async (operatorId: number) => {
    const preferences = await operatorAccounts.preferences(operatorId);
    if (!preferences) throw new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No such operator');
    return preferences;
  };

  app.get('/mail-settings', { schema: { response: { 200: adminMailSettingsSchema } }, config: { role: 'viewer' } }, async (request) => {
    const { notify_on_confirm, notify_digest } = await ownPreferences(signedInOperator(request).operatorId);
    return { notify_on_confirm, notify_digest };
  });

  app.get('/account/language', { schema: { response: { 200: adminLanguageSchema } }, config: { role: 'viewer' } }, async (request) => ({
    locale: (await ownPreferences(signedInOperator(request).operatorId)).locale,
  }));

  app.put(
    '/account/language',
    { schema: { body: adminLanguageSchema, response: { 200: adminLanguageSchema } }, config: { role: 'viewer' } },
    async (request) => {
      await options.team.setOwnLanguage(signedInOperator(request), request.body.locale);
      return request.body;
    },
  );

  app.put(
    '/mail-settings',
    {
      schema: { body: adminMailSettingsSchema, response: { 200: adminMailSettingsSchema } },
      config: { role: 'viewer' },
    },
    async (request) => {
      await options.team.setOwnMailSettings(signedInOperator(request), request.body);
      return request.body;
    },
  );
}

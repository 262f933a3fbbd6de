import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminCampaignCreateSchema,
  adminCampaignCreatedSchema,
  adminCampaignListSchema,
  adminCampaignSchema,
  adminCampaignTestSchema,
  adminMailPreviewAnswerSchema,
  adminMailPreviewSchema,
  type AdminMailPreview,
  type AdminMailPreviewRequest,
  adminSignupParamsSchema,
  adminResumedSchema,
} from '@waitlist/contract';
import type { CampaignRefusal, CampaignService } from '../../services/campaigns';
import type { SendGuard } from '../../services/send-guard';
import { HttpError } from '../../http/http-error';
import { signedInOperator } from './guards';
import { segmentRefusal } from './segment-routes';

export interface CampaignRoutesOptions {
  campaigns: CampaignService;
  /** Resumes a send that paused itself (services/send-guard.ts). */
  sendGuard: SendGuard;
  /** How a wave's invitation or a campaign will read in each language (delivery/mails.ts, wired by app.ts). */
  previewMails: (input: AdminMailPreviewRequest) => AdminMailPreview['previews'];
  /** Something was queued in the bulk (or, for a test copy, the urgent) lane: look now. */
  mailQueued: () => void;
}

const REFUSALS: Record<CampaignRefusal, HttpError> = {
  'not-found': new HttpError(404, ADMIN_ERROR_CODES.notFound, 'No campaign with this id'),
  'not-draft': new HttpError(409, ADMIN_ERROR_CODES.invalidRequest, 'This campaign has already been sent or cancelled'),
  finished: new HttpError(409, ADMIN_ERROR_CODES.invalidRequest, 'This campaign has finished or was cancelled already'),
  'not-teammate': new HttpError(
    400,
    ADMIN_ERROR_CODES.invalidRequest,
    'Test copies go to the team only: use the address of an operator of this console',
  ),
};
const refused = (reason: CampaignRefusal) => REFUSALS[reason];

/** Updates to the list: drafts, a test copy, sending, cancelling and how far each has come (services/campaigns.ts). */
export async function campaignRoutes(parent: FastifyInstance, options: CampaignRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { campaigns } = options;
  const byId = { params: adminSignupParamsSchema };

  app.post(
    '/mail-preview',
    { schema: { body: adminMailPreviewSchema, response: { 200: adminMailPreviewAnswerSchema } }, config: { role: 'member' } },
    async (request) => ({
      previews: options.previewMails(request.body),
    }),
  );

  app.get('/campaigns', { schema: { response: { 200: adminCampaignListSchema } }, config: { role: 'viewer' } }, async () => ({
    items: await campaigns.list(),
  }));

  app.post(
    '/campaigns',
    {
      schema: { body: adminCampaignCreateSchema, response: { 201: adminCampaignCreatedSchema } },
      config: { role: 'member' },
    },
    async (request, reply) => {
      const { operatorId } = signedInOperator(request);
      const created = await campaigns.create(request.body, operatorId).catch(segmentRefusal);
      request.log.info({ operatorId, campaignId: created.id, recipients: created.recipients }, 'admin drafted a campaign');
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/campaigns/:id',
    { schema: { ...byId, response: { 200: adminCampaignSchema } }, config: { role: 'viewer' } },
    async (request) => {
      const campaign = await campaigns.get(request.params.id);
      if (!campaign) throw refused('not-found');
      return campaign;
    },
  );

  app.post(
    '/campaigns/:id/test',
    { schema: { ...byId, body: adminCampaignTestSchema }, config: { role: 'member' } },
    async (request, reply) => {
      const { operatorId } = signedInOperator(request);
      const result = await campaigns.sendTest(request.params.id, request.body.to, request.body.locale, operatorId);
      if (!result.ok) throw refused(result.reason);
      request.log.info({ operatorId, campaignId: request.params.id }, 'admin sent a test copy of a campaign');
      options.mailQueued();
      return reply.code(202).send();
    },
  );

  app.post('/campaigns/:id/send', { schema: byId, config: { role: 'member' } }, async (request, reply) => {
    const { operatorId } = signedInOperator(request);
    const result = await campaigns.start(request.params.id, operatorId);
    if (!result.ok) throw refused(result.reason);
    request.log.info({ operatorId, campaignId: request.params.id, recipients: result.recipients }, 'admin started a campaign');
    options.mailQueued();
    return reply.code(202).send({ recipients: result.recipients });
  });

  app.post('/campaigns/:id/cancel', { schema: byId, config: { role: 'member' } }, async (request) => {
    const { operatorId } = signedInOperator(request);
    const result = await campaigns.cancel(request.params.id, operatorId);
    if (!result.ok) throw refused(result.reason);
    request.log.info({ operatorId, campaignId: request.params.id, cancelled: result.cancelled }, 'admin cancelled a campaign');
    return { cancelled: result.cancelled };
  });

  // A send that paused itself for its bounces or complaints goes on only when an owner says so.
  app.post(
    '/campaigns/:id/resume',
    { schema: { ...byId, response: { 200: adminResumedSchema } }, config: { role: 'owner' } },
    async (request) => {
      const { operatorId } = signedInOperator(request);
      const result = await options.sendGuard.resume({ campaignId: request.params.id }, operatorId);
      if (!result.ok) throw new HttpError(409, ADMIN_ERROR_CODES.invalidRequest, 'This campaign is not paused');
      options.mailQueued();
      return { resumed: result.resumed };
    },
  );
}

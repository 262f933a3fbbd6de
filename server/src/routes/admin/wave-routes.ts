import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminSignupParamsSchema,
  adminWaveCreateSchema,
  adminWaveCreatedSchema,
  adminWaveListSchema,
  adminResumedSchema,
} from '@waitlist/contract';
import type { InvitationService } from '../../services/invitations';
import type { SendGuard } from '../../services/send-guard';
import { HttpError } from '../../http/http-error';
import { signedInOperator } from './guards';
import { segmentRefusal } from './segment-routes';

export interface WaveRoutesOptions {
  invitations: InvitationService;
  /** Resumes a wave that paused itself (services/send-guard.ts). */
  sendGuard: SendGuard;
  /** The wave's mails were queued: look now. */
  mailQueued: () => void;
}

/** Invitation waves: invite a selection or a segment of confirmed people, and see how each wave is taken up. */
export async function waveRoutes(parent: FastifyInstance, options: WaveRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get('/waves', { schema: { response: { 200: adminWaveListSchema } }, config: { role: 'viewer' } }, async () => ({
    items: await options.invitations.waves(),
  }));

  app.post(
    '/waves',
    {
      schema: { body: adminWaveCreateSchema, response: { 201: adminWaveCreatedSchema } },
      config: { role: 'member' },
    },
    async (request, reply) => {
      const { operatorId } = signedInOperator(request);
      const wave = await options.invitations.createWave(request.body, operatorId).catch(segmentRefusal);
      request.log.info({ operatorId, waveId: wave.id, invited: wave.invited, skipped: wave.skipped }, 'admin sent an invitation wave');
      options.mailQueued();
      return reply.code(201).send(wave);
    },
  );

  app.post(
    '/waves/:id/resume',
    { schema: { params: adminSignupParamsSchema, response: { 200: adminResumedSchema } }, config: { role: 'owner' } },
    async (request) => {
      const { operatorId } = signedInOperator(request);
      const result = await options.sendGuard.resume({ waveId: request.params.id }, operatorId);
      if (!result.ok) throw new HttpError(409, ADMIN_ERROR_CODES.invalidRequest, 'This wave is not paused');
      options.mailQueued();
      return { resumed: result.resumed };
    },
  );
}

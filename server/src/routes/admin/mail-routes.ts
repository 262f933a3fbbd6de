import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminMailLogSchema,
  adminOutboxSchema,
  adminSignupParamsSchema,
  adminWebhooksSchema,
  type AdminOutboxEntry,
} from '@waitlist/contract';
import { webhookMessageId } from '../../lib/webhook-id';
import type { OutboxEntry, OutboxRepository } from '../../db/stores/outbox';
import type { PersonDataRepository } from '../../db/stores/person-data';
import { HttpError } from '../../http/http-error';
import { mayResendConfirmation } from '../../lib/resend-policy';
import { signedInOperator } from './guards';

export interface MailRoutesOptions {
  outbox: OutboxRepository;
  personData: PersonDataRepository;
  /** Whether SMTP_URL is set: without it pending mail is "not sent: no SMTP configured". */
  smtpConfigured: boolean;
  /** Whether WEBHOOK_SECRET is set: without it webhook events wait. */
  webhooksConfigured: boolean;
}

const toEntry = (e: OutboxEntry): AdminOutboxEntry => ({
  id: e.id,
  kind: e.kind,
  topic: e.topic,
  signup_id: e.signupId,
  status: e.status,
  attempts: e.attempts,
  next_attempt_at: e.nextAttemptAt,
  last_error: e.lastError,
  created_at: e.createdAt,
  sent_at: e.sentAt,
});

const notFound = (what: string) => new HttpError(404, ADMIN_ERROR_CODES.notFound, what);

/** A person's mail log, "resend confirmation", and the outbox view of what is stuck and why. */
export async function mailRoutes(parent: FastifyInstance, options: MailRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { outbox, personData, smtpConfigured, webhooksConfigured } = options;
  const byId = { params: adminSignupParamsSchema };

  app.get('/signups/:id/mail', { schema: { ...byId, response: { 200: adminMailLogSchema } } }, async (request) => {
    if (!(await personData.person(request.params.id))) throw notFound('No sign-up with this id (it may have been erased)');
    return { smtp_configured: smtpConfigured, items: (await outbox.forSignup(request.params.id)).map(toEntry) };
  });

  app.post('/signups/:id/resend-confirmation', { schema: byId }, async (request, reply) => {
    const { id } = request.params;
    const { operatorId } = signedInOperator(request);
    if (!(await personData.person(id))) throw notFound('No sign-up with this id (it may have been erased)');
    let refusal = 'This person has confirmed or opted out';
    // An operator may re-send more often than a visitor's re-sign-up, but not twice within 10 minutes.
    const queued = await personData.queueConfirmationResend(id, (input) => {
      const decision = mayResendConfirmation({ ...input, history: input.history.map((h) => ({ ...h, resend: false })), now: new Date() });
      if (!decision.ok)
        refusal =
          decision.reason === 'too-soon' ? 'A confirmation mail was queued less than 10 minutes ago' : 'This person has already confirmed';
      return decision.ok;
    });
    if (!queued) throw new HttpError(409, ADMIN_ERROR_CODES.invalidRequest, refusal);
    request.log.info({ operatorId, signupId: id }, 'admin re-sent a confirmation mail');
    return reply.code(202).send();
  });

  app.get('/outbox', { schema: { response: { 200: adminOutboxSchema } } }, async () => ({
    smtp_configured: smtpConfigured,
    counts: await outbox.counts(),
    stuck: (await outbox.stuck()).map(toEntry),
  }));

  app.post('/outbox/:id/retry', { schema: byId }, async (request, reply) => {
    const { operatorId } = signedInOperator(request);
    if (!(await outbox.retryNow(request.params.id))) throw notFound('No failed mail with this id');
    request.log.info({ operatorId, outboxId: request.params.id }, 'admin retried a failed mail');
    return reply.code(202).send();
  });

  app.get('/webhooks', { schema: { response: { 200: adminWebhooksSchema } } }, async () => {
    const { endpoints, recent } = await outbox.webhookDeliveries();
    return {
      configured: webhooksConfigured,
      endpoints,
      recent: recent.map((e) => ({ ...toEntry(e), target: e.target ?? '', subject_id: e.subjectId, webhook_id: webhookMessageId(e.id) })),
    };
  });

  app.post('/webhooks/:id/resend', { schema: byId }, async (request, reply) => {
    const { operatorId } = signedInOperator(request);
    if (!(await outbox.resendWebhook(request.params.id))) throw notFound('No delivered or failed webhook event with this id');
    request.log.info({ operatorId, outboxId: request.params.id }, 'admin re-sent a webhook event');
    return reply.code(202).send();
  });
}

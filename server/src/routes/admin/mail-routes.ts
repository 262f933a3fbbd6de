import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminMailHealthSchema,
  adminMailRefusalsSchema,
  adminMailLogSchema,
  adminOutboxSchema,
  adminSignupParamsSchema,
  adminSuppressionChangeSchema,
  adminSuppressionCountsSchema,
  adminSuppressionLookupSchema,
  adminSuppressionQuerySchema,
  adminSuppressionSchema,
  adminWebhooksSchema,
} from '@waitlist/contract';
import type { Suppressions } from '../../services/suppressions';
import type { MailFeedback } from '../../services/mail-feedback';
import type { MailHealth } from '../../services/mail-health';
import type { OutboxReports } from '../../db/stores/outbox-reports';
import { toAdminMailRefusals, toAdminOutbox, toAdminOutboxEntry, toAdminSuppression, toAdminWebhooks } from '../../services/mail-views';
import type { OutboxActions } from '../../services/outbox-actions';
import type { SignupStore } from '../../db/stores/signups';
import type { MailBudget } from '../../services/mail-budget';
import type { SignupService } from '../../services/signups';
import { HttpError } from '../../http/http-error';
import { signedInOperator } from './guards';

export interface MailRoutesOptions {
  outbox: OutboxReports;
  outboxActions: OutboxActions;
  store: SignupStore;
  signups: SignupService;
  mailBudget: MailBudget;
  suppressions: Suppressions;
  mailFeedback: MailFeedback;
  /** Whether SMTP_URL is set: without it pending mail is "not sent: no SMTP configured". */
  smtpConfigured: boolean;
  /** Whether WEBHOOK_SECRET is set: without it webhook events wait. */
  webhooksConfigured: boolean;
  mailHealth: MailHealth;
}

const notFound = (what: string) => new HttpError(404, ADMIN_ERROR_CODES.notFound, what);

/** A person's mail log, "resend confirmation", and the outbox view of what is stuck and why. */
export async function mailRoutes(parent: FastifyInstance, options: MailRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { outbox, smtpConfigured, webhooksConfigured } = options;
  const byId = { params: adminSignupParamsSchema };

  app.get(
    '/signups/:id/mail',
    { schema: { ...byId, response: { 200: adminMailLogSchema } }, config: { role: 'viewer' } },
    async (request) => {
      const person = await options.store.get(request.params.id);
      if (!person) throw notFound('No sign-up with this id (it may have been erased)');
      const suppressed = await options.suppressions.lookup(person.email);
      return {
        smtp_configured: smtpConfigured,
        items: (await outbox.forSignup(request.params.id)).map(toAdminOutboxEntry),
        suppression: suppressed ? { reason: suppressed.reason, since: suppressed.createdAt } : null,
      };
    },
  );

  app.post('/signups/:id/resend-confirmation', { schema: byId, config: { role: 'member' } }, async (request, reply) => {
    const { id } = request.params;
    const { operatorId } = signedInOperator(request);
    const decision = await options.signups.resendConfirmation(id, operatorId);
    if (!decision.ok && decision.reason === 'erased') throw notFound('No sign-up with this id (it may have been erased)');
    if (!decision.ok) {
      // An operator may re-send more often than a visitor's repeated sign-up, but not twice within 10 minutes.
      const refusal =
        decision.reason === 'too-soon'
          ? 'A confirmation mail was queued less than 10 minutes ago'
          : decision.reason === 'opted-out'
            ? 'This person has confirmed or opted out'
            : 'This person has already confirmed';
      throw new HttpError(409, ADMIN_ERROR_CODES.invalidRequest, refusal);
    }
    request.log.info({ operatorId, signupId: id }, 'admin re-sent a confirmation mail');
    return reply.code(202).send();
  });

  app.get('/outbox', { schema: { response: { 200: adminOutboxSchema } }, config: { role: 'viewer' } }, async () =>
    toAdminOutbox({
      smtpConfigured,
      counts: await outbox.counts(),
      stuck: await outbox.stuck(),
      budget: await options.mailBudget.status(),
    }),
  );

  app.post('/outbox/:id/retry', { schema: byId, config: { role: 'member' } }, async (request, reply) => {
    const { operatorId } = signedInOperator(request);
    if (!(await options.outboxActions.retryMail(request.params.id, operatorId))) throw notFound('No failed mail with this id');
    request.log.info({ operatorId, outboxId: request.params.id }, 'admin retried a failed mail');
    return reply.code(202).send();
  });

  app.get('/webhooks', { schema: { response: { 200: adminWebhooksSchema } }, config: { role: 'viewer' } }, async () =>
    toAdminWebhooks(webhooksConfigured, await outbox.webhookDeliveries()),
  );

  app.post('/webhooks/:id/resend', { schema: byId, config: { role: 'owner' } }, async (request, reply) => {
    const { operatorId } = signedInOperator(request);
    if (!(await options.outboxActions.resendWebhook(request.params.id, operatorId)))
      throw notFound('No delivered or failed webhook event with this id');
    request.log.info({ operatorId, outboxId: request.params.id }, 'admin re-sent a webhook event');
    return reply.code(202).send();
  });

  // The suppression list (issue 35): look an address up, the counts by reason; owners suppress or lift one, with a reason.
  app.get(
    '/suppressions',
    { schema: { querystring: adminSuppressionQuerySchema, response: { 200: adminSuppressionSchema } }, config: { role: 'member' } },
    async (request) => {
      return toAdminSuppression(await options.suppressions.lookup(request.query.email));
    },
  );
  app.post(
    '/suppressions/lookup',
    {
      bodyLimit: 4 * 1024,
      schema: { body: adminSuppressionLookupSchema, response: { 200: adminSuppressionSchema } },
      config: { role: 'member' },
    },
    async (request) => toAdminSuppression(await options.suppressions.lookup(request.body.email)),
  );
  app.get(
    '/suppressions/counts',
    { schema: { response: { 200: adminSuppressionCountsSchema } }, config: { role: 'viewer' } },
    async () => ({
      counts: await options.suppressions.counts(),
    }),
  );
  // Receiving domains that refused our mail, by reason (no personal data: domains and counts).
  app.get('/mail-refusals', { schema: { response: { 200: adminMailRefusalsSchema } }, config: { role: 'viewer' } }, async () =>
    toAdminMailRefusals(await options.mailFeedback.refusals(new Date())),
  );
  // The sending domain's SPF, DKIM, DMARC and the bounce domain's MX, looked up now (no personal data).
  app.get('/mail-health', { schema: { response: { 200: adminMailHealthSchema } }, config: { role: 'viewer' } }, () =>
    options.mailHealth.check(),
  );

  app.post('/suppressions', { schema: { body: adminSuppressionChangeSchema }, config: { role: 'owner' } }, async (request, reply) => {
    await options.suppressions.suppressByHand(signedInOperator(request), request.body.email, request.body.note);
    return reply.code(204).send();
  });
  app.post('/suppressions/lift', { schema: { body: adminSuppressionChangeSchema }, config: { role: 'owner' } }, async (request, reply) => {
    if (!(await options.suppressions.lift(signedInOperator(request), request.body.email, request.body.note)))
      throw notFound('This address is not suppressed');
    return reply.code(204).send();
  });
}

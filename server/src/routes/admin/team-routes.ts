import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ADMIN_ERROR_CODES,
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminOperatorInvitationSchema,
  adminOperatorInviteSchema,
  adminOperatorListSchema,
  adminOperatorParamsSchema,
  adminOperatorRoleSchema,
  adminAuditActorsSchema,
} from '@waitlist/contract';
import type { Stores } from '../../db/stores';
import { InvalidAuditCursorError } from '../../db/stores/audit-trail';
import { HttpError } from '../../http/http-error';
import { toOperatorInvitation, toTeamMember } from '../../services/operator-views';
import { TeamRuleError, type TeamService } from '../../services/team';
import type { Exports } from '../../services/exports';
import { signedInOperator } from './guards';

export interface TeamRoutesOptions {
  stores: Pick<Stores, 'operatorAccounts' | 'operatorInvitations' | 'auditTrail'>;
  team: TeamService;
  /** The trail as a file (itself an entry in the trail). */
  exports: Exports;
  /** Mail was queued (an invitation): the delivery worker looks now. */
  mailQueued: () => void;
}

/** A rule of the team as an answer: 409 for a conflict (the last owner, an open invitation), 404, 400. */
export function teamError(error: unknown): never {
  if (error instanceof TeamRuleError) {
    const status = error.code === 'not-found' ? 404 : error.code === 'weak-password' || error.code === 'bad-code' ? 400 : 409;
    const code =
      error.code === 'last-owner'
        ? ADMIN_ERROR_CODES.lastOwner
        : status === 404
          ? ADMIN_ERROR_CODES.notFound
          : status === 400
            ? ADMIN_ERROR_CODES.invalidRequest
            : ADMIN_ERROR_CODES.conflict;
    throw new HttpError(status, code, error.message);
  }
  throw error;
}

/** /operators (owners manage the team) and /audit (owners read the trail of every operator action). */
export async function teamRoutes(parent: FastifyInstance, options: TeamRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { stores, team } = options;
  const byId = { params: adminOperatorParamsSchema };

  app.get('/operators', { schema: { response: { 200: adminOperatorListSchema } }, config: { role: 'owner' } }, async (request) => {
    const { operatorId } = signedInOperator(request);
    const [members, invitations] = await Promise.all([stores.operatorAccounts.team(), stores.operatorInvitations.open()]);
    return { items: members.map((m) => toTeamMember(m, operatorId)), invitations: invitations.map(toOperatorInvitation) };
  });

  app.post(
    '/operators',
    {
      schema: { body: adminOperatorInviteSchema, response: { 201: adminOperatorInvitationSchema } },
      config: { role: 'owner' },
    },
    async (request, reply) => {
      const invitation = await team.invite(signedInOperator(request), request.body.email, request.body.role).catch(teamError);
      options.mailQueued();
      return reply.code(201).send(toOperatorInvitation(invitation));
    },
  );

  app.patch('/operators/:id', { schema: { ...byId, body: adminOperatorRoleSchema }, config: { role: 'owner' } }, async (request, reply) => {
    const actor = signedInOperator(request);
    if (request.body.role) await team.changeRole(actor, request.params.id, request.body.role).catch(teamError);
    if (request.body.sees_addresses !== undefined)
      await team.letSeeAddresses(actor, request.params.id, request.body.sees_addresses).catch(teamError);
    return reply.code(204).send();
  });

  app.delete('/operators/:id', { schema: byId, config: { role: 'owner' } }, async (request, reply) => {
    await team.remove(signedInOperator(request), request.params.id).catch(teamError);
    return reply.code(204).send();
  });

  app.post('/operators/:id/reset-two-factor', { schema: byId, config: { role: 'owner' } }, async (request, reply) => {
    await team.resetSecondFactor(signedInOperator(request), request.params.id).catch(teamError);
    return reply.code(204).send();
  });

  app.delete('/operators/invitations/:id', { schema: byId, config: { role: 'owner' } }, async (request, reply) => {
    await team.withdrawInvitation(signedInOperator(request), request.params.id).catch(teamError);
    return reply.code(204).send();
  });

  const badCursor = () =>
    new HttpError(400, ADMIN_ERROR_CODES.invalidRequest, 'cursor: not a cursor this API gave out; start again without it');

  app.get(
    '/audit',
    { schema: { querystring: adminAuditQuerySchema, response: { 200: adminAuditPageSchema } }, config: { role: 'owner' } },
    async (request) => {
      try {
        return await stores.auditTrail.page(request.query);
      } catch (error) {
        if (error instanceof InvalidAuditCursorError) throw badCursor();
        throw error;
      }
    },
  );

  app.get('/audit/operators', { schema: { response: { 200: adminAuditActorsSchema } }, config: { role: 'owner' } }, async () => ({
    items: await stores.auditTrail.actors(),
  }));

  // The trail as CSV (the same filters), itself an action in the trail.
  app.get('/audit.csv', { schema: { querystring: adminAuditQuerySchema }, config: { role: 'owner' } }, async (request, reply) => {
    const { cursor: _cursor, ...filters } = request.query;
    const csv = Readable.from(await options.exports.auditCsv(filters, signedInOperator(request).operatorId));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-trail-${new Date().toISOString().slice(0, 10)}.csv"`)
      .send(csv);
  });
}

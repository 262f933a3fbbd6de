import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminOperatorParamsSchema,
  adminPasskeyListSchema,
  adminPasskeyRegisterSchema,
  adminRecoveryCodesSchema,
  adminTotpCodeSchema,
  adminTotpStartSchema,
  adminWebauthnOptionsSchema,
} from '@waitlist/contract';
import type { OperatorCredentials } from '../../db/stores/operator-credentials';
import type { OperatorService } from '../../services/operators';
import { signedInOperator } from './guards';
import { teamError } from './team-routes';

export interface MeRoutesOptions {
  operators: OperatorService;
  credentials: OperatorCredentials;
}

/**
 * /me/*: an operator's own second factors, whatever their role, and reachable while REQUIRE_2FA asks them to enrol:
 * TOTP (enrol, confirm, turn off, new recovery codes) and passkeys (register, list, remove).
 */
export async function meRoutes(parent: FastifyInstance, options: MeRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { operators } = options;
  const own = (audit?: string) => ({ role: 'viewer' as const, enrolment: true, ...(audit ? { audit, auditedInTransaction: true } : {}) });

  app.post('/me/totp', { schema: { response: { 200: adminTotpStartSchema } }, config: own('two-factor.totp-start') }, async (request) => {
    const started = await operators.startTotp(signedInOperator(request));
    return { secret: started.secret, otpauth_url: started.otpauthUrl, qr_svg: started.qrSvg };
  });

  app.post(
    '/me/totp/confirm',
    { schema: { body: adminTotpCodeSchema, response: { 200: adminRecoveryCodesSchema } }, config: own('two-factor.totp-on') },
    async (request) => ({ recovery_codes: await operators.confirmTotp(signedInOperator(request), request.body.code).catch(teamError) }),
  );

  app.post('/me/totp/off', { schema: { body: adminTotpCodeSchema }, config: own('two-factor.totp-off') }, async (request, reply) => {
    await operators.disableTotp(signedInOperator(request), request.body.code).catch(teamError);
    return reply.code(204).send();
  });

  app.post(
    '/me/recovery-codes',
    { schema: { response: { 200: adminRecoveryCodesSchema } }, config: own('two-factor.recovery-codes') },
    async (request) => ({
      recovery_codes: await operators.renewRecoveryCodes(signedInOperator(request)).catch(teamError),
    }),
  );

  app.get('/me/passkeys', { schema: { response: { 200: adminPasskeyListSchema } }, config: own() }, async (request) => {
    const passkeys = await options.credentials.passkeys(signedInOperator(request).operatorId);
    return { items: passkeys.map((p) => ({ id: p.id, name: p.name, created_at: p.createdAt, last_used_at: p.lastUsedAt })) };
  });

  app.post('/me/passkeys/options', { schema: { response: { 200: adminWebauthnOptionsSchema } }, config: own() }, async (request) =>
    operators.passkeyRegistrationOptions(signedInOperator(request)),
  );

  app.post(
    '/me/passkeys',
    { bodyLimit: 64 * 1024, schema: { body: adminPasskeyRegisterSchema }, config: own('two-factor.passkey-add') },
    async (request, reply) => {
      const id = await operators
        .registerPasskey(signedInOperator(request), request.body.handle, request.body.name, request.body.response)
        .catch(teamError);
      return reply.code(201).send({ id });
    },
  );

  app.delete(
    '/me/passkeys/:id',
    { schema: { params: adminOperatorParamsSchema }, config: own('two-factor.passkey-remove') },
    async (request, reply) => {
      await operators.removePasskey(signedInOperator(request), request.params.id).catch(teamError);
      return reply.code(204).send();
    },
  );
}

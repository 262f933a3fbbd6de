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
import { toPasskeyItem } from '../../services/operator-views';
import type { Passkeys } from '../../services/passkeys';
import type { SecondFactors } from '../../services/second-factors';
import { signedInOperator } from './guards';
import { teamError } from './team-routes';

export interface MeRoutesOptions {
  secondFactors: SecondFactors;
  passkeys: Passkeys;
  /** The operator's own passkeys (a read). */
  credentials: OperatorCredentials;
}

/**
 * /me/*: an operator's own second factors, whatever their role, and reachable while REQUIRE_2FA asks them to enrol:
 * TOTP (enrol, confirm, turn off, new recovery codes) and passkeys (register, list, remove).
 */
export async function meRoutes(parent: FastifyInstance, options: MeRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { secondFactors, passkeys } = options;
  const own = () => ({ role: 'viewer' as const, enrolment: true });

  app.post('/me/totp', { schema: { response: { 200: adminTotpStartSchema } }, config: own() }, async (request) => {
    const started = await secondFactors.startTotp(signedInOperator(request));
    return { secret: started.secret, otpauth_url: started.otpauthUrl, qr_svg: started.qrSvg };
  });

  app.post(
    '/me/totp/confirm',
    { schema: { body: adminTotpCodeSchema, response: { 200: adminRecoveryCodesSchema } }, config: own() },
    async (request) => ({ recovery_codes: await secondFactors.confirmTotp(signedInOperator(request), request.body.code).catch(teamError) }),
  );

  app.post('/me/totp/off', { schema: { body: adminTotpCodeSchema }, config: own() }, async (request, reply) => {
    await secondFactors.disableTotp(signedInOperator(request), request.body.code).catch(teamError);
    return reply.code(204).send();
  });

  app.post('/me/recovery-codes', { schema: { response: { 200: adminRecoveryCodesSchema } }, config: own() }, async (request) => ({
    recovery_codes: await secondFactors.renewRecoveryCodes(signedInOperator(request)).catch(teamError),
  }));

  app.get('/me/passkeys', { schema: { response: { 200: adminPasskeyListSchema } }, config: own() }, async (request) => {
    return { items: (await options.credentials.passkeys(signedInOperator(request).operatorId)).map(toPasskeyItem) };
  });

  app.post('/me/passkeys/options', { schema: { response: { 200: adminWebauthnOptionsSchema } }, config: own() }, async (request) =>
    passkeys.registrationOptions(signedInOperator(request)),
  );

  app.post(
    '/me/passkeys',
    { bodyLimit: 64 * 1024, schema: { body: adminPasskeyRegisterSchema }, config: own() },
    async (request, reply) => {
      const id = await passkeys
        .register(signedInOperator(request), request.body.handle, request.body.name, request.body.response)
        .catch(teamError);
      return reply.code(201).send({ id });
    },
  );

  app.delete('/me/passkeys/:id', { schema: { params: adminOperatorParamsSchema }, config: own() }, async (request, reply) => {
    await passkeys.remove(signedInOperator(request), request.params.id).catch(teamError);
    return reply.code(204).send();
  });
}

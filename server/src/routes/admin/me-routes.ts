import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminFreshProofSchema,
  adminOperatorParamsSchema,
  adminPasskeyListSchema,
  adminPasskeyRegisterSchema,
  adminPasswordChangeSchema,
  adminProofAnswerSchema,
  adminProofSchema,
  adminRecoveryCodesSchema,
  adminTotpChangeSchema,
  adminTotpStartSchema,
  adminWebauthnOptionsSchema,
  adminPasskeyAddedSchema,
} from '@waitlist/contract';
import type { OperatorCredentials } from '../../db/stores/operator-credentials';
import { toPasskeyItem } from '../../services/operator-views';
import type { Passkeys } from '../../services/passkeys';
import type { SecondFactors } from '../../services/second-factors';
import type { SignIn } from '../../services/sign-in';
import { clientNetwork } from '../../lib/client-network';
import { freshProofBy } from './fresh-proof';
import { signedInOperator } from './guards';
import { refusalAnswer } from './session-routes';
import { teamError } from './team-routes';

export interface MeRoutesOptions {
  secondFactors: SecondFactors;
  passkeys: Passkeys;
  signIn: SignIn;
  /** The operator's own passkeys (a read). */
  credentials: OperatorCredentials;
  /** Wakes the mail worker: each change is mailed to the operator. */
  mailQueued: () => void;
}

/**
 * /me/*: an operator's own sign-in, whatever their role, and reachable while REQUIRE_2FA asks them to enrol: TOTP
 * (enrol, confirm, turn off, new recovery codes), passkeys (register, list, remove) and the password. Every change
 * needs a fresh proof (the sign-in or POST /me/proof within five minutes, or the proof in its body; issue 34 item 3)
 * and is mailed to the operator.
 */
export async function meRoutes(parent: FastifyInstance, options: MeRoutesOptions): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { secondFactors, passkeys, signIn } = options;
  const own = () => ({ role: 'viewer' as const, enrolment: true });

  const freshProof = freshProofBy(signIn);
  /** A change went through: its mail to the operator is queued; wake the worker. */
  const changed = <T>(result: T): T => {
    options.mailQueued();
    return result;
  };

  app.post(
    '/me/proof',
    { bodyLimit: 64 * 1024, schema: { body: adminProofSchema, response: { 200: adminProofAnswerSchema } }, config: own() },
    async (request) => {
      const operator = signedInOperator(request);
      const network = clientNetwork(request.ip);
      const body = request.body;
      const freshUntil = await signIn
        .proveAgain(
          operator,
          'handle' in body
            ? { handle: body.handle, response: body.response, network }
            : { password: body.password, totp: body.totp, recoveryCode: body.recovery_code, network },
        )
        .catch(refusalAnswer);
      return { fresh_until: new Date(freshUntil).toISOString() };
    },
  );

  app.post('/me/password', { schema: { body: adminPasswordChangeSchema }, config: own() }, async (request, reply) => {
    const operator = await freshProof(request, request.body);
    await signIn.changePassword(operator, request.body.new_password).catch(teamError);
    return changed(reply.code(204).send());
  });

  app.post(
    '/me/totp',
    { schema: { body: adminFreshProofSchema, response: { 200: adminTotpStartSchema } }, config: own() },
    async (request) => {
      const started = await secondFactors.startTotp(await freshProof(request, request.body));
      return { secret: started.secret, otpauth_url: started.otpauthUrl, qr_svg: started.qrSvg };
    },
  );

  app.post(
    '/me/totp/confirm',
    { schema: { body: adminTotpChangeSchema, response: { 200: adminRecoveryCodesSchema } }, config: own() },
    async (request) => {
      const operator = await freshProof(request, request.body);
      return changed({ recovery_codes: await secondFactors.confirmTotp(operator, request.body.code).catch(teamError) });
    },
  );

  app.post('/me/totp/off', { schema: { body: adminTotpChangeSchema }, config: own() }, async (request, reply) => {
    const operator = await freshProof(request, request.body);
    await secondFactors.disableTotp(operator, request.body.code).catch(teamError);
    return changed(reply.code(204).send());
  });

  app.post(
    '/me/recovery-codes',
    { schema: { body: adminFreshProofSchema, response: { 200: adminRecoveryCodesSchema } }, config: own() },
    async (request) => {
      const operator = await freshProof(request, request.body);
      return changed({ recovery_codes: await secondFactors.renewRecoveryCodes(operator).catch(teamError) });
    },
  );

  app.get('/me/passkeys', { schema: { response: { 200: adminPasskeyListSchema } }, config: own() }, async (request) => {
    return { items: (await options.credentials.passkeys(signedInOperator(request).operatorId)).map(toPasskeyItem) };
  });

  app.post(
    '/me/passkeys/options',
    { schema: { body: adminFreshProofSchema, response: { 200: adminWebauthnOptionsSchema } }, config: own() },
    async (request) => passkeys.registrationOptions(await freshProof(request, request.body)),
  );

  app.post(
    '/me/passkeys',
    { bodyLimit: 64 * 1024, schema: { body: adminPasskeyRegisterSchema, response: { 201: adminPasskeyAddedSchema } }, config: own() },
    async (request, reply) => {
      const operator = await freshProof(request, request.body);
      const id = await passkeys.register(operator, request.body.handle, request.body.name, request.body.response).catch(teamError);
      return changed(reply.code(201).send({ id }));
    },
  );

  app.delete('/me/passkeys/:id', { schema: { params: adminOperatorParamsSchema }, config: own() }, async (request, reply) => {
    const operator = await freshProof(request, undefined);
    await passkeys.remove(operator, request.params.id).catch(teamError);
    return changed(reply.code(204).send());
  });
}

import type { FastifyRequest } from 'fastify';
import { clientNetwork } from '../../lib/client-network';
import type { SignIn } from '../../services/sign-in';
import { signedInOperator } from './guards';
import { refusalAnswer } from './session-routes';

/** The proof fields a change may carry (the sign-in's names). */
export interface ProofFields {
  password?: string | undefined;
  totp?: string | undefined;
  recovery_code?: string | undefined;
}

/**
 * Refuses the change (403 `proof_required`, or 401 for a wrong proof) unless the operator proved who they are within
 * five minutes (a sign-in or POST /me/proof), or does so in its body: changes to how one signs in (/me/*), and changes
 * that let someone in for longer than a session, an API key and the single sign-on policy (issue 47 item 4).
 */
export function freshProofBy(signIn: Pick<SignIn, 'requireFreshProof'>) {
  return async (request: FastifyRequest, body: ProofFields | null | undefined) => {
    const operator = signedInOperator(request);
    await signIn
      .requireFreshProof(operator, {
        password: body?.password,
        totp: body?.totp,
        recoveryCode: body?.recovery_code,
        network: clientNetwork(request.ip),
      })
      .catch(refusalAnswer);
    return operator;
  };
}

/** A change's own fields without the proof that came with it (the proof is checked here, never passed on). */
export const withoutProof = <T extends ProofFields>({ password: _password, totp: _totp, recovery_code: _code, ...change }: T) => change;

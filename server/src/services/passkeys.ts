import { randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { twoFactorRequired, type OperatorRole, type TwoFactorPolicy } from '@waitlist/contract';
import { BRAND } from '@waitlist/catalogue';
import type { Stores } from '../db/stores';
import type { WebauthnPurpose } from '../db/stores/operator-credentials';
import { sha256 } from '../lib/crypto';
import type { Actor } from './second-factors';
import { noticeOfSignInChange } from './sign-in-notices';
import { TeamRuleError } from './team';
import type { UseCases } from './use-case';

/**
 * Passkeys (WebAuthn, docs/decisions/0022): an operator registers and removes their own; anyone signs in with one
 * (sign-in.ts uses `verifySignIn`). A registration's challenge lives five minutes and is spent by its answer.
 */

const CHALLENGE_MS = 5 * 60 * 1000;

export interface PasskeyDeps {
  stores: Pick<Stores, 'operatorAccounts' | 'operatorCredentials'>;
  useCases: UseCases;
  /** SITE_URL: the passkeys' relying party (its host) and the origin their answers must come from. */
  siteUrl: string;
  /** REQUIRE_2FA */
  twoFactorPolicy: TwoFactorPolicy;
  now?: () => Date;
}

export function createPasskeys({ stores, useCases, siteUrl, twoFactorPolicy, now = () => new Date() }: PasskeyDeps) {
  const site = new URL(siteUrl);
  const rpID = site.hostname;
  const origin = site.origin;
  const credentials = stores.operatorCredentials;

  /** A challenge kept hashed under a random handle the browser sends back with its answer. */
  async function challengeFor(purpose: WebauthnPurpose, operatorId: number | null, challenge: string) {
    const handle = randomBytes(24).toString('base64url');
    const expiresAt = new Date(now().getTime() + CHALLENGE_MS).toISOString();
    await useCases.run(({ trx }) =>
      credentials.saveChallenge(trx, { handleHash: sha256(handle), purpose, operatorId, challenge, expiresAt }),
    );
    return handle;
  }

  /** The challenge a handle holds, taken out so it answers once; undefined when unknown, expired or of another purpose. */
  async function takeChallenge(handle: string, purpose: WebauthnPurpose) {
    const challenge = await useCases.run(({ trx }) => credentials.takeChallenge(trx, sha256(handle)));
    return challenge && challenge.purpose === purpose && challenge.expiresAt > now().toISOString() ? challenge : undefined;
  }

  return {
    /** Options for registering a passkey of the signed-in operator, and the handle of their challenge. */
    async registrationOptions(actor: Actor): Promise<{ handle: string; options: Record<string, unknown> }> {
      const existing = await credentials.passkeys(actor.operatorId);
      const options = await generateRegistrationOptions({
        rpName: `${BRAND.name} console`,
        rpID,
        userName: actor.email,
        userID: new TextEncoder().encode(`operator-${actor.operatorId}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const handle = await challengeFor('register', actor.operatorId, options.challenge);
      return { handle, options: options as unknown as Record<string, unknown> };
    },

    async register(actor: Actor, handle: string, name: string, response: Record<string, unknown>): Promise<number> {
      const refuse = async (message: string): Promise<never> => {
        await useCases.record({ action: 'two-factor.passkey-add', operatorId: actor.operatorId, outcome: 'failed', detail: 'bad-code' });
        throw new TeamRuleError('bad-code', message);
      };
      const challenge = await takeChallenge(handle, 'register');
      if (!challenge || challenge.operatorId !== actor.operatorId) return refuse('This passkey request expired: start again');
      let verification;
      try {
        verification = await verifyRegistrationResponse({
          response: response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          requireUserVerification: true,
        });
      } catch (error) {
        return refuse(`The passkey could not be verified: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown reason'}`);
      }
      if (!verification.verified || !verification.registrationInfo) return refuse('The passkey could not be verified');
      const { credential } = verification.registrationInfo;
      return useCases.run(async (change) => {
        const id = await credentials.addPasskey(change.trx, {
          operatorId: actor.operatorId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
          at: change.at,
        });
        await change.audit({ action: 'two-factor.passkey-add', operatorId: actor.operatorId, target: `passkey:${id}`, detail: name });
        await noticeOfSignInChange(change, actor.operatorId, 'passkey-added');
        return id;
      });
    },

    async remove(actor: Actor & { role: OperatorRole }, id: number): Promise<void> {
      const target = `passkey:${id}`;
      try {
        await useCases.run(async (change) => {
          const remaining = await credentials.passkeyIds(change.trx, actor.operatorId);
          const totp = await stores.operatorAccounts.totp(change.trx, actor.operatorId);
          if (twoFactorRequired(twoFactorPolicy, actor.role) && !totp?.secret && remaining.length === 1 && remaining[0] === id) {
            throw new TeamRuleError(
              'required',
              'Your role must have a second factor here: turn on the authenticator app before removing your last passkey',
            );
          }
          if (!(await credentials.removePasskey(change.trx, actor.operatorId, id)))
            throw new TeamRuleError('not-found', 'No passkey of yours with this id');
          await change.audit({ action: 'two-factor.passkey-remove', operatorId: actor.operatorId, target });
          await noticeOfSignInChange(change, actor.operatorId, 'passkey-removed');
        });
      } catch (error) {
        if (error instanceof TeamRuleError)
          await useCases.record({
            action: 'two-factor.passkey-remove',
            operatorId: actor.operatorId,
            target,
            outcome: 'failed',
            detail: error.code,
          });
        throw error;
      }
    },

    /** Options for signing in with a passkey (any of this site's: the authenticator offers the operator's own). */
    async signInOptions(): Promise<{ handle: string; options: Record<string, unknown> }> {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      return { handle: await challengeFor('sign-in', null, options.challenge), options: options as unknown as Record<string, unknown> };
    },

    /** The operator a passkey's answer proves, or null (unknown passkey, expired or used challenge, bad signature). */
    async verifySignIn(handle: string, response: Record<string, unknown>): Promise<{ operatorId: number; passkeyId: number } | null> {
      const challenge = await takeChallenge(handle, 'sign-in');
      const credentialId = typeof response.id === 'string' ? response.id : '';
      const passkey = credentialId ? await credentials.passkeyByCredential(credentialId) : undefined;
      if (!challenge || !passkey) return null;
      try {
        const verification = await verifyAuthenticationResponse({
          response: response as unknown as AuthenticationResponseJSON,
          expectedChallenge: challenge.challenge,
          expectedOrigin: origin,
          expectedRPID: rpID,
          credential: {
            id: passkey.credentialId,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports as never,
          },
          requireUserVerification: true,
        });
        if (!verification.verified) return null;
        const at = now().toISOString();
        await useCases.run(({ trx }) => credentials.usePasskey(trx, passkey.id, verification.authenticationInfo.newCounter, at));
        return { operatorId: passkey.operatorId, passkeyId: passkey.id };
      } catch {
        return null;
      }
    },

    /** Forgets expired WebAuthn challenges (housekeeping). */
    pruneChallenges: () => credentials.pruneChallenges(now().toISOString()),
  };
}

export type Passkeys = ReturnType<typeof createPasskeys>;

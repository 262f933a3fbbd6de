import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { RECOVERY_CODE_COUNT, twoFactorRequired, type OperatorRole, type TwoFactorPolicy } from '@waitlist/contract';
import { BRAND } from '@waitlist/catalogue';
import type { Database } from '../db/connection';
import type { Schema } from '../db/schema';
import type { Stores } from '../db/stores';
import { auditLogs } from '../db/stores/audit-logs';
import type { OperatorInvitation } from '../db/stores/operator-invitations';
import { sha256 } from '../lib/crypto';
import { hashPassword, passwordProblem } from '../lib/passwords';
import { MAIL_TOPICS } from './signup-events';

/**
 * A console for a team (docs/decisions/0022): one function per use case of the operators themselves. Inviting and
 * accepting, roles (never without an owner), second factors (TOTP with one-time recovery codes, passkeys) and the
 * checks of a sign-in's second factor. Every change is audited in its own transaction (db/stores/audit-logs.ts).
 */

export const INVITATION_HOURS = 48;
const CHALLENGE_MS = 5 * 60 * 1000;
const TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** Who acts: the signed-in operator (routes pass request.operator). */
export interface Actor {
  operatorId: number;
  email: string;
}

export class TeamRuleError extends Error {
  constructor(
    readonly code:
      'last-owner' | 'not-found' | 'invitation-open' | 'operator-exists' | 'weak-password' | 'bad-link' | 'bad-code' | 'required',
    message: string,
  ) {
    super(message);
  }
}

/** A recovery code as a person copies it: eight characters of an unambiguous alphabet, `xxxx-xxxx`. */
function recoveryCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(8);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}
const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

export interface OperatorServiceDeps {
  database: Database;
  stores: Pick<Stores, 'operatorAccounts' | 'operatorCredentials' | 'operatorInvitations' | 'outbox' | 'operatorSessions'>;
  /** SITE_URL: the passkeys' relying party (its host) and the origin their answers must come from. */
  siteUrl: string;
  /** REQUIRE_2FA */
  twoFactorPolicy: TwoFactorPolicy;
  now?: () => Date;
}

export function createOperatorService(deps: OperatorServiceDeps) {
  const { database, stores } = deps;
  const { db } = database;
  const now = deps.now ?? (() => new Date());
  const site = new URL(deps.siteUrl);
  const rpID = site.hostname;
  const origin = site.origin;
  const transaction = <T>(work: (trx: Kysely<Schema>) => Promise<T>) => db.transaction().execute(work);
  const totpOf = (secret: string, label: string) =>
    new OTPAuth.TOTP({ ...TOTP, issuer: `${BRAND.name} console`, label, secret: OTPAuth.Secret.fromBase32(secret) });

  /** The time step a code belongs to (±1 step of clock drift), or null when it is wrong. */
  const stepOf = (secret: string, code: string): number | null => {
    const totp = totpOf(secret, 'check');
    const delta = totp.validate({ token: code, window: 1, timestamp: now().getTime() });
    return delta === null ? null : totp.counter({ timestamp: now().getTime() }) + delta;
  };

  /** Nobody else may be left without an owner: refuses when `id` is the last owner and stops being one. */
  async function keepAnOwner(trx: Kysely<Schema>, id: number): Promise<void> {
    const owners = await stores.operatorAccounts.lockOwners(trx);
    if (owners.length === 1 && owners[0] === id)
      throw new TeamRuleError('last-owner', 'The console needs at least one owner: make another operator an owner first');
  }

  async function issueRecoveryCodes(trx: Kysely<Schema>, operatorId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    await stores.operatorCredentials.replaceRecoveryCodes(
      trx,
      operatorId,
      codes.map((c) => sha256(normalizeRecoveryCode(c))),
      now().toISOString(),
    );
    return codes;
  }

  return {
    /** Whether REQUIRE_2FA asks this role for a second factor. */
    secondFactorRequired: (role: OperatorRole) => twoFactorRequired(deps.twoFactorPolicy, role),

    /** An owner invites an address with a role: a mail with a single-use link (48 h) goes out through the outbox. */
    async invite(actor: Actor, email: string, role: OperatorRole): Promise<OperatorInvitation> {
      const at = now();
      return transaction(async (trx) => {
        if ((await trx.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirst()) !== undefined) {
          throw new TeamRuleError('operator-exists', 'This address is an operator already');
        }
        // An expired invitation to the same address gives way to the new one.
        const open = await trx
          .selectFrom('operator_invitations')
          .select(['id', 'expires_at'])
          .where('email', '=', email)
          .where('accepted_at', 'is', null)
          .where('withdrawn_at', 'is', null)
          .executeTakeFirst();
        if (open && database.decodeTimestamp(open.expires_at) > at.toISOString()) {
          throw new TeamRuleError('invitation-open', 'An invitation to this address is open already; withdraw it to send another');
        }
        if (open) await stores.operatorInvitations.withdraw(trx, Number(open.id), at.toISOString());
        const invitation = await stores.operatorInvitations.create(trx, {
          email,
          role,
          invitedBy: actor.operatorId,
          at: at.toISOString(),
          expiresAt: new Date(at.getTime() + INVITATION_HOURS * 60 * 60 * 1000).toISOString(),
        });
        await stores.outbox.queueMail(trx, [
          {
            signupId: null,
            topic: MAIL_TOPICS.operatorInvitation,
            payload: { invitationId: invitation.id, inviterId: actor.operatorId },
            at: at.toISOString(),
          },
        ]);
        await auditLogs.operator(trx, {
          action: 'operator.invite',
          operatorId: actor.operatorId,
          target: `invitation:${invitation.id} ${email}`,
          detail: role,
        });
        return invitation;
      });
    },

    async withdrawInvitation(actor: Actor, id: number): Promise<void> {
      await transaction(async (trx) => {
        const withdrawn = await stores.operatorInvitations.withdraw(trx, id, now().toISOString());
        if (!withdrawn) throw new TeamRuleError('not-found', 'No open invitation with this id');
        await auditLogs.operator(trx, {
          action: 'operator.invitation-withdraw',
          operatorId: actor.operatorId,
          target: `invitation:${id} ${withdrawn.email}`,
        });
      });
    },

    /** The invited person chooses a password: they become an operator with the invitation's role (the link works once). */
    async acceptInvitation(token: string, password: string): Promise<{ operatorId: number; email: string; role: OperatorRole }> {
      const problem = passwordProblem(password);
      if (problem) throw new TeamRuleError('weak-password', problem);
      const passwordHash = await hashPassword(password);
      const at = now().toISOString();
      return transaction(async (trx) => {
        const invitation = await stores.operatorInvitations.byToken(trx, sha256(token), at);
        if (!invitation || !(await stores.operatorInvitations.accept(trx, invitation.id, at))) {
          throw new TeamRuleError('bad-link', 'This invitation link is used, withdrawn or expired: ask an owner for a new one');
        }
        const operator = await stores.operatorAccounts.add(invitation.email, passwordHash, invitation.role, trx);
        await auditLogs.operator(
          trx,
          { action: 'operator.join', operatorId: operator.id, target: `invitation:${invitation.id}`, detail: invitation.role },
          at,
        );
        return { operatorId: operator.id, email: operator.email, role: operator.role };
      });
    },

    /** An owner changes a role: the operator's sessions end (they sign in again into what they may now do). */
    async changeRole(actor: Actor, id: number, role: OperatorRole): Promise<void> {
      await transaction(async (trx) => {
        const operator = await stores.operatorAccounts.find(trx, id);
        if (!operator) throw new TeamRuleError('not-found', 'No operator with this id');
        if (operator.role === role) return;
        if (operator.role === 'owner') await keepAnOwner(trx, id);
        await stores.operatorAccounts.setRole(trx, id, role);
        if (id !== actor.operatorId) await trx.deleteFrom('operator_sessions').where('operator_id', '=', id).execute();
        await auditLogs.operator(trx, {
          action: 'operator.role',
          operatorId: actor.operatorId,
          target: `operator:${id} ${operator.email}`,
          detail: `${operator.role} → ${role}`,
        });
      });
    },

    /** An owner removes an operator: their sessions, passkeys and codes go with them at once. */
    async remove(actor: Actor, id: number): Promise<void> {
      await transaction(async (trx) => {
        const operator = await stores.operatorAccounts.find(trx, id);
        if (!operator) throw new TeamRuleError('not-found', 'No operator with this id');
        if (operator.role === 'owner') await keepAnOwner(trx, id);
        await auditLogs.operator(trx, {
          action: 'operator.remove',
          operatorId: actor.operatorId,
          target: `operator:${id} ${operator.email}`,
          detail: operator.role,
        });
        await stores.operatorAccounts.removeById(trx, id);
      });
    },

    /** An owner resets another's second factors (lost phone): TOTP, recovery codes and passkeys; their sessions end. */
    async resetSecondFactor(actor: Actor, id: number): Promise<void> {
      await transaction(async (trx) => {
        const operator = await stores.operatorAccounts.find(trx, id);
        if (!operator) throw new TeamRuleError('not-found', 'No operator with this id');
        await stores.operatorCredentials.clearSecondFactor(trx, id);
        await trx.deleteFrom('operator_passkeys').where('operator_id', '=', id).execute();
        await trx.deleteFrom('operator_sessions').where('operator_id', '=', id).execute();
        await auditLogs.operator(trx, {
          action: 'operator.two-factor-reset',
          operatorId: actor.operatorId,
          target: `operator:${id} ${operator.email}`,
        });
      });
    },

    /** Enrolment starts: a fresh secret, kept pending until a code from it comes back. */
    async startTotp(actor: Actor): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await stores.operatorCredentials.setPendingTotp(actor.operatorId, secret);
      const otpauthUrl = totpOf(secret, actor.email).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      await auditLogs.operator(db, { action: 'two-factor.totp-start', operatorId: actor.operatorId });
      return { secret, otpauthUrl, qrSvg };
    },

    /** A code from the pending secret turns TOTP on; ten recovery codes are shown once. */
    async confirmTotp(actor: Actor, code: string): Promise<string[]> {
      return transaction(async (trx) => {
        const state = await stores.operatorCredentials.totp(trx, actor.operatorId);
        const step = state?.pending ? stepOf(state.pending, code) : null;
        if (!state?.pending || step === null) {
          await auditLogs.operator(trx, {
            action: 'two-factor.totp-on',
            operatorId: actor.operatorId,
            outcome: 'failed',
            detail: 'wrong code',
          });
          throw new TeamRuleError('bad-code', 'That code does not match: check the time on your phone and try the newest code');
        }
        await stores.operatorCredentials.enableTotp(trx, actor.operatorId, state.pending, step, now().toISOString());
        const codes = await issueRecoveryCodes(trx, actor.operatorId);
        await auditLogs.operator(trx, { action: 'two-factor.totp-on', operatorId: actor.operatorId });
        return codes;
      });
    },

    /** The operator turns TOTP off with a current code (not while REQUIRE_2FA needs it and no passkey remains). */
    async disableTotp(actor: Actor & { role: OperatorRole }, code: string): Promise<void> {
      await transaction(async (trx) => {
        const state = await stores.operatorCredentials.totp(trx, actor.operatorId);
        const step = state?.secret ? stepOf(state.secret, code) : null;
        if (!state?.secret || step === null || !(await stores.operatorCredentials.useTotpStep(trx, actor.operatorId, step))) {
          throw new TeamRuleError('bad-code', 'That code does not match (or was used already)');
        }
        const passkeys = await trx.selectFrom('operator_passkeys').select('id').where('operator_id', '=', actor.operatorId).execute();
        if (twoFactorRequired(deps.twoFactorPolicy, actor.role) && passkeys.length === 0) {
          throw new TeamRuleError('required', 'Your role must have a second factor here: add a passkey before turning the code off');
        }
        await stores.operatorCredentials.clearSecondFactor(trx, actor.operatorId);
        await auditLogs.operator(trx, { action: 'two-factor.totp-off', operatorId: actor.operatorId });
      });
    },

    /** New recovery codes (the old ones stop working), for an operator with TOTP on. */
    async renewRecoveryCodes(actor: Actor): Promise<string[]> {
      return transaction(async (trx) => {
        const state = await stores.operatorCredentials.totp(trx, actor.operatorId);
        if (!state?.secret) throw new TeamRuleError('required', 'Turn on the authenticator app first');
        const codes = await issueRecoveryCodes(trx, actor.operatorId);
        await auditLogs.operator(trx, { action: 'two-factor.recovery-codes', operatorId: actor.operatorId });
        return codes;
      });
    },

    /**
     * The second factor of a sign-in whose password was right: `none` when the operator has none, `ok` when the code or
     * recovery code given is good (and now spent), `required` when none was given, `invalid` when it was wrong or used.
     */
    async checkSecondFactor(
      operatorId: number,
      given: { totp?: string | undefined; recoveryCode?: string | undefined },
    ): Promise<'none' | 'ok' | 'required' | 'invalid'> {
      const state = await stores.operatorCredentials.totp(db, operatorId);
      if (!state?.secret) return 'none';
      if (given.totp) {
        const step = stepOf(state.secret, given.totp);
        // A code is good once: the step it belongs to must be later than the last one used.
        return step !== null && (await stores.operatorCredentials.useTotpStep(db, operatorId, step)) ? 'ok' : 'invalid';
      }
      if (given.recoveryCode) {
        const used = await stores.operatorCredentials.useRecoveryCode(
          db,
          operatorId,
          sha256(normalizeRecoveryCode(given.recoveryCode)),
          now().toISOString(),
        );
        return used ? 'ok' : 'invalid';
      }
      return 'required';
    },

    /** Options for registering a passkey of the signed-in operator, and the handle of their challenge. */
    async passkeyRegistrationOptions(actor: Actor): Promise<{ handle: string; options: Record<string, unknown> }> {
      const existing = await stores.operatorCredentials.passkeys(actor.operatorId);
      const options = await generateRegistrationOptions({
        rpName: `${BRAND.name} console`,
        rpID,
        userName: actor.email,
        userID: new TextEncoder().encode(`operator-${actor.operatorId}`),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports as never })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const handle = randomBytes(24).toString('base64url');
      await stores.operatorCredentials.saveChallenge({
        handleHash: sha256(handle),
        purpose: 'register',
        operatorId: actor.operatorId,
        challenge: options.challenge,
        expiresAt: new Date(now().getTime() + CHALLENGE_MS).toISOString(),
      });
      return { handle, options: options as unknown as Record<string, unknown> };
    },

    async registerPasskey(actor: Actor, handle: string, name: string, response: Record<string, unknown>): Promise<number> {
      const challenge = await stores.operatorCredentials.takeChallenge(sha256(handle), 'register', now().toISOString());
      if (!challenge || challenge.operatorId !== actor.operatorId)
        throw new TeamRuleError('bad-code', 'This passkey request expired: start again');
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
        throw new TeamRuleError(
          'bad-code',
          `The passkey could not be verified: ${error instanceof Error ? error.message.slice(0, 200) : 'unknown reason'}`,
        );
      }
      if (!verification.verified || !verification.registrationInfo)
        throw new TeamRuleError('bad-code', 'The passkey could not be verified');
      const { credential } = verification.registrationInfo;
      return transaction(async (trx) => {
        const id = await stores.operatorCredentials.addPasskey(trx, {
          operatorId: actor.operatorId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString('base64url'),
          counter: credential.counter,
          transports: credential.transports ?? [],
          name,
          at: now().toISOString(),
        });
        await auditLogs.operator(trx, {
          action: 'two-factor.passkey-add',
          operatorId: actor.operatorId,
          target: `passkey:${id}`,
          detail: name,
        });
        return id;
      });
    },

    async removePasskey(actor: Actor & { role: OperatorRole }, id: number): Promise<void> {
      await transaction(async (trx) => {
        const remaining = await trx.selectFrom('operator_passkeys').select('id').where('operator_id', '=', actor.operatorId).execute();
        const totp = await stores.operatorCredentials.totp(trx, actor.operatorId);
        if (
          twoFactorRequired(deps.twoFactorPolicy, actor.role) &&
          !totp?.secret &&
          remaining.length === 1 &&
          Number(remaining[0]!.id) === id
        ) {
          throw new TeamRuleError(
            'required',
            'Your role must have a second factor here: turn on the authenticator app before removing your last passkey',
          );
        }
        if (!(await stores.operatorCredentials.removePasskey(trx, actor.operatorId, id)))
          throw new TeamRuleError('not-found', 'No passkey of yours with this id');
        await auditLogs.operator(trx, { action: 'two-factor.passkey-remove', operatorId: actor.operatorId, target: `passkey:${id}` });
      });
    },

    /** Options for signing in with a passkey (any of this site's: the authenticator offers the operator's own). */
    async passkeySignInOptions(): Promise<{ handle: string; options: Record<string, unknown> }> {
      const options = await generateAuthenticationOptions({ rpID, userVerification: 'required' });
      const handle = randomBytes(24).toString('base64url');
      await stores.operatorCredentials.saveChallenge({
        handleHash: sha256(handle),
        purpose: 'sign-in',
        operatorId: null,
        challenge: options.challenge,
        expiresAt: new Date(now().getTime() + CHALLENGE_MS).toISOString(),
      });
      return { handle, options: options as unknown as Record<string, unknown> };
    },

    /** The operator a passkey's answer proves, or null (unknown passkey, expired or used challenge, bad signature). */
    async verifyPasskeySignIn(
      handle: string,
      response: Record<string, unknown>,
    ): Promise<{ operatorId: number; passkeyId: number } | null> {
      const challenge = await stores.operatorCredentials.takeChallenge(sha256(handle), 'sign-in', now().toISOString());
      const credentialId = typeof response.id === 'string' ? response.id : '';
      const passkey = credentialId ? await stores.operatorCredentials.passkeyByCredential(credentialId) : undefined;
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
        await stores.operatorCredentials.usePasskey(db, passkey.id, verification.authenticationInfo.newCounter, now().toISOString());
        return { operatorId: passkey.operatorId, passkeyId: passkey.id };
      } catch {
        return null;
      }
    },

    /** Forgets expired WebAuthn challenges (housekeeping). */
    pruneChallenges: () => stores.operatorCredentials.pruneChallenges(now().toISOString()),
  };
}

export type OperatorService = ReturnType<typeof createOperatorService>;

import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { RECOVERY_CODE_COUNT, twoFactorRequired, type OperatorRole, type TwoFactorPolicy } from '@waitlist/contract';
import { BRAND } from '@waitlist/catalogue';
import type { Database, Executor } from '../db/connection';
import type { Stores } from '../db/stores';
import { sha256 } from '../lib/crypto';
import type { SecretBox } from '../lib/secret-box';
import { noticeOfSignInChange } from './sign-in-notices';
import { TeamRuleError } from './team';
import type { Change, UseCases } from './use-case';

/**
 * An operator's own second factors (docs/decisions/0022): the authenticator app (TOTP) with one-time recovery codes,
 * and the check of a sign-in's second factor. Passkeys are in passkeys.ts. Each change runs with its audit entry; a
 * wrong code is recorded as the attempt's failure.
 */

const TOTP = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** Who acts: the signed-in operator (routes pass request.operator). */
export interface Actor {
  operatorId: number;
  email: string;
}

/**
 * A recovery code as a person copies it: 16 characters of Crockford's base32 (no i, l, o, u to misread) in groups of
 * four, `xxxx-xxxx-xxxx-xxxx`: 80 random bits, so its stored SHA-256 cannot be walked back by trying every code (the
 * 8 characters before held under 40 bits).
 */
export const RECOVERY_CODE_BITS = 80;
function recoveryCode(): string {
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  const chars = [...randomBytes(RECOVERY_CODE_BITS / 5)].map((b) => alphabet[b & 31]).join('');
  return chars.match(/.{4}/g)!.join('-');
}
const normalizeRecoveryCode = (code: string) => code.trim().toLowerCase().replace(/\s+/g, '');

/** The name of the secrets key's fingerprint in server_secrets. */
export const SECRETS_KEY_FINGERPRINT = 'secrets-key-fingerprint';

export interface SecondFactorDeps {
  database: Database;
  stores: Pick<Stores, 'operatorAccounts' | 'operatorCredentials' | 'serverSecrets'>;
  /** Seals authenticator secrets and hashes recovery codes under the key outside the database (lib/secret-box.ts). */
  secretBox: SecretBox | null;
  useCases: UseCases;
  /** REQUIRE_2FA */
  twoFactorPolicy: TwoFactorPolicy;
  now?: () => Date;
}

export function createSecondFactors({ database, stores, useCases, secretBox, twoFactorPolicy, now = () => new Date() }: SecondFactorDeps) {
  const box = () => {
    if (!secretBox) throw new Error('No secrets key: second factors are managed by the server (SECRETS_KEY or SECRETS_KEY_FILE)');
    return secretBox;
  };
  /** What a recovery code is stored as: the keyed hash of its SHA-256. */
  const recoveryHash = (code: string) => box().keyedHash(sha256(normalizeRecoveryCode(code)));
  const totpOf = (secret: string, label: string) =>
    new OTPAuth.TOTP({ ...TOTP, issuer: `${BRAND.name} console`, label, secret: OTPAuth.Secret.fromBase32(secret) });

  /** The time step a code belongs to (±1 step of clock drift), or null when it is wrong. */
  const stepOf = (sealed: string, code: string): number | null => {
    const totp = totpOf(box().open(sealed), 'check');
    const delta = totp.validate({ token: code, window: 1, timestamp: now().getTime() });
    return delta === null ? null : totp.counter({ timestamp: now().getTime() }) + delta;
  };

  async function issueRecoveryCodes(change: Change, operatorId: number): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
    await stores.operatorCredentials.replaceRecoveryCodes(change.trx, operatorId, codes.map(recoveryHash), change.at);
    return codes;
  }

  /** `action` of `operatorId` in a change; a TeamRuleError it throws is recorded as the action's failure. */
  async function attempt<T>(action: string, operatorId: number, work: (change: Change) => Promise<T>): Promise<T> {
    try {
      return await useCases.run(async (change) => {
        const result = await work(change);
        await change.audit({ action, operatorId });
        return result;
      });
    } catch (error) {
      if (error instanceof TeamRuleError) await useCases.record({ action, operatorId, outcome: 'failed', detail: error.code });
      throw error;
    }
  }

  /** Whether a second factor the operator has can still stand in for TOTP (a passkey, when REQUIRE_2FA asks for one). */
  const passkeyCount = (trx: Executor, operatorId: number) => stores.operatorCredentials.passkeyIds(trx, operatorId);

  return {
    /**
     * At start: the database must know this key (its fingerprint, kept by the first copy that started), and what was
     * stored before keys (plain authenticator secrets, plain SHA-256 recovery codes) is sealed and re-keyed, in one
     * transaction. A copy with another key refuses to start rather than lock every operator out, unless nothing was
     * sealed with the old one (after `npm run admin -- reset-2fa` for everyone): then the new key takes over.
     */
    async adoptSecretsKey(): Promise<{ sealed: number; rekeyed: number }> {
      const b = box();
      return useCases.run(async (change) => {
        const { trx } = change;
        const kept = await stores.serverSecrets.claim(trx, SECRETS_KEY_FINGERPRINT, b.fingerprint());
        // Nothing sealed or keyed with the old key (every operator's factors reset): the new key simply takes over.
        const nothingUnderOldKey = async () =>
          (await stores.operatorAccounts.withTotpSecrets(trx)) + (await stores.operatorCredentials.recoveryCodeCount(trx)) === 0;
        if (kept !== b.fingerprint() && (await nothingUnderOldKey())) {
          await stores.serverSecrets.replace(trx, SECRETS_KEY_FINGERPRINT, b.fingerprint());
          await change.audit({ action: 'server.secrets-key', operatorId: null, detail: 'a new key replaced one nothing was sealed with' });
        } else if (kept !== b.fingerprint()) {
          throw new Error(
            'The secrets key differs from the one this database was started with: give every copy the same SECRETS_KEY, or restore the secrets.key file that belongs to this database (docs/deployment.md: "The secrets key")',
          );
        }
        const unsealed = await stores.operatorAccounts.unsealedTotp(trx, b.isSealed);
        for (const row of unsealed) {
          const seal = (v: string | null) => (v === null || b.isSealed(v) ? v : b.seal(v));
          await stores.operatorAccounts.setTotpSecrets(trx, row.id, { secret: seal(row.secret), pending: seal(row.pending) });
        }
        const unkeyed = await stores.operatorCredentials.unkeyedRecoveryCodes(trx, b.isKeyed);
        for (const hash of unkeyed) await stores.operatorCredentials.rekeyRecoveryCode(trx, hash, b.keyedHash(hash));
        if (unsealed.length + unkeyed.length > 0) {
          const detail = `${unsealed.length} operators' authenticator secrets sealed, ${unkeyed.length} recovery codes re-keyed`;
          await change.audit({ action: 'server.secrets-key', operatorId: null, detail });
        }
        return { sealed: unsealed.length, rekeyed: unkeyed.length };
      });
    },

    /** Whether REQUIRE_2FA asks this role for a second factor. */
    required: (role: OperatorRole) => twoFactorRequired(twoFactorPolicy, role),

    /** Enrolment starts: a fresh secret, kept pending until a code from it comes back. */
    async startTotp(actor: Actor): Promise<{ secret: string; otpauthUrl: string; qrSvg: string }> {
      const secret = new OTPAuth.Secret({ size: 20 }).base32;
      await attempt('two-factor.totp-start', actor.operatorId, ({ trx }) =>
        stores.operatorAccounts.setPendingTotp(trx, actor.operatorId, box().seal(secret)),
      );
      const otpauthUrl = totpOf(secret, actor.email).toString();
      const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
      return { secret, otpauthUrl, qrSvg };
    },

    /** A code from the pending secret turns TOTP on; ten recovery codes are shown once. */
    async confirmTotp(actor: Actor, code: string): Promise<string[]> {
      return attempt('two-factor.totp-on', actor.operatorId, async (change) => {
        const state = await stores.operatorAccounts.totp(change.trx, actor.operatorId);
        const step = state?.pending ? stepOf(state.pending, code) : null;
        if (!state?.pending || step === null) {
          throw new TeamRuleError('bad-code', 'That code does not match: check the time on your phone and try the newest code');
        }
        await stores.operatorAccounts.enableTotp(change.trx, actor.operatorId, state.pending, step, change.at);
        await noticeOfSignInChange(change, actor.operatorId, 'authenticator-on');
        return issueRecoveryCodes(change, actor.operatorId);
      });
    },

    /** The operator turns TOTP off with a current code (not while REQUIRE_2FA needs it and no passkey remains). */
    async disableTotp(actor: Actor & { role: OperatorRole }, code: string): Promise<void> {
      await attempt('two-factor.totp-off', actor.operatorId, async (change) => {
        const { trx } = change;
        const state = await stores.operatorAccounts.totp(trx, actor.operatorId);
        const step = state?.secret ? stepOf(state.secret, code) : null;
        if (!state?.secret || step === null || !(await stores.operatorAccounts.useTotpStep(trx, actor.operatorId, step))) {
          throw new TeamRuleError('bad-code', 'That code does not match (or was used already)');
        }
        if (twoFactorRequired(twoFactorPolicy, actor.role) && (await passkeyCount(trx, actor.operatorId)).length === 0) {
          throw new TeamRuleError('required', 'Your role must have a second factor here: add a passkey before turning the code off');
        }
        await stores.operatorAccounts.clearTotp(trx, actor.operatorId);
        await stores.operatorCredentials.clearRecoveryCodes(trx, actor.operatorId);
        await noticeOfSignInChange(change, actor.operatorId, 'authenticator-off');
      });
    },

    /** New recovery codes (the old ones stop working), for an operator with TOTP on. */
    async renewRecoveryCodes(actor: Actor): Promise<string[]> {
      return attempt('two-factor.recovery-codes', actor.operatorId, async (change) => {
        const state = await stores.operatorAccounts.totp(change.trx, actor.operatorId);
        if (!state?.secret) throw new TeamRuleError('required', 'Turn on the authenticator app first');
        await noticeOfSignInChange(change, actor.operatorId, 'recovery-codes');
        return issueRecoveryCodes(change, actor.operatorId);
      });
    },

    /**
     * The second factor of a sign-in whose password was right: `none` when the operator has none, `ok` when the code or
     * recovery code given is good (and now spent), `invalid` when it was wrong or used, and when none was given,
     * `required` (an authenticator app) or `passkey-required` (passkeys only: the password alone never signs them in).
     */
    async check(operatorId: number, given: { totp?: string | undefined; recoveryCode?: string | undefined }) {
      // Read outside a transaction (most sign-ins have nothing to spend); a code is spent by a compare-and-set in a
      // change of its own, so two requests with one code cannot both pass.
      const { db } = database;
      const state = await stores.operatorAccounts.totp(db, operatorId);
      const secret = state?.secret;
      if (!secret && (await stores.operatorCredentials.passkeyIds(db, operatorId)).length === 0) return 'none' as const;
      if (given.totp) {
        if (!secret) return 'invalid' as const;
        const step = stepOf(secret, given.totp);
        // A code is good once: the step it belongs to must be later than the last one used.
        if (step === null) return 'invalid' as const;
        const spent = await useCases.run(({ trx }) => stores.operatorAccounts.useTotpStep(trx, operatorId, step));
        return spent ? ('ok' as const) : ('invalid' as const);
      }
      if (given.recoveryCode) {
        const hash = recoveryHash(given.recoveryCode);
        const spent = await useCases.run(({ trx }) =>
          stores.operatorCredentials.useRecoveryCode(trx, operatorId, hash, now().toISOString()),
        );
        return spent ? ('ok' as const) : ('invalid' as const);
      }
      return secret ? ('required' as const) : ('passkey-required' as const);
    },
  };
}

export type SecondFactors = ReturnType<typeof createSecondFactors>;

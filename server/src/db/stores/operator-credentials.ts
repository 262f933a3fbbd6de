import type { Kysely } from 'kysely';
import type { Database } from '../connection';
import type { Schema } from '../schema';

type Executor = Kysely<Schema>;

export interface StoredPasskey {
  id: number;
  operatorId: number;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/**
 * An operator's second factors (migration 15): the TOTP secret (pending while enrolling; the last time step accepted,
 * so a code works once), one-time recovery codes (SHA-256 only), passkeys, and the WebAuthn challenges that wait for
 * their answer. No rule lives here: services/operators.ts decides.
 */
export function createOperatorCredentials(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const tsOrNull = (v: Date | string | null) => (v === null ? null : ts(v));
  const toPasskey = (row: {
    id: number;
    operator_id: number;
    credential_id: string;
    public_key: string;
    counter: number;
    transports: string;
    name: string;
    created_at: Date | string;
    last_used_at: Date | string | null;
  }): StoredPasskey => ({
    id: Number(row.id),
    operatorId: Number(row.operator_id),
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports === '' ? [] : row.transports.split(' '),
    name: row.name,
    createdAt: ts(row.created_at),
    lastUsedAt: tsOrNull(row.last_used_at),
  });

  return {
    async totp(
      executor: Executor,
      operatorId: number,
    ): Promise<{ secret: string | null; pending: string | null; lastStep: number } | undefined> {
      const row = await executor
        .selectFrom('operators')
        .select(['totp_secret', 'totp_pending_secret', 'totp_last_step'])
        .where('id', '=', operatorId)
        .executeTakeFirst();
      return row && { secret: row.totp_secret, pending: row.totp_pending_secret, lastStep: Number(row.totp_last_step) };
    },

    async setPendingTotp(operatorId: number, secret: string): Promise<void> {
      await db.updateTable('operators').set({ totp_pending_secret: secret }).where('id', '=', operatorId).execute();
    },

    /** The pending secret becomes the operator's; `step` is the code's time step, used now. */
    async enableTotp(trx: Executor, operatorId: number, secret: string, step: number, at: string): Promise<void> {
      await trx
        .updateTable('operators')
        .set({ totp_secret: secret, totp_pending_secret: null, totp_last_step: step, totp_enabled_at: at })
        .where('id', '=', operatorId)
        .execute();
    },

    /** Takes time step `step` for this operator if no later or equal one was used: false means the code was used already. */
    async useTotpStep(executor: Executor, operatorId: number, step: number): Promise<boolean> {
      const result = await executor
        .updateTable('operators')
        .set({ totp_last_step: step })
        .where('id', '=', operatorId)
        .where('totp_last_step', '<', step)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** TOTP off and recovery codes gone (the operator's own choice, or an owner's reset). */
    async clearSecondFactor(trx: Executor, operatorId: number): Promise<void> {
      await trx
        .updateTable('operators')
        .set({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null })
        .where('id', '=', operatorId)
        .execute();
      await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
    },

    async replaceRecoveryCodes(trx: Executor, operatorId: number, hashes: readonly string[], at: string): Promise<void> {
      await trx.deleteFrom('operator_recovery_codes').where('operator_id', '=', operatorId).execute();
      if (hashes.length === 0) return;
      await trx
        .insertInto('operator_recovery_codes')
        .values(hashes.map((code_hash) => ({ code_hash, operator_id: operatorId, created_at: at })))
        .execute();
    },

    /** Spends a recovery code of this operator; false when it is not theirs or was used. */
    async useRecoveryCode(executor: Executor, operatorId: number, hash: string, at: string): Promise<boolean> {
      const result = await executor
        .updateTable('operator_recovery_codes')
        .set({ used_at: at })
        .where('code_hash', '=', hash)
        .where('operator_id', '=', operatorId)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async unusedRecoveryCodes(operatorId: number): Promise<number> {
      const row = await db
        .selectFrom('operator_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('operator_id', '=', operatorId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async passkeys(operatorId: number): Promise<StoredPasskey[]> {
      const rows = await db.selectFrom('operator_passkeys').selectAll().where('operator_id', '=', operatorId).orderBy('id').execute();
      return rows.map(toPasskey);
    },

    async passkeyByCredential(credentialId: string): Promise<StoredPasskey | undefined> {
      const row = await db.selectFrom('operator_passkeys').selectAll().where('credential_id', '=', credentialId).executeTakeFirst();
      return row && toPasskey(row);
    },

    async addPasskey(
      trx: Executor,
      passkey: {
        operatorId: number;
        credentialId: string;
        publicKey: string;
        counter: number;
        transports: string[];
        name: string;
        at: string;
      },
    ): Promise<number> {
      const row = await trx
        .insertInto('operator_passkeys')
        .values({
          operator_id: passkey.operatorId,
          credential_id: passkey.credentialId,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports.join(' '),
          name: passkey.name,
          created_at: passkey.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** A passkey was used: its signature counter moves on (never back: a cloned authenticator would show). */
    async usePasskey(executor: Executor, id: number, counter: number, at: string): Promise<void> {
      await executor.updateTable('operator_passkeys').set({ counter, last_used_at: at }).where('id', '=', id).execute();
    },

    async removePasskey(trx: Executor, operatorId: number, id: number): Promise<boolean> {
      const result = await trx
        .deleteFrom('operator_passkeys')
        .where('id', '=', id)
        .where('operator_id', '=', operatorId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async saveChallenge(challenge: {
      handleHash: string;
      purpose: 'register' | 'sign-in';
      operatorId: number | null;
      challenge: string;
      expiresAt: string;
    }): Promise<void> {
      await db
        .insertInto('webauthn_challenges')
        .values({
          handle_hash: challenge.handleHash,
          purpose: challenge.purpose,
          operator_id: challenge.operatorId,
          challenge: challenge.challenge,
          expires_at: challenge.expiresAt,
        })
        .execute();
    },

    /** Takes a challenge out (each answers once): undefined when unknown, expired or of another purpose. */
    async takeChallenge(
      handleHash: string,
      purpose: 'register' | 'sign-in',
      now: string,
    ): Promise<{ operatorId: number | null; challenge: string } | undefined> {
      const row = await db.deleteFrom('webauthn_challenges').where('handle_hash', '=', handleHash).returningAll().executeTakeFirst();
      if (!row || row.purpose !== purpose || ts(row.expires_at) <= now) return undefined;
      return { operatorId: row.operator_id === null ? null : Number(row.operator_id), challenge: row.challenge };
    },

    async pruneChallenges(now: string): Promise<void> {
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
    },
  };
}

export type OperatorCredentials = ReturnType<typeof createOperatorCredentials>;

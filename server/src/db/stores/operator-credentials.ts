import type { Database } from '../connection';
import type { Executor } from '../connection';

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

/** What a WebAuthn challenge was issued for. */
export type WebauthnPurpose = 'register' | 'sign-in';

/**
 * An operator's second factors beside the TOTP secret (which is a column of theirs: operator-accounts.ts): one-time
 * recovery codes (SHA-256 only), passkeys, and the WebAuthn challenges that wait for their answer. No rule lives here:
 * services/second-factors.ts and services/passkeys.ts decide.
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
    /** Recovery codes gone (TOTP turned off, or an owner's reset). */
    async clearRecoveryCodes(trx: Executor, operatorId: number): Promise<void> {
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

    async recoveryCodeCount(trx: Executor): Promise<number> {
      const row = await trx
        .selectFrom('operator_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Recovery codes stored as plain SHA-256, from before keyed hashes (the server re-keys them when it starts). */
    async unkeyedRecoveryCodes(trx: Executor, isKeyed: (v: string) => boolean): Promise<string[]> {
      const rows = await trx.selectFrom('operator_recovery_codes').select('code_hash').execute();
      return rows.map((r) => r.code_hash).filter((h) => !isKeyed(h));
    },

    async rekeyRecoveryCode(trx: Executor, from: string, to: string): Promise<void> {
      await trx.updateTable('operator_recovery_codes').set({ code_hash: to }).where('code_hash', '=', from).execute();
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

    /** The ids of an operator's passkeys, in the executor's view (a change that is about to remove one). */
    async passkeyIds(executor: Executor, operatorId: number): Promise<number[]> {
      const rows = await executor.selectFrom('operator_passkeys').select('id').where('operator_id', '=', operatorId).execute();
      return rows.map((r) => Number(r.id));
    },

    /** Removes every passkey of an operator (their second factors were reset). */
    async removeAllPasskeys(trx: Executor, operatorId: number): Promise<void> {
      await trx.deleteFrom('operator_passkeys').where('operator_id', '=', operatorId).execute();
    },

    async removePasskey(trx: Executor, operatorId: number, id: number): Promise<boolean> {
      const result = await trx
        .deleteFrom('operator_passkeys')
        .where('id', '=', id)
        .where('operator_id', '=', operatorId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async saveChallenge(
      trx: Executor,
      challenge: { handleHash: string; purpose: WebauthnPurpose; operatorId: number | null; challenge: string; expiresAt: string },
    ): Promise<void> {
      await trx
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

    /** Takes a challenge out, whatever its purpose or age (each answers once): undefined when unknown. */
    async takeChallenge(
      trx: Executor,
      handleHash: string,
    ): Promise<{ purpose: WebauthnPurpose; operatorId: number | null; challenge: string; expiresAt: string } | undefined> {
      const row = await trx.deleteFrom('webauthn_challenges').where('handle_hash', '=', handleHash).returningAll().executeTakeFirst();
      return (
        row && {
          purpose: row.purpose as WebauthnPurpose,
          operatorId: row.operator_id === null ? null : Number(row.operator_id),
          challenge: row.challenge,
          expiresAt: ts(row.expires_at),
        }
      );
    },

    async pruneChallenges(now: string): Promise<void> {
      await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', now).execute();
    },
  };
}

export type OperatorCredentials = ReturnType<typeof createOperatorCredentials>;

import type { IssuedToken, StoredToken, TokenPurpose } from '../../lib/tokens';
import type { Database } from '../connection';
import type { Executor } from '../connection';

/** The person_tokens table: the SHA-256 of each link token we mailed, its purpose, person and expiry. */
export function createPersonTokenStore(database: Database) {
  const { db } = database;
  /** The tokens of several people's mails in one statement (a few hundred rows at most). */
  const saveMany = async (items: readonly { signupId: number; tokens: readonly IssuedToken[] }[], executor: Executor = db) => {
    const rows = items.flatMap(({ signupId, tokens }) =>
      tokens.map((t) => ({ hash: t.hash, purpose: t.purpose, signup_id: signupId, expires_at: t.expiresAt.toISOString() })),
    );
    if (rows.length === 0) return;
    await executor.insertInto('person_tokens').values(rows).execute();
  };
  return {
    save: (signupId: number, tokens: readonly IssuedToken[], executor: Executor = db): Promise<void> =>
      saveMany([{ signupId, tokens }], executor),
    saveMany,

    async find(hash: string): Promise<(StoredToken & { signupId: number }) | undefined> {
      const row = await db
        .selectFrom('person_tokens')
        .select(['hash', 'purpose', 'signup_id', 'expires_at', 'used_at'])
        .where('hash', '=', hash)
        .executeTakeFirst();
      return row
        ? { hash: row.hash, purpose: row.purpose, expires_at: row.expires_at, used_at: row.used_at, signupId: Number(row.signup_id) }
        : undefined;
    },

    /** Marks an unspent, unexpired token of `purpose` used; answers whether it was (false: spent meanwhile). */
    async spend(trx: Executor, hash: string, purpose: TokenPurpose, at: string): Promise<boolean> {
      const spent = await trx
        .updateTable('person_tokens')
        .set({ used_at: at })
        .where('hash', '=', hash)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return Number(spent.numUpdatedRows) === 1;
    },

    /** Spends every unspent token of `purpose` a person holds. */
    async spendAll(trx: Executor, signupId: number, purpose: TokenPurpose, at: string): Promise<void> {
      await trx
        .updateTable('person_tokens')
        .set({ used_at: at })
        .where('signup_id', '=', signupId)
        .where('purpose', '=', purpose)
        .where('used_at', 'is', null)
        .execute();
    },

    async pruneExpired(at: string): Promise<number> {
      const result = await db.deleteFrom('person_tokens').where('expires_at', '<', at).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

export type PersonTokenStore = ReturnType<typeof createPersonTokenStore>;

import type { Database } from '../connection';
import type { Executor } from '../connection';

export interface ApiKeyRow {
  id: number;
  name: string;
  hint: string;
  scopes: string[];
  createdByEmail: string | null;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Scoped API keys (migration 21), found by the SHA-256 of the key presented. */
export function createApiKeyStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const tsOrNull = (v: Date | string | null) => (v === null ? null : ts(v));
  const columns = [
    'id',
    'name',
    'key_hint',
    'scopes',
    'created_by_email',
    'created_at',
    'expires_at',
    'last_used_at',
    'revoked_at',
  ] as const;
  const select = (executor: Executor) => executor.selectFrom('api_keys').select(columns);
  type Raw = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const decode = (r: Raw): ApiKeyRow => ({
    id: Number(r.id),
    name: r.name,
    hint: r.key_hint,
    scopes: r.scopes.split(' '),
    createdByEmail: r.created_by_email,
    createdAt: ts(r.created_at),
    expiresAt: tsOrNull(r.expires_at),
    lastUsedAt: tsOrNull(r.last_used_at),
    revokedAt: tsOrNull(r.revoked_at),
  });

  return {
    async insert(
      trx: Executor,
      input: {
        name: string;
        keyHash: string;
        hint: string;
        scopes: readonly string[];
        createdBy: number;
        expiresAt: string | null;
        at: string;
      },
    ): Promise<ApiKeyRow> {
      const creator = await trx.selectFrom('operators').select('email').where('id', '=', input.createdBy).executeTakeFirst();
      const row = await trx
        .insertInto('api_keys')
        .values({
          name: input.name,
          key_hash: input.keyHash,
          key_hint: input.hint,
          scopes: input.scopes.join(' '),
          created_by: input.createdBy,
          created_by_email: creator?.email ?? null,
          created_at: input.at,
          expires_at: input.expiresAt,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return decode(row);
    },

    /** Newest first; a team has a handful, so one page holds them all. */
    list: async (limit = 500) => (await select(db).orderBy('id', 'desc').limit(limit).execute()).map(decode),

    find: async (executor: Executor, id: number) => {
      const row = await select(executor).where('id', '=', id).executeTakeFirst();
      return row && decode(row);
    },

    byHash: async (keyHash: string) => {
      const row = await select(db).where('key_hash', '=', keyHash).executeTakeFirst();
      return row && decode(row);
    },

    /** Revokes a key not yet revoked: true when it did. */
    async revoke(trx: Executor, id: number, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('api_keys')
        .set({ revoked_at: at })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** When the key was last accepted (written at most once a minute per key by the service). */
    async markUsed(id: number, at: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
    },
  };
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;

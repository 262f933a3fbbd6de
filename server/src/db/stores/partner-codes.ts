import { sql } from 'kysely';
import type { PartnerCodeProblem, PartnerCodeState } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';

export interface PartnerCodeRow {
  id: number;
  label: string;
  hint: string;
  claimLimit: number;
  claims: number;
  expiresAt: string;
  revokedAt: string | null;
  createdAt: string;
}

/** What a code can do at `now`: let people join, or why not. */
export function partnerCodeState(row: PartnerCodeRow, now: Date): PartnerCodeState {
  if (row.revokedAt !== null) return 'withdrawn';
  if (Date.parse(row.expiresAt) <= now.getTime()) return 'expired';
  if (row.claims >= row.claimLimit) return 'full';
  return 'active';
}

/** Partner codes and the sign-ups they brought (migration 11). */
export function createPartnerCodeStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const columns = ['id', 'label', 'code_hint', 'claim_limit', 'claims', 'expires_at', 'revoked_at', 'created_at'] as const;
  const select = (executor: Executor) => executor.selectFrom('partner_codes').select(columns);
  type Raw = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const decode = (r: Raw): PartnerCodeRow => ({
    id: Number(r.id),
    label: r.label,
    hint: r.code_hint,
    claimLimit: Number(r.claim_limit),
    claims: Number(r.claims),
    expiresAt: ts(r.expires_at),
    revokedAt: r.revoked_at === null ? null : ts(r.revoked_at),
    createdAt: ts(r.created_at),
  });

  return {
    async insert(
      trx: Executor,
      input: { label: string; codeHash: string; hint: string; claimLimit: number; expiresAt: string; createdBy: number | null; at: string },
    ): Promise<PartnerCodeRow> {
      const row = await trx
        .insertInto('partner_codes')
        .values({
          label: input.label,
          code_hash: input.codeHash,
          code_hint: input.hint,
          claim_limit: input.claimLimit,
          expires_at: input.expiresAt,
          created_by: input.createdBy,
          created_at: input.at,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return decode(row);
    },

    /** Newest first; at most a few hundred exist, so one page holds them all. */
    list: async (limit = 500) => (await select(db).orderBy('id', 'desc').limit(limit).execute()).map(decode),

    find: async (executor: Executor, id: number) => {
      const row = await select(executor).where('id', '=', id).executeTakeFirst();
      return row && decode(row);
    },

    /** The code with this hash, if it could be claimed at `at`: its id, or why not (nothing is taken). */
    async claimable(
      executor: Executor,
      codeHash: string,
      at: string,
    ): Promise<{ ok: true; id: number } | { ok: false; problem: PartnerCodeProblem }> {
      const row = await select(executor).where('code_hash', '=', codeHash).executeTakeFirst();
      if (!row) return { ok: false, problem: 'unknown' };
      const state = partnerCodeState(decode(row), new Date(at));
      return state === 'active' ? { ok: true, id: Number(row.id) } : { ok: false, problem: state };
    },

    /**
     * Takes one claim of the code `id`, in `trx` (when the person who joined with it confirms): one conditional UPDATE,
     * so two people racing for the last claim cannot both have it. False when it is full, expired or withdrawn.
     */
    async claim(trx: Executor, id: number, at: string): Promise<boolean> {
      const taken = await trx
        .updateTable('partner_codes')
        .set({ claims: sql<number>`claims + 1` })
        .where('id', '=', id)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', at)
        .whereRef('claims', '<', 'claim_limit')
        .returning('id')
        .executeTakeFirst();
      return taken !== undefined;
    },

    /** Withdraws a code (idempotent); false when there is none. */
    async revoke(trx: Executor, id: number, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('partner_codes')
        .set({ revoked_at: sql<string>`coalesce(revoked_at, ${at})` })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The labels of these codes, by id: the CSV export's `partner_code` column. */
    labels: async (executor: Executor, ids: readonly number[]): Promise<Map<number, string>> => {
      if (ids.length === 0) return new Map();
      const rows = await executor
        .selectFrom('partner_codes')
        .select(['id', 'label'])
        .where('id', 'in', [...new Set(ids)])
        .execute();
      return new Map(rows.map((r) => [Number(r.id), r.label]));
    },
  };
}

export type PartnerCodeStore = ReturnType<typeof createPartnerCodeStore>;

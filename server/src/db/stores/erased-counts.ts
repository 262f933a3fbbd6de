import type { Kysely } from 'kysely';
import type { Database } from '../connection';
import type { Schema } from '../schema';
import type { SignupRow } from './signups';

export interface ErasedCount {
  day: string;
  /** 'all' | 'role' | 'company_size' | 'outcome' | 'confirmed' */
  dimension: string;
  value: string;
  count: number;
}

/**
 * The erased_signup_counts table: what erased sign-ups contributed to the dashboard, per day of sign-up, so the
 * charts do not change when people leave. Nothing that identifies the person is kept: only the day, the role,
 * the company size and the outcomes, as counts.
 */
export function createErasedCountStore(database: Database) {
  return {
    /** Adds one erased sign-up's contribution (call in the erasure's transaction, before the row goes). */
    async add(trx: Kysely<Schema>, row: SignupRow): Promise<void> {
      const day = row.created_at.slice(0, 10);
      const contributions = [
        { dimension: 'all', value: '' },
        { dimension: 'role', value: row.role },
        { dimension: 'company_size', value: row.company_size },
        ...[...new Set(row.desired_outcomes)].map((value) => ({ dimension: 'outcome', value })),
        ...(row.confirmed_at ? [{ dimension: 'confirmed', value: '' }] : []),
      ]
        // A fixed order, so concurrent erasures lock the same counter rows in the same order.
        .sort((a, b) => (a.dimension + a.value < b.dimension + b.value ? -1 : a.dimension + a.value > b.dimension + b.value ? 1 : 0))
        .map((c) => ({ day, ...c, count: 1 }));
      await trx
        .insertInto('erased_signup_counts')
        .values(contributions)
        .onConflict((oc) =>
          oc
            .columns(['day', 'dimension', 'value'])
            .doUpdateSet((eb) => ({ count: eb('erased_signup_counts.count', '+', eb.ref('excluded.count')) })),
        )
        .execute();
    },

    async all(): Promise<ErasedCount[]> {
      const rows = await database.db.selectFrom('erased_signup_counts').selectAll().execute();
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },
  };
}

export type ErasedCountStore = ReturnType<typeof createErasedCountStore>;

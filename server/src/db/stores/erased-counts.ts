import type { Transaction } from 'kysely';
import type { Database } from '../connection';
import type { Schema } from '../schema';

export interface ErasedCount {
  day: string;
  /** 'all' | 'role' | 'company_size' | 'outcome' | 'confirmed' */
  dimension: string;
  value: string;
  count: number;
}

/**
 * Before a sign-up is erased (by the person, an operator or the retention job), its contribution to the
 * dashboard is added to erased_signup_counts, so the charts do not change when people leave. Nothing that
 * identifies the person is kept: only the day, the role, the company size and the outcomes, as counts.
 */
export async function keepErasedCounts(trx: Transaction<Schema>, database: Database, signupId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('waitlist_signups')
    .select(['created_at', 'role', 'company_size', 'desired_outcomes', 'confirmed_at'])
    .where('id', '=', signupId)
    .executeTakeFirst();
  if (!row) return false;
  const day = database.decodeTimestamp(row.created_at).slice(0, 10);
  const contributions = [
    { dimension: 'all', value: '' },
    { dimension: 'role', value: row.role },
    { dimension: 'company_size', value: row.company_size },
    ...[...new Set(database.decodeList(row.desired_outcomes))].map((value) => ({ dimension: 'outcome', value })),
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
  return true;
}

export async function erasedCounts(database: Database): Promise<ErasedCount[]> {
  const rows = await database.db.selectFrom('erased_signup_counts').selectAll().execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

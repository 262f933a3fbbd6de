import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  ROLE_OPTIONS,
  type AdminCorrection,
  type AdminFilters,
  type AdminSignup,
  type AdminSignupPage,
  type AdminSort,
  type AdminStats,
} from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Schema } from '../db/schema';
import { createSignupsRepository } from '../signups/repository';

export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
  }
}

type SignupsQuery = SelectQueryBuilder<Schema, 'waitlist_signups', object>;
type Eb = ExpressionBuilder<Schema, 'waitlist_signups'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** LIKE wildcards in the search text match themselves. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

const encodeCursor = (value: string, id: number) => Buffer.from(JSON.stringify([value, id])).toString('base64url');
function decodeCursor(cursor: string): [string, number] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'string' && Number.isSafeInteger(parsed[1])) {
      return [parsed[0], parsed[1] as number];
    }
  } catch {
    // fall through: any undecodable cursor is the client's mistake
  }
  throw new InvalidCursorError();
}

/**
 * The operator console's reads and writes over waitlist_signups (list, stream, get, correct, erase, stats),
 * parameterised Kysely only. Corrections and erasures write the audit row in the same transaction.
 */
export function createAdminSignups(database: Database) {
  const { db, dialect } = database;
  const base = createSignupsRepository(database);
  const toSignup = (row: Record<string, unknown>): AdminSignup => base.toRow(row);

  const hasOutcome = (eb: Eb, outcome: string) =>
    dialect === 'postgres'
      ? sql<boolean>`${outcome} = ANY(${eb.ref('desired_outcomes')})`
      : sql<boolean>`EXISTS (SELECT 1 FROM json_each(${eb.ref('desired_outcomes')}) WHERE value = ${outcome})`;

  const applyFilters = (query: SignupsQuery, filters: AdminFilters): SignupsQuery => {
    let q = query;
    const text = filters.q?.trim().toLowerCase();
    if (text) q = q.where(sql<boolean>`email LIKE ${`%${escapeLike(text)}%`} ESCAPE '\\'`);
    if (filters.role) q = q.where('role', '=', filters.role);
    if (filters.company_size) q = q.where('company_size', '=', filters.company_size);
    if (filters.outcome) {
      const outcome = filters.outcome;
      q = q.where((eb) => hasOutcome(eb, outcome));
    }
    if (filters.from) q = q.where('created_at', '>=', new Date(`${filters.from}T00:00:00Z`).toISOString());
    // `to` is inclusive: everything before the next day's midnight (UTC).
    if (filters.to) q = q.where('created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString());
    return q;
  };

  const sortColumn = (sort: AdminSort) => (sort.endsWith('email') ? 'email' : 'created_at') as 'email' | 'created_at';
  const keyOf = (row: AdminSignup, sort: AdminSort) => (sortColumn(sort) === 'email' ? row.email : row.created_at);

  async function page(filters: AdminFilters, cursor: string | undefined, limit: number): Promise<{ items: AdminSignup[]; next_cursor: string | null }> {
    const sort = filters.sort;
    const column = sortColumn(sort);
    const descending = sort.startsWith('-');
    const op = descending ? '<' : '>';
    let query = applyFilters(db.selectFrom('waitlist_signups'), filters);
    if (cursor) {
      const [value, id] = decodeCursor(cursor);
      const key = column === 'created_at' ? new Date(value).toISOString() : value;
      if (column === 'created_at' && Number.isNaN(Date.parse(value))) throw new InvalidCursorError();
      query = query.where((eb) => eb.or([eb(column, op, key), eb.and([eb(column, '=', key), eb('id', op, id)])]));
    }
    const rows = await query
      .selectAll()
      .orderBy(column, descending ? 'desc' : 'asc')
      .orderBy('id', descending ? 'desc' : 'asc')
      .limit(limit + 1)
      .execute()
      .catch(base.translate);
    const items = rows.slice(0, limit).map((r) => toSignup(r as Record<string, unknown>));
    const last = items.at(-1);
    return { items, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last, sort), last.id) : null };
  }

  return {
    async list(filters: AdminFilters, cursor?: string, limit = ADMIN_PAGE_SIZE): Promise<AdminSignupPage> {
      const [result, total] = await Promise.all([
        page(filters, cursor, limit),
        applyFilters(db.selectFrom('waitlist_signups'), filters)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n))
          .catch(base.translate),
      ]);
      return { ...result, total };
    },

    /** Every matching row, read in keyset batches so memory stays flat however long the list is. */
    async *stream(filters: AdminFilters, batchSize = 500): AsyncGenerator<AdminSignup> {
      let cursor: string | undefined;
      do {
        const result = await page(filters, cursor, batchSize);
        yield* result.items;
        cursor = result.next_cursor ?? undefined;
      } while (cursor);
    },

    async get(id: number): Promise<AdminSignup | undefined> {
      const row = await db.selectFrom('waitlist_signups').selectAll().where('id', '=', id).executeTakeFirst().catch(base.translate);
      return row ? toSignup(row as Record<string, unknown>) : undefined;
    },

    /** Applies a correction; answers the updated row and the names of the fields that really changed. */
    async correct(id: number, correction: AdminCorrection, operatorId: number): Promise<{ signup: AdminSignup; changed: string[] } | undefined> {
      return db
        .transaction()
        .execute(async (trx) => {
          const row = await trx.selectFrom('waitlist_signups').selectAll().where('id', '=', id).executeTakeFirst();
          if (!row) return undefined;
          const current = toSignup(row as Record<string, unknown>);
          const next = { ...correction };
          // Outcomes are a set; "Other"'s text only means something while "Other" is chosen.
          if (next.desired_outcomes) next.desired_outcomes = [...new Set(next.desired_outcomes)];
          if (next.other_outcome !== undefined) next.other_outcome = next.other_outcome?.trim() || null;
          const changed = (Object.keys(next) as (keyof AdminCorrection)[]).filter(
            (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
          );
          if (changed.length === 0) return { signup: current, changed };
          const values: Record<string, unknown> = {};
          for (const key of changed) values[key] = key === 'desired_outcomes' ? database.encodeList(next.desired_outcomes!) : next[key];
          await trx.updateTable('waitlist_signups').set(values).where('id', '=', id).execute();
          await trx
            .insertInto('admin_audit_log')
            .values({ action: 'correct', operator_id: operatorId, signup_id: id, fields: changed.join(','), created_at: new Date().toISOString() })
            .execute();
          const updated = await trx.selectFrom('waitlist_signups').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
          return { signup: toSignup(updated as Record<string, unknown>), changed };
        })
        .catch(base.translate);
    },

    /** Erases the row (its idempotency keys go by cascade); the audit keeps the id, never the address. */
    async erase(id: number, operatorId: number): Promise<boolean> {
      return db
        .transaction()
        .execute(async (trx) => {
          const result = await trx.deleteFrom('waitlist_signups').where('id', '=', id).executeTakeFirst();
          if (Number(result.numDeletedRows) === 0) return false;
          await trx.deleteFrom('idempotency_keys').where('signup_id', '=', id).execute();
          await trx
            .insertInto('admin_audit_log')
            .values({ action: 'erase', operator_id: operatorId, signup_id: id, fields: null, created_at: new Date().toISOString() })
            .execute();
          return true;
        })
        .catch(base.translate);
    },

    async stats(now = Date.now(), days = 90): Promise<AdminStats> {
      const since = (d: number) => new Date(now - d * DAY_MS).toISOString();
      const count = (from?: string) => {
        let q = db.selectFrom('waitlist_signups').select((eb) => eb.fn.countAll<number>().as('n'));
        if (from) q = q.where('created_at', '>=', from);
        return q.executeTakeFirstOrThrow().then((r) => Number(r.n));
      };
      const grouped = (column: 'role' | 'company_size') =>
        db
          .selectFrom('waitlist_signups')
          .select([column, (eb) => eb.fn.countAll<number>().as('n')])
          .groupBy(column)
          .execute()
          .then((rows) => new Map(rows.map((r) => [String(r[column]), Number(r.n)])));
      const dayExpr =
        dialect === 'postgres' ? sql<string>`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')` : sql<string>`substr(created_at, 1, 10)`;
      const startDay = new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      const perDay = db
        .selectFrom('waitlist_signups')
        .select([dayExpr.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', `${startDay}T00:00:00.000Z`)
        .groupBy(dayExpr)
        .execute();
      const outcomes =
        dialect === 'postgres'
          ? sql<{ label: string; n: number }>`SELECT o AS label, count(*) AS n FROM waitlist_signups, unnest(desired_outcomes) AS o GROUP BY o`.execute(db)
          : sql<{ label: string; n: number }>`SELECT j.value AS label, count(*) AS n FROM waitlist_signups, json_each(waitlist_signups.desired_outcomes) AS j GROUP BY j.value`.execute(db);

      const [total, last7, last30, roles, sizes, days_, outcomeRows] = await Promise.all([
        count(),
        count(since(7)),
        count(since(30)),
        grouped('role'),
        grouped('company_size'),
        perDay,
        outcomes,
      ]).catch(base.translate);

      // Every option appears (zero included) in the contract's order, so charts keep a stable shape.
      const withAll = (options: readonly string[], counts: Map<string, number>) => options.map((label) => ({ label, count: counts.get(label) ?? 0 }));
      const perDayMap = new Map(days_.map((r) => [String(r.day), Number(r.n)]));
      const per_day = Array.from({ length: days }, (_, i) => {
        const day = new Date(Date.parse(`${startDay}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
        return { day, count: perDayMap.get(day) ?? 0 };
      });
      return {
        total,
        last_7_days: last7,
        last_30_days: last30,
        per_day,
        by_role: withAll(ROLE_OPTIONS, roles),
        by_company_size: withAll(COMPANY_SIZE_OPTIONS, sizes),
        by_outcome: withAll(DESIRED_OUTCOME_OPTIONS, new Map(outcomeRows.rows.map((r) => [String(r.label), Number(r.n)]))),
      };
    },
  };
}

export type AdminSignups = ReturnType<typeof createAdminSignups>;

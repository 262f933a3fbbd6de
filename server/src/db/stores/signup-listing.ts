import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  ROLE_OPTIONS,
  type AdminFilters,
  type AdminSegment,
  type AdminSort,
  type AdminStats,
} from '@waitlist/contract';
import type { Database } from '../connection';
import { translateDbError } from '../errors';
import type { Schema } from '../schema';
import { createErasedCountStore } from './erased-counts';
import { createSignupStore, type SignupRow } from './signups';

export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
  }
}

type SignupsQuery = SelectQueryBuilder<Schema, 'waitlist_signups', object>;

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

/** The console's reads over many sign-ups: filtered, keyset-paged lists, a streamed export, and the dashboard's counts. */
export function createSignupListing(database: Database) {
  const { db } = database;
  const { decode } = createSignupStore(database);
  const erasedCounts = createErasedCountStore(database);

  const applyFilters = (query: SignupsQuery, filters: AdminSegment): SignupsQuery => {
    let q = query;
    const text = filters.q?.trim().toLowerCase();
    if (text) q = q.where(sql<boolean>`email LIKE ${`%${escapeLike(text)}%`} ESCAPE '\\'`);
    if (filters.role) q = q.where('role', '=', filters.role);
    if (filters.company_size) q = q.where('company_size', '=', filters.company_size);
    if (filters.outcome) {
      const outcome = filters.outcome;
      q = q.where((eb) => database.listContains(eb.ref('desired_outcomes'), outcome));
    }
    if (filters.confirmed === 'yes') q = q.where('confirmed_at', 'is not', null);
    if (filters.confirmed === 'no') q = q.where('confirmed_at', 'is', null);
    if (filters.opted_out === 'yes') q = q.where('marketing_opt_out_at', 'is not', null);
    if (filters.opted_out === 'no') q = q.where('marketing_opt_out_at', 'is', null);
    if (filters.status) q = q.where('status', '=', filters.status);
    // Flags are a space-separated set of known words: padded, one word matches exactly.
    if (filters.flag) q = q.where('flags', '<>', '').where(sql<boolean>`(' ' || flags || ' ') LIKE ${`% ${filters.flag} %`}`);
    if (filters.company) q = q.where('company_domain', '=', filters.company.trim().toLowerCase());
    if (filters.from) q = q.where('created_at', '>=', new Date(`${filters.from}T00:00:00Z`).toISOString());
    // `to` is inclusive: everything before the next day's midnight (UTC).
    if (filters.to) q = q.where('created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString());
    return q;
  };

  const sortColumn = (sort: AdminSort) => (sort.endsWith('email') ? 'email' : 'created_at') as 'email' | 'created_at';
  const keyOf = (row: SignupRow, sort: AdminSort) => (sortColumn(sort) === 'email' ? row.email : row.created_at);

  async function page(
    filters: AdminFilters,
    cursor: string | undefined,
    limit: number,
  ): Promise<{ items: SignupRow[]; next_cursor: string | null }> {
    const sort = filters.sort;
    const column = sortColumn(sort);
    const descending = sort.startsWith('-');
    const op = descending ? '<' : '>';
    let query = applyFilters(db.selectFrom('waitlist_signups'), filters);
    if (cursor) {
      const [value, id] = decodeCursor(cursor);
      if (column === 'created_at' && Number.isNaN(Date.parse(value))) throw new InvalidCursorError();
      const key = column === 'created_at' ? new Date(value).toISOString() : value;
      query = query.where((eb) => eb.or([eb(column, op, key), eb.and([eb(column, '=', key), eb('id', op, id)])]));
    }
    const rows = await query
      .selectAll()
      .orderBy(column, descending ? 'desc' : 'asc')
      .orderBy('id', descending ? 'desc' : 'asc')
      .limit(limit + 1)
      .execute()
      .catch(translateDbError);
    const items = rows.slice(0, limit).map(decode);
    const last = items.at(-1);
    return { items, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last, sort), last.id) : null };
  }

  /** Who an update to the list reaches: the segment's confirmed people who have not opted out. */
  const reachable = (executor: Kysely<Schema>, segment: AdminSegment) =>
    applyFilters(executor.selectFrom('waitlist_signups'), segment)
      .where('confirmed_at', 'is not', null)
      .where('marketing_opt_out_at', 'is', null);

  return {
    /** The ids of the people an update to the list reaches, oldest first (inside the caller's transaction). */
    async reachableIds(executor: Kysely<Schema>, segment: AdminSegment): Promise<number[]> {
      const rows = await reachable(executor, segment).select('id').orderBy('id').execute().catch(translateDbError);
      return rows.map((r) => Number(r.id));
    },

    /** The ids a segment selects, oldest sign-up first, at most `limit` (a wave's candidates). */
    async oldestIds(executor: Kysely<Schema>, segment: AdminSegment, limit: number): Promise<number[]> {
      const rows = await applyFilters(executor.selectFrom('waitlist_signups'), segment)
        .select('id')
        .orderBy('created_at')
        .orderBy('id')
        .limit(limit)
        .execute()
        .catch(translateDbError);
      return rows.map((r) => Number(r.id));
    },

    async reachableCount(segment: AdminSegment): Promise<number> {
      const row = await reachable(db, segment)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .catch(translateDbError);
      return Number(row.n);
    },

    async list(
      filters: AdminFilters,
      cursor?: string,
      limit = ADMIN_PAGE_SIZE,
    ): Promise<{ items: SignupRow[]; next_cursor: string | null; total: number }> {
      const [result, total] = await Promise.all([
        page(filters, cursor, limit),
        applyFilters(db.selectFrom('waitlist_signups'), filters)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n))
          .catch(translateDbError),
      ]);
      return { ...result, total };
    },

    /** Every matching row, read in keyset batches so memory stays flat however long the list is. */
    async *stream(filters: AdminFilters, batchSize = 500): AsyncGenerator<SignupRow[]> {
      let cursor: string | undefined;
      do {
        const result = await page(filters, cursor, batchSize);
        if (result.items.length > 0) yield result.items;
        cursor = result.next_cursor ?? undefined;
      } while (cursor);
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
      const day = database.utcDay(sql.ref('created_at'));
      const startDay = new Date(now - (days - 1) * DAY_MS).toISOString().slice(0, 10);
      const perDay = db
        .selectFrom('waitlist_signups')
        .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', `${startDay}T00:00:00.000Z`)
        .groupBy(day)
        .execute();
      const outcomes = sql<{ label: string; n: number }>`
        SELECT outcome.value AS label, count(*) AS n
        FROM waitlist_signups, ${database.listElements(sql.ref('waitlist_signups.desired_outcomes'), 'outcome')}
        GROUP BY outcome.value`.execute(db);

      const [total, last7, last30, roles, sizes, dayRows, outcomeRows, erased] = await Promise.all([
        count(),
        count(since(7)),
        count(since(30)),
        grouped('role'),
        grouped('company_size'),
        perDay,
        outcomes,
        erasedCounts.all(),
      ]).catch(translateDbError);

      // People who erased their data (or were erased) still count where and when they signed up.
      const add = (map: Map<string, number>, key: string, n: number) => map.set(key, (map.get(key) ?? 0) + n);
      const outcomeMap = new Map(outcomeRows.rows.map((r) => [String(r.label), Number(r.n)]));
      const perDayMap = new Map(dayRows.map((r) => [String(r.day), Number(r.n)]));
      const day7 = since(7).slice(0, 10);
      const day30 = since(30).slice(0, 10);
      let erasedTotal = 0;
      let erased7 = 0;
      let erased30 = 0;
      for (const e of erased) {
        if (e.dimension === 'all') {
          erasedTotal += e.count;
          // Day granularity: an erased sign-up counts in "last N days" from the start of its day.
          if (e.day > day7) erased7 += e.count;
          if (e.day > day30) erased30 += e.count;
          add(perDayMap, e.day, e.count);
        } else if (e.dimension === 'role') add(roles, e.value, e.count);
        else if (e.dimension === 'company_size') add(sizes, e.value, e.count);
        else if (e.dimension === 'outcome') add(outcomeMap, e.value, e.count);
      }

      // Every option appears (zero included) in the contract's order, so charts keep a stable shape.
      const withAll = (options: readonly string[], counts: Map<string, number>) =>
        options.map((label) => ({ label, count: counts.get(label) ?? 0 }));
      const per_day = Array.from({ length: days }, (_, i) => {
        const date = new Date(Date.parse(`${startDay}T00:00:00Z`) + i * DAY_MS).toISOString().slice(0, 10);
        return { day: date, count: perDayMap.get(date) ?? 0 };
      });
      return {
        total: total + erasedTotal,
        last_7_days: last7 + erased7,
        last_30_days: last30 + erased30,
        per_day,
        by_role: withAll(ROLE_OPTIONS, roles),
        by_company_size: withAll(COMPANY_SIZE_OPTIONS, sizes),
        by_outcome: withAll(DESIRED_OUTCOME_OPTIONS, outcomeMap),
      };
    },
  };
}

export type SignupListing = ReturnType<typeof createSignupListing>;

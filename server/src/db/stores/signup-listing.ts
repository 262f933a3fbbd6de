import { sql } from 'kysely';
import {
  ADMIN_PAGE_SIZE,
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  FIT_BANDS,
  ROLE_OPTIONS,
  UNKNOWN_ANSWER,
  type AdminFilters,
  type AdminSegment,
  type AdminSort,
  type AdminStats,
} from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';
import { translateDbError } from '../errors';
import { createSignupStore, type SignupRow } from './signups';
import { BACKLOG_COUNT_CAP } from './signup-counts';
import { applySignupFilters, type SignupsQuery } from './signup-filters';

/**
 * Where a page of the list starts: after a cursor the API gave out (keyset: one index range however deep), or at a
 * page's number (a view opened from a link: skips that many rows, at most ADMIN_MAX_PAGE pages deep).
 */
export interface ListPosition {
  cursor?: string;
  page?: number;
}

export class InvalidCursorError extends Error {
  constructor() {
    super('invalid cursor');
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * A filtered list counts its rows up to here and then says "more than" (docs/decisions/0021): an exact count of a
 * filter that matches half a million rows reads half a million rows, every time the page is opened.
 */
export const TOTAL_CAP = 10_000;
/** On a larger list a filter counts up to LARGE_LIST_TOTAL_CAP (docs/decisions/0033: 10,000 of three filters took 200 ms). */
export const LARGE_LIST = 100_000;
export const LARGE_LIST_TOTAL_CAP = 1_000;

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
 * Reads over many sign-ups: the console's filtered, keyset-paged lists, a streamed export and the dashboard's counts;
 * an import's check of which addresses are on the list; a restore's pass over every address.
 */
export function createSignupListing(database: Database) {
  const { db } = database;
  const signups = createSignupStore(database);
  const { decode } = signups;

  const applyFilters = (query: SignupsQuery, filters: AdminSegment) => applySignupFilters(database, query, filters);

  const sortColumn = (sort: AdminSort) =>
    (sort.endsWith('email') ? 'email' : sort.endsWith('fit_score') ? 'fit_score' : 'created_at') as 'email' | 'created_at' | 'fit_score';
  const keyOf = (row: SignupRow, sort: AdminSort) => {
    const column = sortColumn(sort);
    return column === 'email' ? row.email : column === 'fit_score' ? String(row.fit_score) : row.created_at;
  };

  async function page(
    filters: AdminFilters,
    { cursor, page: number }: ListPosition,
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
      if (column === 'fit_score' && !/^\d{1,3}$/.test(value)) throw new InvalidCursorError();
      const key = column === 'created_at' ? new Date(value).toISOString() : column === 'fit_score' ? Number(value) : value;
      // A row-value comparison: one range of the (column, id) index, however deep the page (an OR of the two parts made
      // every page of an export read from the start).
      query = query.where(sql<boolean>`(${sql.ref(column)}, id) ${sql.raw(op)} (${key}, ${id})`);
    }
    const rows = await query
      .selectAll()
      .orderBy(column, descending ? 'desc' : 'asc')
      .orderBy('id', descending ? 'desc' : 'asc')
      .limit(limit + 1)
      .offset(cursor || !number ? 0 : (number - 1) * limit)
      .execute()
      .catch(translateDbError);
    const items = rows.slice(0, limit).map(decode);
    const last = items.at(-1);
    return { items, next_cursor: rows.length > limit && last ? encodeCursor(keyOf(last, sort), last.id) : null };
  }

  /**
   * How many rows the filters match: without filters, the kept total and the sign-ups not yet folded into it (counted
   * up to BACKLOG_COUNT_CAP: right after a burst the list said "25 of 0"); else counted up to TOTAL_CAP, on a large
   * list up to LARGE_LIST_TOTAL_CAP (then "more").
   */
  async function total(filters: AdminFilters): Promise<{ total: number; total_capped: boolean }> {
    const { sort: _sort, ...segment } = filters;
    if (Object.values(segment).every((value) => value === undefined)) {
      // No fold: the rows waiting to be folded are counted as they are.
      const { people, waiting } = await signups.listed(BACKLOG_COUNT_CAP + 1);
      return { total: people + Math.min(waiting, BACKLOG_COUNT_CAP), total_capped: waiting > BACKLOG_COUNT_CAP };
    }
    // The list's size by its highest id (one index lookup; the kept total lags a burst, and the cost is the table's).
    const { top } = await db
      .selectFrom('waitlist_signups')
      .select((eb) => eb.fn.max('id').as('top'))
      .executeTakeFirstOrThrow();
    const cap = Number(top ?? 0) > LARGE_LIST ? LARGE_LIST_TOTAL_CAP : TOTAL_CAP;
    const matching = applyFilters(db.selectFrom('waitlist_signups'), filters)
      .select('id')
      .limit(cap + 1);
    const { n } = await db
      .selectFrom(matching.as('matching'))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
      .catch(translateDbError);
    return Number(n) > cap ? { total: cap, total_capped: true } : { total: Number(n), total_capped: false };
  }

  /** Who an update to the list reaches: the segment's confirmed people who have not opted out. */
  const reachable = (executor: Executor, segment: AdminSegment) =>
    applyFilters(executor.selectFrom('waitlist_signups'), segment)
      .where('confirmed_at', 'is not', null)
      .where('marketing_opt_out_at', 'is', null);

  return {
    /** The ids of the people an update to the list reaches, oldest first (inside the caller's transaction). */
    async reachableIds(executor: Executor, segment: AdminSegment): Promise<number[]> {
      const rows = await reachable(executor, segment).select('id').orderBy('id').execute().catch(translateDbError);
      return rows.map((r) => Number(r.id));
    },

    /** The ids a segment selects, at most `limit` (a wave's candidates): the oldest sign-ups first, or the best fits. */
    async segmentIds(executor: Executor, segment: AdminSegment, limit: number, order: 'oldest' | 'best-fit'): Promise<number[]> {
      const query = applyFilters(executor.selectFrom('waitlist_signups'), segment).select('id');
      const rows = await (
        order === 'best-fit' ? query.orderBy('fit_score', 'desc').orderBy('id', 'desc') : query.orderBy('created_at').orderBy('id')
      )
        .limit(limit)
        .execute()
        .catch(translateDbError);
      return rows.map((r) => Number(r.id));
    },

    /** How many a segment selects, counted as the list counts (up to its cap). */
    count: (segment: AdminSegment) => total({ ...segment, sort: '-created_at' }),

    /** Which of these people a segment selects (the CRM's audience of a saved segment). */
    async matchingIds(executor: Executor, segment: AdminSegment, ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await applyFilters(executor.selectFrom('waitlist_signups'), segment)
        .select('id')
        .where('id', 'in', [...ids])
        .execute()
        .catch(translateDbError);
      return new Set(rows.map((r) => Number(r.id)));
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
      from: ListPosition = {},
      limit = ADMIN_PAGE_SIZE,
    ): Promise<{ items: SignupRow[]; next_cursor: string | null; total: number; total_capped: boolean }> {
      const [result, counted] = await Promise.all([page(filters, from, limit), total(filters)]);
      return { ...result, ...counted };
    },

    /** Every matching row, read in keyset batches so memory stays flat however long the list is. */
    async *stream(filters: AdminFilters, batchSize = 500): AsyncGenerator<SignupRow[]> {
      let cursor: string | undefined;
      do {
        const result = await page(filters, { cursor }, batchSize);
        if (result.items.length > 0) yield result.items;
        cursor = result.next_cursor ?? undefined;
      } while (cursor);
    },

    /** The dashboard, from the kept daily counts (erased people still count where and when they signed up). */
    async stats(now = Date.now(), days = 90): Promise<AdminStats> {
      const day = (t: number) => new Date(t).toISOString().slice(0, 10);
      const startDay = day(now - (days - 1) * DAY_MS);
      const [byValue, perDayRows] = await Promise.all([
        db
          .selectFrom('signup_daily_counts')
          .select(['dimension', 'value', (eb) => eb.fn.sum<number>('signups').as('n')])
          .where('dimension', 'in', ['all', 'role', 'company_size', 'outcome'])
          .groupBy(['dimension', 'value'])
          .execute(),
        db
          .selectFrom('signup_daily_counts')
          .select(['day', 'signups'])
          .where('dimension', '=', 'all')
          .where('day', '>=', day(now - Math.max(days, 30) * DAY_MS))
          .execute(),
      ]).catch(translateDbError);
      const perDay = new Map(perDayRows.map((r) => [r.day, Number(r.signups)]));
      const of = (dimension: string) => new Map(byValue.filter((r) => r.dimension === dimension).map((r) => [r.value, Number(r.n)]));
      // "The last N days" are whole UTC days, today included.
      const since = (n: number) => [...perDay].filter(([d]) => d > day(now - n * DAY_MS)).reduce((sum, [, count]) => sum + count, 0);
      // Every option appears (zero included) in the contract's order, so charts keep a stable shape; the people whose
      // answer is not known (imported without it) last, when there are any.
      const withAll = (options: readonly string[], counts: Map<string, number>) =>
        [...options, UNKNOWN_ANSWER]
          .map((label) => ({ label, count: counts.get(label) ?? 0 }))
          .filter((r) => r.count > 0 || r.label !== UNKNOWN_ANSWER);
      return {
        total: of('all').get('') ?? 0,
        last_7_days: since(7),
        last_30_days: since(30),
        per_day: Array.from({ length: days }, (_, i) => {
          const date = day(Date.parse(`${startDay}T00:00:00Z`) + i * DAY_MS);
          return { day: date, count: perDay.get(date) ?? 0 };
        }),
        by_role: withAll(ROLE_OPTIONS, of('role')),
        by_company_size: withAll(COMPANY_SIZE_OPTIONS, of('company_size')),
        by_outcome: withAll(DESIRED_OUTCOME_OPTIONS, of('outcome')),
      };
    },

    /** How many people on the list score in each band of FIT_BANDS (one pass over the score's index). */
    async fitSpread(): Promise<{ label: string; count: number }[]> {
      const band = sql<number>`CASE ${sql.join(
        FIT_BANDS.map((b, i) => sql`WHEN fit_score <= ${sql.lit(b.to)} THEN ${sql.lit(i)}`),
        sql` `,
      )} END`;
      const rows = await db
        .selectFrom('waitlist_signups')
        .select([band.as('band'), (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy(band)
        .execute()
        .catch(translateDbError);
      const counts = new Map(rows.map((r) => [Number(r.band), Number(r.n)]));
      return FIT_BANDS.map((b, i) => ({ label: b.label, count: counts.get(i) ?? 0 }));
    },

    /** Every sign-up's id and address, in batches by id (a restore applies the erasure ledger to each). */
    async *addresses(batchSize = 1000): AsyncGenerator<{ id: number; email: string }[]> {
      let after = 0;
      for (;;) {
        const rows = await db
          .selectFrom('waitlist_signups')
          .select(['id', 'email'])
          .where('id', '>', after)
          .orderBy('id')
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return;
        yield rows.map((r) => ({ id: Number(r.id), email: r.email }));
        after = Number(rows.at(-1)!.id);
      }
    },

    /** Which of these addresses (as stored: trimmed, lower case) are on the list (an import's check). */
    async knownEmails(emails: readonly string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('waitlist_signups')
        .select('email')
        .where('email', 'in', [...emails])
        .execute();
      return rows.map((r) => r.email);
    },
  };
}

export type SignupListing = ReturnType<typeof createSignupListing>;

import { sql } from 'kysely';
import { UNKNOWN_ANSWER } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Executor } from '../connection';
import type { SignupRow } from './signup-rows';
import { CHUNK, Deltas, chunks, type CompanyChange } from './count-deltas';

/**
 * The console's kept counts (migration 14), so the dashboard, the funnel, the companies view and the list's total read
 * a few thousand small rows instead of a million sign-ups:
 *
 * - `daily`: every sign-up ever made, by the UTC day it signed up and what it answered, and how many confirmed
 *   (signup_daily_counts). Erasing a person leaves their contribution: the figures do not change when people leave.
 * - `current`: the people on the list now: per company with its roles, sizes and follow-up statuses (companies,
 *   company_facets), and in all and on free mail (signup_totals).
 *
 * Only the sign-up store (signups.ts) calls `change`, in the transaction that changes the rows; a new sign-up is
 * counted later, when it is folded in (signup-fold.ts, run by services/count-fold.ts), so its insert never waits on a
 * shared counter.
 */

/** The columns a sign-up's contribution is made of (a SignupRow has them all); an answer not known counts as UNKNOWN_ANSWER. */
export type CountedFacts = Pick<
  SignupRow,
  'created_at' | 'role' | 'company_size' | 'desired_outcomes' | 'confirmed_at' | 'utm_source' | 'utm_campaign' | 'landing_path'
> &
  Pick<SignupRow, 'company_domain' | 'free_mail' | 'status'>;

/** Which counts a change touches. */
export interface CountParts {
  daily: boolean;
  current: boolean;
}

export const DAILY_DIMENSIONS = ['all', 'role', 'company_size', 'outcome', 'source', 'campaign', 'landing_path'] as const;
export type DailyDimension = (typeof DAILY_DIMENSIONS)[number];
const FACETS = ['role', 'company_size', 'status'] as const;

const dailyKeys = (f: CountedFacts): [DailyDimension, string][] => [
  ['all', ''],
  ['role', f.role ?? UNKNOWN_ANSWER],
  ['company_size', f.company_size ?? UNKNOWN_ANSWER],
  ...[...new Set(f.desired_outcomes ?? [UNKNOWN_ANSWER])].map((o): [DailyDimension, string] => ['outcome', o]),
  ['source', f.utm_source ?? ''],
  ['campaign', f.utm_campaign ?? ''],
  ['landing_path', f.landing_path ?? ''],
];

/** The company a sign-up counts for, or null (free mail, or no domain). */
const companyOf = (f: CountedFacts) => (f.free_mail || !f.company_domain ? null : f.company_domain);

/** Rows folded into the kept counts per transaction. */
export const FOLD_BATCH = 1000;
/**
 * The backlog a console read folds first, when no more is waiting: the last few sign-ups join the figures at once; a
 * larger backlog is left to the housekeeping fold (issue 36 item 5).
 */
export const READ_FOLD_BATCH = 100;
/** How long a console read waits for another fold to finish before it reads without folding. */
export const READ_FOLD_WAIT_MS = 25;
/** A backlog this large is a burst: the fold refreshes the planner's statistics before it starts. */
export const BURST_BACKLOG = 10_000;
/**
 * The list's total adds the sign-ups not yet folded, counted up to here (then "more than"): counting 10,000 took the
 * first page to 300 ms right after a burst; the total is exact whenever no burst or import is being folded.
 */
export const BACKLOG_COUNT_CAP = 1_000;

export function createSignupCounts(database: Database) {
  const ts = (value: Date | string) => database.decodeTimestamp(value);

  async function changeDaily(trx: Executor, removed: readonly CountedFacts[], added: readonly CountedFacts[]) {
    const deltas = new Deltas(() => ({ signups: 0, confirmed: 0 }));
    const apply = (facts: readonly CountedFacts[], sign: 1 | -1) => {
      for (const f of facts) {
        for (const [dimension, value] of dailyKeys(f)) {
          deltas.add([dimension, f.created_at.slice(0, 10), value], (d) => {
            d.signups += sign;
            if (f.confirmed_at) d.confirmed += sign;
          });
        }
      }
    };
    apply(removed, -1);
    apply(added, 1);
    const rows = deltas
      .sorted()
      .filter(({ value }) => value.signups !== 0 || value.confirmed !== 0)
      .map(({ key: [dimension, day, value], value: d }) => ({ dimension: dimension!, day: day!, value: value!, ...d }));
    for (const chunk of chunks(rows)) {
      await trx
        .insertInto('signup_daily_counts')
        .values(chunk)
        .onConflict((oc) =>
          oc.columns(['dimension', 'day', 'value']).doUpdateSet((eb) => ({
            signups: eb('signup_daily_counts.signups', '+', eb.ref('excluded.signups')),
            confirmed: eb('signup_daily_counts.confirmed', '+', eb.ref('excluded.confirmed')),
          })),
        )
        .execute();
    }
  }

  async function changeCurrent(trx: Executor, removed: readonly CountedFacts[], added: readonly CountedFacts[]) {
    await changeTotals(trx, removed, added);
    const touched = await changeCompanies(trx, removed, added);
    await settleCompaniesLeft(trx, touched);
  }

  /** The people on the list now, and how many of them use free mail. */
  async function changeTotals(trx: Executor, removed: readonly CountedFacts[], added: readonly CountedFacts[]) {
    const people = added.length - removed.length;
    const freeMail = added.filter((f) => f.free_mail).length - removed.filter((f) => f.free_mail).length;
    for (const [name, delta] of [
      ['free_mail', freeMail],
      ['people', people],
    ] as const) {
      if (delta === 0) continue;
      await trx
        .insertInto('signup_totals')
        .values({ name, count: delta })
        .onConflict((oc) => oc.column('name').doUpdateSet((eb) => ({ count: eb('signup_totals.count', '+', eb.ref('excluded.count')) })))
        .execute();
    }
  }

  /** Companies: their people, first and last sign-up, and their people by answer; answers which companies changed. */
  async function changeCompanies(trx: Executor, removed: readonly CountedFacts[], added: readonly CountedFacts[]) {
    const companies = new Deltas(() => ({
      people: 0,
      first: null as string | null,
      last: null as string | null,
      removedAt: [] as string[],
    }));
    const facets = new Deltas(() => ({ people: 0 }));
    for (const [facts, sign] of [
      [removed, -1],
      [added, 1],
    ] as const) {
      for (const f of facts) {
        const domain = companyOf(f);
        if (!domain) continue;
        companies.add([domain], (c) => {
          c.people += sign;
          if (sign === 1) {
            if (c.first === null || f.created_at < c.first) c.first = f.created_at;
            if (c.last === null || f.created_at > c.last) c.last = f.created_at;
          } else c.removedAt.push(f.created_at);
        });
        for (const facet of FACETS) facets.add([domain, facet, f[facet] ?? UNKNOWN_ANSWER], (d) => (d.people += sign));
      }
    }
    const touched = companies.sorted();
    const grown = touched.filter(({ value }) => value.first !== null);
    for (const chunk of chunks(grown)) {
      await trx
        .insertInto('companies')
        .values(
          chunk.map(({ key: [domain], value }) => ({
            domain: domain!,
            people: value.people,
            first_signup_at: value.first!,
            last_signup_at: value.last!,
          })),
        )
        .onConflict((oc) =>
          oc.column('domain').doUpdateSet((eb) => ({
            people: eb('companies.people', '+', eb.ref('excluded.people')),
            first_signup_at: sql`CASE WHEN excluded.first_signup_at < companies.first_signup_at THEN excluded.first_signup_at ELSE companies.first_signup_at END`,
            last_signup_at: sql`CASE WHEN excluded.last_signup_at > companies.last_signup_at THEN excluded.last_signup_at ELSE companies.last_signup_at END`,
          })),
        )
        .execute();
    }
    for (const { key, value } of touched.filter(({ value }) => value.first === null && value.people !== 0)) {
      await trx
        .updateTable('companies')
        .set((eb) => ({ people: eb('people', '+', value.people) }))
        .where('domain', '=', key[0]!)
        .execute();
    }
    const facetRows = facets
      .sorted()
      .filter(({ value }) => value.people !== 0)
      .map(({ key: [domain, facet, value], value: d }) => ({
        domain: domain!,
        facet: facet as (typeof FACETS)[number],
        value: value!,
        people: d.people,
      }));
    for (const chunk of chunks(facetRows)) {
      await trx
        .insertInto('company_facets')
        .values(chunk)
        .onConflict((oc) =>
          oc
            .columns(['domain', 'facet', 'value'])
            .doUpdateSet((eb) => ({ people: eb('company_facets.people', '+', eb.ref('excluded.people')) })),
        )
        .execute();
    }
    return touched;
  }

  /** Someone left: a company with nobody goes; one whose first or last person left gets its dates from who remains. */
  async function settleCompaniesLeft(trx: Executor, touched: CompanyChange[]) {
    const shrunk = touched
      .filter(({ value }) => value.removedAt.length > 0)
      .map(({ key, value }) => ({ domain: key[0]!, removedAt: value.removedAt }));
    if (shrunk.length === 0) return;
    const domains = shrunk.map((s) => s.domain);
    for (const chunk of chunks(domains)) {
      await trx.deleteFrom('company_facets').where('domain', 'in', chunk).where('people', '<=', 0).execute();
      await trx.deleteFrom('companies').where('domain', 'in', chunk).where('people', '<=', 0).execute();
    }
    const left = new Map(
      (
        await trx
          .selectFrom('companies')
          .select(['domain', 'first_signup_at', 'last_signup_at'])
          .where('domain', 'in', domains.slice(0, CHUNK))
          .execute()
      ).map((row) => [row.domain, { first: ts(row.first_signup_at), last: ts(row.last_signup_at) }]),
    );
    for (const { domain, removedAt } of shrunk) {
      const dates = left.get(domain);
      if (!dates || !removedAt.some((at) => ts(at) === dates.first || ts(at) === dates.last)) continue;
      const span = await trx
        .selectFrom('waitlist_signups')
        .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
        .where('company_domain', '=', domain)
        .where('free_mail', '=', 0)
        .where('counted', '=', 1)
        .executeTakeFirst();
      if (span?.first && span.last) {
        await trx
          .updateTable('companies')
          .set({ first_signup_at: ts(span.first as string), last_signup_at: ts(span.last as string) })
          .where('domain', '=', domain)
          .execute();
      }
    }
  }

  return {
    /**
     * `removed` rows stop counting and `added` rows start (a correction is both: its row before and after), in the
     * caller's transaction. `parts` says which counts: a new sign-up joins both; an erasure leaves `daily` alone.
     */
    async change(trx: Executor, removed: readonly CountedFacts[], added: readonly CountedFacts[], parts: CountParts): Promise<void> {
      if (removed.length === 0 && added.length === 0) return;
      if (parts.daily) await changeDaily(trx, removed, added);
      if (parts.current) await changeCurrent(trx, removed, added);
    },

    /** How many sign-ups wait to be folded, counted up to `atMost` (the partial index of the uncounted rows). */
    async backlog(atMost: number): Promise<number> {
      const row = await database.db
        .selectFrom((eb) => eb.selectFrom('waitlist_signups').select('id').where('counted', '=', 0).limit(atMost).as('waiting'))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * The people counted and the sign-ups waiting to be (up to `atMost`), in one statement: read apart, a fold that
     * commits between the two reads would count its rows twice or not at all.
     */
    async listed(atMost: number): Promise<{ people: number; waiting: number }> {
      const { rows } = await sql<{ people: number | string | null; waiting: number | string }>`
        SELECT (SELECT count FROM signup_totals WHERE name = 'people') AS people,
               (SELECT count(*) FROM (SELECT id FROM waitlist_signups WHERE counted = 0 LIMIT ${atMost}) waiting) AS waiting`.execute(
        database.db,
      );
      return { people: Number(rows[0]?.people ?? 0), waiting: Number(rows[0]?.waiting ?? 0) };
    },

    /** The people on the list now (counted ones), and how many use free mail. */
    async totals(executor: Executor = database.db): Promise<{ people: number; freeMail: number }> {
      const rows = await executor.selectFrom('signup_totals').select(['name', 'count']).execute();
      const of = (name: string) => Number(rows.find((r) => r.name === name)?.count ?? 0);
      return { people: of('people'), freeMail: of('free_mail') };
    },
  };
}

export type SignupCounts = ReturnType<typeof createSignupCounts>;

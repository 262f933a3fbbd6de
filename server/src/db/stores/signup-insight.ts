import { ADMIN_COMPANIES_PAGE_SIZE, COMPANY_SIZE_OPTIONS, type AdminCompanies, type AdminCompaniesQuery } from '@waitlist/contract';
import type { Database } from '../connection';
import { translateDbError } from '../errors';
import { createSignupStore } from './signups';

/** Read models over the list for the founders: the companies behind the addresses, and the daily digest's facts. */
export interface DigestFacts {
  signups: number;
  confirmed: number;
  newCompanies: string[];
  /** Companies already on the list before the period that got another person in it. */
  returningCompanies: string[];
  topSources: { source: string; signups: number }[];
}

export function createSignupInsight(database: Database) {
  const { db } = database;
  const signups = createSignupStore(database);
  const iso = (d: Date) => d.toISOString();
  const ts = (v: Date | string) => database.decodeTimestamp(v);

  return {
    /**
     * One page of the companies with people on the list now, sorted by the server, from the kept counts (the sign-up
     * store keeps them in step; services/counted-reads.ts folds a new sign-up in first).
     */
    async companies(query: AdminCompaniesQuery = { sort: '-people', page: 1 }): Promise<AdminCompanies> {
      const descending = query.sort.startsWith('-');
      const column = ({ people: 'people', last_signup: 'last_signup_at', first_signup: 'first_signup_at', domain: 'domain' } as const)[
        query.sort.replace('-', '') as 'people' | 'last_signup' | 'first_signup' | 'domain'
      ];
      const direction = descending ? 'desc' : 'asc';
      const [rows, count, totals] = await Promise.all([
        db
          .selectFrom('companies')
          .selectAll()
          .orderBy(column, direction)
          .orderBy('domain', column === 'domain' ? direction : 'asc')
          .limit(ADMIN_COMPANIES_PAGE_SIZE)
          .offset((query.page - 1) * ADMIN_COMPANIES_PAGE_SIZE)
          .execute(),
        db
          .selectFrom('companies')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
        signups.totals(),
      ]).catch(translateDbError);
      const facets =
        rows.length === 0
          ? []
          : await db
              .selectFrom('company_facets')
              .select(['domain', 'facet', 'value', 'people'])
              .where(
                'domain',
                'in',
                rows.map((r) => r.domain),
              )
              .where('people', '>', 0)
              .execute()
              .catch(translateDbError);
      const sizeRank = (size: string) => (COMPANY_SIZE_OPTIONS as readonly string[]).indexOf(size);
      const items = rows.map((row) => {
        const own = facets
          .filter((f) => f.domain === row.domain)
          .sort((a, b) => Number(b.people) - Number(a.people) || a.value.localeCompare(b.value));
        const sizes = own.filter((f) => f.facet === 'company_size').map((f) => f.value);
        return {
          domain: row.domain,
          people: Number(row.people),
          roles: own.filter((f) => f.facet === 'role').map((f) => f.value),
          largest_size: sizes.reduce((largest, size) => (sizeRank(size) > sizeRank(largest) ? size : largest), sizes[0] ?? ''),
          first_signup: ts(row.first_signup_at),
          last_signup: ts(row.last_signup_at),
          statuses: Object.fromEntries(own.filter((f) => f.facet === 'status').map((f) => [f.value, Number(f.people)])),
        };
      });
      return {
        total: Number(count.n),
        page: query.page,
        page_size: ADMIN_COMPANIES_PAGE_SIZE,
        sort: query.sort,
        items,
        free_mail_people: totals.freeMail,
      };
    },
    /** What the digest of the 24 hours before `until` says. */
    async digestFacts(until: Date): Promise<DigestFacts> {
      const since = iso(new Date(until.getTime() - 24 * 60 * 60 * 1000));
      const end = iso(until);
      const inPeriod = await db
        .selectFrom('waitlist_signups')
        .select(['company_domain', 'free_mail', 'utm_source'])
        .where('created_at', '>=', since)
        .where('created_at', '<', end)
        .execute();
      const { n: confirmed } = await db
        .selectFrom('waitlist_signups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('confirmed_at', '>=', since)
        .where('confirmed_at', '<', end)
        .executeTakeFirstOrThrow();
      const domains = [
        ...new Set(inPeriod.filter((r) => Number(r.free_mail) === 0 && r.company_domain).map((r) => r.company_domain!)),
      ].sort();
      const before =
        domains.length === 0
          ? new Set<string>()
          : new Set(
              (
                await db
                  .selectFrom('waitlist_signups')
                  .select('company_domain')
                  .where('company_domain', 'in', domains)
                  .where('created_at', '<', since)
                  .execute()
              ).map((r) => r.company_domain!),
            );
      const sources = new Map<string, number>();
      for (const r of inPeriod) {
        const source = r.utm_source ?? '(none)';
        sources.set(source, (sources.get(source) ?? 0) + 1);
      }
      return {
        signups: inPeriod.length,
        confirmed: Number(confirmed),
        newCompanies: domains.filter((d) => !before.has(d)),
        returningCompanies: domains.filter((d) => before.has(d)),
        topSources: [...sources]
          .map(([source, signups]) => ({ source, signups }))
          .sort((a, b) => b.signups - a.signups || a.source.localeCompare(b.source))
          .slice(0, 5),
      };
    },
  };
}

export type SignupInsight = ReturnType<typeof createSignupInsight>;

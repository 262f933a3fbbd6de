import { COMPANY_SIZE_OPTIONS, type AdminCompanies } from '@waitlist/contract';
import type { Database } from '../connection';
import { translateDbError } from '../errors';

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
  const iso = (d: Date) => d.toISOString();
  const ts = (v: Date | string) => database.decodeTimestamp(v);

  return {
    /** Companies with at least one person on the list, most people first. */
    async companies(): Promise<AdminCompanies> {
      const rows = await db
        .selectFrom('waitlist_signups')
        .select(['company_domain', 'role', 'company_size', 'status', 'created_at', 'free_mail'])
        .orderBy('id')
        .execute()
        .catch(translateDbError);
      const sizeRank = (size: string) => (COMPANY_SIZE_OPTIONS as readonly string[]).indexOf(size);
      const byDomain = new Map<string, AdminCompanies['items'][number]>();
      let freeMail = 0;
      for (const row of rows) {
        if (Number(row.free_mail) === 1 || !row.company_domain) {
          freeMail += 1;
          continue;
        }
        const at = ts(row.created_at);
        const company = byDomain.get(row.company_domain) ?? {
          domain: row.company_domain,
          people: 0,
          roles: [],
          largest_size: row.company_size,
          first_signup: at,
          last_signup: at,
          statuses: {},
        };
        company.people += 1;
        if (!company.roles.includes(row.role)) company.roles.push(row.role);
        if (sizeRank(row.company_size) > sizeRank(company.largest_size)) company.largest_size = row.company_size;
        if (at < company.first_signup) company.first_signup = at;
        if (at > company.last_signup) company.last_signup = at;
        company.statuses[row.status] = (company.statuses[row.status] ?? 0) + 1;
        byDomain.set(row.company_domain, company);
      }
      const items = [...byDomain.values()].sort(
        (a, b) => b.people - a.people || b.last_signup.localeCompare(a.last_signup) || a.domain.localeCompare(b.domain),
      );
      return { items, free_mail_people: freeMail };
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

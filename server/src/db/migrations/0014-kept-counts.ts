import { type Ddl, PG, SQLITE, type Migration } from './ddl';

// Migration 14: the console's kept counts (db/stores/signup-counts.ts), so the dashboard, the funnel, the companies view
// and the list's total read a few thousand small rows instead of every sign-up.
//
// - signup_daily_counts: every sign-up ever made, by the UTC day it signed up and what it said (role, size, each outcome,
//   source, campaign, landing page; '' where nothing was said), and how many of them confirmed. Erasing a person leaves
//   their contribution (the dashboard's figures do not change when people leave); it replaces erased_signup_counts,
//   whose counts are merged in and which is dropped.
// - companies and company_facets: the people on the list now, per company (not free mail): how many, their first and
//   last sign-up, and how many of each role, size and follow-up status.
// - signup_totals: the people on the list now ('people'), and how many of them use free mail ('free_mail').
//
// Built here from the rows migration 12 marked counted, reading them without holding their writes (sign-ups made
// meanwhile arrive uncounted and are folded in later).
const tables = (t: Ddl) => [
  `CREATE TABLE signup_daily_counts (
    day ${t.text} NOT NULL,
    dimension ${t.text} NOT NULL,
    value ${t.text} NOT NULL,
    signups ${t.bigint} NOT NULL DEFAULT 0,
    confirmed ${t.bigint} NOT NULL DEFAULT 0,
    PRIMARY KEY (dimension, day, value)
  )${t.strict}`,
  `CREATE TABLE companies (
    domain ${t.text} PRIMARY KEY,
    people ${t.bigint} NOT NULL,
    first_signup_at ${t.ts} NOT NULL,
    last_signup_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE INDEX companies_people_idx ON companies (people, domain)`,
  `CREATE INDEX companies_last_signup_idx ON companies (last_signup_at, domain)`,
  `CREATE INDEX companies_first_signup_idx ON companies (first_signup_at, domain)`,
  `CREATE TABLE company_facets (
    domain ${t.text} NOT NULL,
    facet ${t.text} NOT NULL CHECK (facet IN ('role', 'company_size', 'status')),
    value ${t.text} NOT NULL,
    people ${t.bigint} NOT NULL,
    PRIMARY KEY (domain, facet, value)
  )${t.strict}`,
  `CREATE TABLE signup_totals (
    name ${t.text} PRIMARY KEY CHECK (name IN ('people', 'free_mail')),
    count ${t.bigint} NOT NULL
  )${t.strict}`,
];

const backfill = (day: string, outcomes: string) => {
  const counted = `(SELECT ${day} AS day, * FROM waitlist_signups WHERE counted = 1) s`;
  const byColumn = (dimension: string, column: string | null) =>
    `SELECT day, '${dimension}', ${column ?? `''`}, count(*), count(confirmed_at) FROM ${counted} GROUP BY day${column ? `, ${column}` : ''}`;
  return [
    `INSERT INTO signup_daily_counts (day, dimension, value, signups, confirmed)
      ${byColumn('all', null)}
      UNION ALL ${byColumn('role', 'role')}
      UNION ALL ${byColumn('company_size', 'company_size')}
      UNION ALL ${byColumn('source', `coalesce(utm_source, '')`)}
      UNION ALL ${byColumn('campaign', `coalesce(utm_campaign, '')`)}
      UNION ALL ${byColumn('landing_path', `coalesce(landing_path, '')`)}
      UNION ALL SELECT day, 'outcome', o.value, count(*), count(confirmed_at) FROM ${counted}, ${outcomes} GROUP BY day, o.value`,
    // Erased sign-ups' contributions: 'confirmed' was a dimension of its own there.
    `INSERT INTO signup_daily_counts (day, dimension, value, signups, confirmed)
      SELECT day, CASE dimension WHEN 'confirmed' THEN 'all' ELSE dimension END, value,
        sum(CASE dimension WHEN 'confirmed' THEN 0 ELSE count END), sum(CASE dimension WHEN 'confirmed' THEN count ELSE 0 END)
      FROM erased_signup_counts GROUP BY 1, 2, 3
      ON CONFLICT (dimension, day, value) DO UPDATE SET
        signups = signup_daily_counts.signups + excluded.signups, confirmed = signup_daily_counts.confirmed + excluded.confirmed`,
    `DROP TABLE erased_signup_counts`,
    `INSERT INTO companies (domain, people, first_signup_at, last_signup_at)
      SELECT company_domain, count(*), min(created_at), max(created_at) FROM waitlist_signups
      WHERE counted = 1 AND free_mail = 0 AND company_domain IS NOT NULL GROUP BY company_domain`,
    ...['role', 'company_size', 'status'].map(
      (facet) => `INSERT INTO company_facets (domain, facet, value, people)
        SELECT company_domain, '${facet}', ${facet}, count(*) FROM waitlist_signups
        WHERE counted = 1 AND free_mail = 0 AND company_domain IS NOT NULL GROUP BY company_domain, ${facet}`,
    ),
    `INSERT INTO signup_totals (name, count)
      SELECT 'people', count(*) FROM waitlist_signups WHERE counted = 1
      UNION ALL SELECT 'free_mail', count(*) FROM waitlist_signups WHERE counted = 1 AND free_mail = 1`,
  ];
};

export const keptCounts: Migration = {
  version: 14,
  name: "the console's kept counts: sign-ups per day and answer, companies, totals",
  postgres: [...tables(PG), ...backfill(`to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`, 'unnest(s.desired_outcomes) AS o(value)')],
  sqlite: [...tables(SQLITE), ...backfill('substr(created_at, 1, 10)', 'json_each(s.desired_outcomes) AS o')],
};

import * as z from 'zod/mini';
import { validDate, withoutEmptyValues } from './query-text';

/** The console's insight: companies on the list (sorted and paged by the server) and the funnel from visit to sign-up. */

export const ADMIN_COMPANY_SORTS = [
  '-people',
  'people',
  '-last_signup',
  'last_signup',
  '-first_signup',
  'first_signup',
  'domain',
  '-domain',
] as const;
export type AdminCompanySort = (typeof ADMIN_COMPANY_SORTS)[number];
export const ADMIN_COMPANIES_PAGE_SIZE = 50;
/** GET /companies?sort=…&page=…: one page of companies, sorted by the server. */
export const adminCompaniesQuerySchema = z.pipe(
  z.transform(withoutEmptyValues),
  z.object({
    sort: z._default(z.enum(ADMIN_COMPANY_SORTS), '-people'),
    page: z._default(
      z
        .pipe(z.string().check(z.regex(/^\d{1,6}$/, 'must be a page number')), z.transform(Number))
        .check(z.refine((n) => n >= 1, 'must be a page number')),
      1,
    ),
  }),
);
export type AdminCompaniesQuery = z.infer<typeof adminCompaniesQuerySchema>;

export const adminCompaniesSchema = z.object({
  /** Every company on the list (all pages). */
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  sort: z.enum(ADMIN_COMPANY_SORTS),
  items: z.array(
    z.object({
      domain: z.string(),
      people: z.number(),
      roles: z.array(z.string()),
      /** The largest company size any of them gave. */
      largest_size: z.string(),
      first_signup: z.string(),
      last_signup: z.string(),
      /** How many of them are at each follow-up status. */
      statuses: z.record(z.string(), z.number()),
    }),
  ),
  /** Sign-ups from consumer mail providers (not grouped). */
  free_mail_people: z.number(),
});
export type AdminCompanies = z.infer<typeof adminCompaniesSchema>;

export const FUNNEL_DIMENSIONS = ['day', 'source', 'campaign', 'landing_path'] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];
export const adminFunnelQuerySchema = z.pipe(
  z.transform(withoutEmptyValues),
  z.object({
    from: z.string().check(z.refine(validDate, 'must be a date YYYY-MM-DD')),
    to: z.string().check(z.refine(validDate, 'must be a date YYYY-MM-DD')),
    by: z._default(z.enum(FUNNEL_DIMENSIONS), 'day'),
  }),
);
export const adminFunnelSchema = z.object({
  by: z.enum(FUNNEL_DIMENSIONS),
  totals: z.object({ visitors: z.number(), views: z.number(), signups: z.number(), confirmed: z.number() }),
  /** One row per day (every day of the period) or per source / campaign / landing page ("(none)" when absent). */
  rows: z.array(z.object({ key: z.string(), visitors: z.number(), views: z.number(), signups: z.number(), confirmed: z.number() })),
});
export type AdminFunnel = z.infer<typeof adminFunnelSchema>;

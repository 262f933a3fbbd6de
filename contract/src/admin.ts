import * as z from 'zod/mini';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS } from './options';
import { EMAIL_MAX_LENGTH, OTHER_OUTCOME_MAX_LENGTH } from './limits';
import { isValidEmail, normalizeEmail } from './schemas';
import { VALIDATION_MESSAGES } from './messages';

/** The operator console's API (issue #4): one schema for the browser's requests and the server's parsing. */
export const ADMIN_API = '/api/admin';
export const ADMIN_SESSION_COOKIE = 'admin_session';

export const ADMIN_SORTS = ['-created_at', 'created_at', 'email', '-email'] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (value: string) => DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/** Query of GET /signups and /signups/export.csv; empty strings count as absent. */
export const adminListQuerySchema = z.object({
  q: optionalText(EMAIL_MAX_LENGTH),
  role: z.optional(z.enum(ROLE_OPTIONS)),
  company_size: z.optional(z.enum(COMPANY_SIZE_OPTIONS)),
  outcome: z.optional(z.enum(DESIRED_OUTCOME_OPTIONS)),
  from: z.optional(z.string().check(z.refine(validDate, 'must be a date YYYY-MM-DD'))),
  to: z.optional(z.string().check(z.refine(validDate, 'must be a date YYYY-MM-DD'))),
  sort: z._default(z.enum(ADMIN_SORTS), '-created_at'),
  cursor: optionalText(1000),
  limit: z.optional(
    z.pipe(
      z.string().check(z.regex(/^\d+$/)),
      z.transform(Number),
    ).check(z.refine((n) => n >= 1 && n <= ADMIN_MAX_PAGE_SIZE, `must be between 1 and ${ADMIN_MAX_PAGE_SIZE}`)),
  ),
});
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;
export type AdminFilters = Omit<AdminListQuery, 'cursor' | 'limit'>;

/** PATCH /signups/:id: any subset of the stored fields; the e-mail is normalised like the public form's. */
export const adminCorrectionSchema = z
  .strictObject({
    email: z.optional(
      z.pipe(
        z.string().check(z.refine(isValidEmail, { error: VALIDATION_MESSAGES.email })),
        z.transform(normalizeEmail),
      ),
    ),
    role: z.optional(z.enum(ROLE_OPTIONS, { error: VALIDATION_MESSAGES.role })),
    company_size: z.optional(z.enum(COMPANY_SIZE_OPTIONS, { error: VALIDATION_MESSAGES.companySize })),
    desired_outcomes: z.optional(
      z.array(z.enum(DESIRED_OUTCOME_OPTIONS)).check(
        z.minLength(1, { error: VALIDATION_MESSAGES.desiredOutcomes }),
        z.maxLength(DESIRED_OUTCOME_OPTIONS.length),
      ),
    ),
    other_outcome: z.optional(z.nullable(z.string().check(z.maxLength(OTHER_OUTCOME_MAX_LENGTH)))),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, 'Send at least one field to correct'));
export type AdminCorrection = z.infer<typeof adminCorrectionSchema>;

export const adminSignInSchema = z.object({
  email: z.string().check(z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});

export interface AdminSignup {
  id: number;
  email: string;
  role: string;
  company_size: string;
  desired_outcomes: string[];
  other_outcome: string | null;
  consented_at: string;
  privacy_policy_version: string;
  created_at: string;
}

export interface AdminSignupPage {
  items: AdminSignup[];
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: string | null;
  /** Rows matching the filters (all pages). */
  total: number;
}

export interface AdminCount {
  label: string;
  count: number;
}

export interface AdminStats {
  total: number;
  last_7_days: number;
  last_30_days: number;
  per_day: { day: string; count: number }[];
  by_role: AdminCount[];
  by_company_size: AdminCount[];
  by_outcome: AdminCount[];
}

export interface AdminSessionInfo {
  operator: { id: number; email: string };
  expires_at: string;
}

/** Error codes of the admin API, in the public `{code, message, details, hint}` shape. */
export const ADMIN_ERROR_CODES = {
  unauthenticated: 'ADMIN401',
  badCredentials: 'ADMIN401C',
  foreignOrigin: 'ADMIN403',
  notFound: 'ADMIN404',
  invalidRequest: 'ADMIN400',
  locked: 'ADMIN429',
} as const;

/**
 * Error codes of the public API. Real PostgreSQL / PostgREST codes where one exists (so a client written
 * for Supabase works unchanged); the few `PGRST4xx` are our own, in the same style (docs/decisions/0002).
 */
export const ERROR_CODES = {
  uniqueViolation: '23505',
  /** An error a database trigger raises (RAISE EXCEPTION): here, a refused e-mail domain. */
  raisedException: 'P0001',
  checkViolation: '23514',
  notNullViolation: '23502',
  invalidTextRepresentation: '22P02',
  insufficientPrivilege: '42501',
  invalidJson: 'PGRST102',
  invalidContentType: 'PGRST107',
  unknownColumn: 'PGRST204',
  unknownTable: 'PGRST205',
  invalidApiKey: 'PGRST301',
  databaseUnavailable: 'PGRST000',
  payloadTooLarge: 'PGRST413',
  uriTooLong: 'PGRST414',
  idempotencyKeyReused: 'PGRST422',
  rateLimited: 'PGRST429',
  internal: 'PGRST500',
} as const;

export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** The one error shape of the public API (PostgREST's). */
export interface ApiError {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/**
 * A sign-up from an e-mail domain the waitlist refuses answers 400 with code P0001, this message, and in
 * `details` why: a temporary-inbox service, a domain the operators blocked (server/src/lib/refused-domains.ts), or one
 * without any mail server (EMAIL_DOMAIN_CHECK=mx, server/src/io/mx-lookup.ts).
 */
export const EMAIL_DOMAIN_REFUSED_MESSAGE = 'e-mail domain not accepted';
export const EMAIL_DOMAIN_REFUSALS = ['disposable', 'blocked', 'undeliverable'] as const;
export type EmailDomainRefusalReason = (typeof EMAIL_DOMAIN_REFUSALS)[number];

/** Why an API error refused the address's domain, or null when it is another error. */
export function emailDomainRefusalOf(error: ApiError | null | undefined): EmailDomainRefusalReason | null {
  if (error?.code !== ERROR_CODES.raisedException || error.message !== EMAIL_DOMAIN_REFUSED_MESSAGE) return null;
  return (EMAIL_DOMAIN_REFUSALS as readonly string[]).includes(error.details ?? '')
    ? (error.details as EmailDomainRefusalReason)
    : 'blocked';
}

export const EMAIL_UNIQUE_CONSTRAINT = 'waitlist_signups_email_key';
export const DUPLICATE_EMAIL_MESSAGE = `duplicate key value violates unique constraint "${EMAIL_UNIQUE_CONSTRAINT}"`;

/** CHECK constraint names, identical in SQLite, PostgreSQL and the Supabase migration. */
export const CHECK_CONSTRAINTS = {
  email: 'waitlist_signups_email_check',
  role: 'waitlist_signups_role_check',
  company_size: 'waitlist_signups_company_size_check',
  desired_outcomes: 'waitlist_signups_desired_outcomes_check',
  other_outcome: 'waitlist_signups_other_outcome_check',
  locale: 'waitlist_signups_locale_check',
} as const;

export function checkViolationMessage(constraint: string): string {
  return `new row for relation "waitlist_signups" violates check constraint "${constraint}"`;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiError).code === 'string' &&
    typeof (value as ApiError).message === 'string'
  );
}

import type { Insertable, Selectable, Transaction } from 'kysely';
import type { AdminSignup } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Schema, WaitlistSignupsTable } from '../schema';

export type SignupRecord = Selectable<WaitlistSignupsTable>;
/** A row about to be inserted: every column but the generated id. */
export type NewSignupRecord = Required<Omit<Insertable<WaitlistSignupsTable>, 'id'>>;
/** A sign-up the current transaction has just inserted. */
export interface StoredSignup {
  id: number;
  record: NewSignupRecord;
}
/**
 * Rows other tables need in the sign-up's own transaction (an outbox entry, say): called with the sign-ups a
 * transaction stores, before it commits; if it throws, those sign-ups are not stored.
 */
export type WriteAlongside = (trx: Transaction<Schema>, stored: StoredSignup[]) => Promise<void>;

/** The one mapper from a stored row to the sign-up the API hands out (public and admin side alike). */
export const toSignup = (database: Database, row: SignupRecord): AdminSignup => ({
  id: Number(row.id),
  email: row.email,
  role: row.role,
  company_size: row.company_size,
  desired_outcomes: database.decodeList(row.desired_outcomes),
  other_outcome: row.other_outcome ?? null,
  consented_at: database.decodeTimestamp(row.consented_at),
  privacy_policy_version: row.privacy_policy_version,
  created_at: database.decodeTimestamp(row.created_at),
  confirmed_at: row.confirmed_at === null ? null : database.decodeTimestamp(row.confirmed_at),
  marketing_opt_out_at: row.marketing_opt_out_at === null ? null : database.decodeTimestamp(row.marketing_opt_out_at),
  locale: row.locale,
  status: row.status,
  company_domain: row.company_domain,
  free_mail: Number(row.free_mail) === 1,
  utm_source: row.utm_source,
  utm_medium: row.utm_medium,
  utm_campaign: row.utm_campaign,
  utm_content: row.utm_content,
  utm_term: row.utm_term,
  referrer_origin: row.referrer_origin,
  landing_path: row.landing_path,
});

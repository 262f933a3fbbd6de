import type { ColumnType, Generated } from 'kysely';
import type { AttributionField } from '@waitlist/contract';
import type { Timestamp, NullableTimestamp, NullableText } from './columns';

/** The people on the list: their sign-ups and what hangs off them (keys, tokens, notes, the log of their own acts, the kept counts). */

/** Its attribution columns are the contract's ATTRIBUTION_FIELDS, each capped at 200 characters. */
export interface WaitlistSignupsTable extends Record<AttributionField, NullableText> {
  id: Generated<number>;
  email: string;
  /** The answers: null when unknown (imported from a list of addresses, migration 24) until the person gives them. */
  role: string | null;
  company_size: string | null;
  /** text[] in PostgreSQL, JSON text in SQLite: always go through `Database.encodeList/decodeList` (connection.ts); null when unknown. */
  desired_outcomes: ColumnType<unknown, unknown, unknown>;
  other_outcome: string | null;
  consented_at: Timestamp;
  privacy_policy_version: string;
  created_at: Timestamp;
  /** When the person pressed the button of the confirmation page (double opt-in). */
  confirmed_at: NullableTimestamp;
  marketing_opt_out_at: NullableTimestamp;
  /** The language of the pages the person used; their mails are in it. */
  locale: ColumnType<string, string | undefined, string>;
  /** When the first confirmation mail went out: the retention clock of an unconfirmed sign-up starts here. */
  confirmation_sent_at: NullableTimestamp;
  /** The e-mail's registrable domain: the company key (lib/company.ts). */
  company_domain: NullableText;
  /** 1 when the domain is a consumer mail provider (never grouped as a company), else 0. */
  free_mail: ColumnType<number, number | undefined, number>;
  /** Follow-up: new → contacted → invited → joined, or declined. */
  status: ColumnType<FollowUpStatus, FollowUpStatus | undefined, FollowUpStatus>;
  /** Why the sign-up may deserve a second look: space-separated SIGNUP_FLAGS (migration 8); '' for none. */
  flags: ColumnType<string, string | undefined, string>;
  /** The partner code the person joined with (migration 11); null for everybody who signed up by the form. */
  partner_code_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 once the row is in the kept counts (migration 12, db/stores/signup-counts.ts); new rows arrive as 0. */
  counted: ColumnType<number, number | undefined, number>;
  /** The fit score, 0-100 (migration 19, lib/fit-score.ts), with the weights in force. */
  fit_score: ColumnType<number, number | undefined, number>;
  /** The start of the call they booked through the booking link (migration 20, signup_meetings); null for most. */
  meeting_at: NullableTimestamp;
}

/** A call booked through the booking link, as the scheduler's webhooks tell it (migration 20; services/bookings.ts). */
export interface SignupMeetingsTable {
  id: Generated<number>;
  signup_id: number;
  scheduler: 'cal-com' | 'calendly';
  /** The scheduler's own id of the booking (Cal.com's uid, Calendly's invitee URI). */
  booking_key: string;
  starts_at: NullableTimestamp;
  status: 'booked' | 'cancelled';
  /** When the scheduler says the newest event applied happened: an older one arriving late changes nothing. */
  event_at: Timestamp;
  updated_at: Timestamp;
  /** 1: booked without our reference, matched by the booker's address (migration 26): the console marks it. */
  unreferenced: ColumnType<number, number | undefined, number>;
}

/** The questions an owner asks after confirming (migration 20; services/questions.ts). */
export interface SignupQuestionsTable {
  id: Generated<number>;
  position: number;
  kind: 'single' | 'multiple' | 'text';
  /** JSON text: {en, sv}. */
  prompt: string;
  /** JSON text: [{id, en, sv, archived?}] (empty for a short answer). */
  options: string;
  archived_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** One chosen option of a question ('' and its text for a short answer). */
export interface SignupAnswersTable {
  signup_id: number;
  question_id: number;
  choice: string;
  answer_text: string | null;
  answered_at: Timestamp;
}

/** Every version of the fit score's weights an owner set (migration 19); the newest is in force. */
export interface FitRulesTable {
  version: Generated<number>;
  /** JSON text: contract FitWeights. */
  weights: string;
  created_by: number | null;
  created_at: Timestamp;
  /** Sign-ups up to this id carry this version's score (the rescoring after a change walks the ids). */
  rescored_through: ColumnType<number, number | undefined, number>;
}

export type FollowUpStatus = 'new' | 'contacted' | 'invited' | 'joined' | 'declined';

export interface SignupNotesTable {
  id: Generated<number>;
  signup_id: number;
  /** The operator's e-mail at the time of writing. */
  author: string;
  body: string;
  created_at: Timestamp;
}

export interface SignupStatusLogTable {
  id: Generated<number>;
  /** No foreign key: the history of follow-up survives an erasure, without the address. */
  signup_id: number;
  from_status: string;
  to_status: FollowUpStatus;
  operator_id: number;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  key: string;
  request_hash: string;
  signup_id: number | null;
  created_at: Timestamp;
}

export interface PersonTokensTable {
  /** SHA-256 of the token in the link; the token itself is never stored. */
  hash: string;
  purpose: 'confirm' | 'manage' | 'unsubscribe';
  signup_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

export type PersonAuditAction = 'confirm' | 'unsubscribe' | 'export' | 'correct' | 'erase' | 'expire' | 'data-link';

export interface PersonAuditLogTable {
  id: Generated<number>;
  action: PersonAuditAction;
  actor: 'person' | 'system' | 'operator';
  signup_id: number | null;
  /** Names of changed fields (corrections); never values, never an address. */
  fields: string | null;
  created_at: Timestamp;
}

/** Every sign-up ever made, by UTC day of sign-up and answer (migration 14; db/stores/signup-counts.ts). */
export interface SignupDailyCountsTable {
  day: string;
  /** 'all' | 'role' | 'company_size' | 'outcome' | 'source' | 'campaign' | 'landing_path' */
  dimension: string;
  /** The answer ('' for none, and for 'all'). */
  value: string;
  signups: ColumnType<number, number | undefined, number>;
  confirmed: ColumnType<number, number | undefined, number>;
}

/** The people on the list now, per company (migration 14). */
export interface CompaniesTable {
  domain: string;
  people: number;
  first_signup_at: Timestamp;
  last_signup_at: Timestamp;
}

export interface CompanyFacetsTable {
  domain: string;
  facet: 'role' | 'company_size' | 'status';
  value: string;
  people: number;
}

export interface SignupTotalsTable {
  name: 'people' | 'free_mail';
  count: number;
}

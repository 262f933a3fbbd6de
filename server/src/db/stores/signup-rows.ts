import type { Insertable, Selectable, Updateable } from 'kysely';
import { SIGNUP_FLAGS, type AttributionColumns, type FollowUpStatus, type SignupFlag, attributionColumns } from '@waitlist/contract';
import type { Database } from '../connection';
import type { WaitlistSignupsTable } from '../schema';

/** How a sign-up's flags are stored: each once, in code-unit order, joined by spaces ('' for none). */
export const encodeFlags = (flags: readonly SignupFlag[]): string => [...new Set(flags)].sort().join(' ');

/**
 * Every stored value that holds `flag` (each set of known flags with it, encoded): the list's flag filter is `flags IN
 * (…)`, which the planner estimates from the column's statistics. A LIKE on the padded text it could not estimate (2 rows
 * of 13,000): at 450,000 sign-ups on PostgreSQL it fetched every flagged row to sort them, 47-120 ms, where walking the
 * flagged rows' index newest first takes under 1 ms.
 */
export function storedFlagSetsWith(flag: SignupFlag): string[] {
  const others = SIGNUP_FLAGS.filter((other) => other !== flag);
  const sets: SignupFlag[][] = [[flag]];
  for (const other of others) for (const set of [...sets]) sets.push([...set, other]);
  return sets.map(encodeFlags);
}

/** A stored sign-up: lists decoded, timestamps as ISO text, the consumer-mail flag as a boolean. */
/** A sign-up as the code uses it; its attribution fields are the contract's list (AttributionColumns). */
export interface SignupRow extends AttributionColumns {
  id: number;
  email: string;
  /** The answers; null when unknown (imported from a list of addresses, until the person answers: migration 24). */
  role: string | null;
  company_size: string | null;
  desired_outcomes: string[] | null;
  other_outcome: string | null;
  consented_at: string;
  privacy_policy_version: string;
  created_at: string;
  confirmed_at: string | null;
  marketing_opt_out_at: string | null;
  /** When the first confirmation mail went out: an unconfirmed sign-up's retention clock starts here. */
  confirmation_sent_at: string | null;
  locale: string;
  status: FollowUpStatus;
  company_domain: string | null;
  free_mail: boolean;
  /** Why the sign-up may deserve a second look (contract: SIGNUP_FLAGS); empty for most. */
  flags: SignupFlag[];
  /** The partner code the person joined with (migration 11), or null. */
  partner_code_id: number | null;
  /** The fit score, 0-100, with the weights in force (migration 19). */
  fit_score: number;
  /** The start of the call they booked (migration 20), or null. */
  meeting_at: string | null;
}

/** A row about to be inserted: every column but the generated id and what comes later (a booked call). */
export type NewSignupRow = Omit<SignupRow, 'id' | 'meeting_at'>;

/** The columns a change may set (the rest are history: when, consent, where from). */
export type SignupChanges = Partial<
  Pick<SignupRow, 'email' | 'role' | 'company_size' | 'desired_outcomes' | 'other_outcome' | 'company_domain' | 'free_mail'>
>;

/** A stored row as the code sees it (lists, booleans, ISO timestamps), and back as each engine stores it. */
export function signupRowCodec(database: Database) {
  const tsOrNull = (v: Date | string | null) => (v === null ? null : database.decodeTimestamp(v));

  const decode = (row: Selectable<WaitlistSignupsTable>): SignupRow => ({
    id: Number(row.id),
    email: row.email,
    role: row.role,
    company_size: row.company_size,
    desired_outcomes: row.desired_outcomes == null ? null : database.decodeList(row.desired_outcomes),
    other_outcome: row.other_outcome ?? null,
    consented_at: database.decodeTimestamp(row.consented_at),
    privacy_policy_version: row.privacy_policy_version,
    created_at: database.decodeTimestamp(row.created_at),
    confirmed_at: tsOrNull(row.confirmed_at),
    marketing_opt_out_at: tsOrNull(row.marketing_opt_out_at),
    confirmation_sent_at: tsOrNull(row.confirmation_sent_at),
    locale: row.locale,
    status: row.status,
    company_domain: row.company_domain,
    free_mail: Number(row.free_mail) === 1,
    ...attributionColumns(row),
    flags: row.flags === '' ? [] : (row.flags.split(' ') as SignupFlag[]),
    partner_code_id: row.partner_code_id === null ? null : Number(row.partner_code_id),
    fit_score: Number(row.fit_score),
    meeting_at: row.meeting_at == null ? null : database.decodeTimestamp(row.meeting_at),
  });

  const encode = (changes: SignupChanges): Updateable<WaitlistSignupsTable> => {
    const { desired_outcomes, free_mail, ...rest } = changes;
    return {
      ...rest,
      ...(desired_outcomes === undefined ? {} : { desired_outcomes: desired_outcomes && database.encodeList(desired_outcomes) }),
      ...(free_mail === undefined ? {} : { free_mail: free_mail ? 1 : 0 }),
    };
  };

  const encodeNew = (row: NewSignupRow): Insertable<WaitlistSignupsTable> => ({
    ...row,
    // Counted when folded in (SQLite's column default is 1 for the rows that were there before migration 12).
    counted: 0,
    flags: encodeFlags(row.flags),
    desired_outcomes: row.desired_outcomes && database.encodeList(row.desired_outcomes),
    free_mail: row.free_mail ? 1 : 0,
  });

  return { decode, encode, encodeNew };
}

export type SignupRowCodec = ReturnType<typeof signupRowCodec>;

import type { SelectQueryBuilder } from 'kysely';
import { UNKNOWN_ANSWER, type AdminSegment } from '@waitlist/contract';
import type { Database } from '../connection';
import type { Schema } from '../schema';
import { storedFlagSetsWith } from './signup-rows';

export type SignupsQuery = SelectQueryBuilder<Schema, 'waitlist_signups', object>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Which sign-ups: the console list's filters, the segments of waves and campaigns and the export, as one WHERE over
 * waitlist_signups (each filter on an index of its own or on the rows the sort's index walks; signup-listing.ts pages).
 */
export function applySignupFilters(database: Database, query: SignupsQuery, filters: AdminSegment): SignupsQuery {
  let q = query;
  const text = filters.q?.trim().toLowerCase();
  if (text) q = q.where(database.addressSearch.matches(text));
  // UNKNOWN_ANSWER: the people imported without that answer (NULL), on the same index as an answer.
  for (const column of ['role', 'company_size'] as const) {
    const value = filters[column];
    if (value) q = value === UNKNOWN_ANSWER ? q.where(column, 'is', null) : q.where(column, '=', value);
  }
  if (filters.outcome === UNKNOWN_ANSWER) q = q.where('desired_outcomes', 'is', null);
  else if (filters.outcome) {
    const outcome = filters.outcome;
    q = q.where((eb) => database.listContains(eb.ref('desired_outcomes'), outcome));
  }
  if (filters.confirmed === 'yes') q = q.where('confirmed_at', 'is not', null);
  if (filters.confirmed === 'no') q = q.where('confirmed_at', 'is', null);
  if (filters.opted_out === 'yes') q = q.where('marketing_opt_out_at', 'is not', null);
  if (filters.opted_out === 'no') q = q.where('marketing_opt_out_at', 'is', null);
  if (filters.status) q = q.where('status', '=', filters.status);
  if (filters.answer) {
    // People who chose this option: an index range of signup_answers (question, choice, person).
    const [question, choice] = filters.answer.split(':') as [string, string];
    q = q.where('id', 'in', (eb) =>
      eb.selectFrom('signup_answers').select('signup_id').where('question_id', '=', Number(question)).where('choice', '=', choice),
    );
  }
  // Most of a list is new or contacted: a filter of the rows the sort's index walks, not an index of its own.
  if (filters.invited === 'yes') q = q.where(database.notIndexed('status'), 'in', ['invited', 'joined']);
  if (filters.invited === 'no') q = q.where(database.notIndexed('status'), 'in', ['new', 'contacted']);
  // Flags are a set of known words stored as one value: every value holding the flag (signup-rows.ts).
  if (filters.flag) q = q.where('flags', '<>', '').where('flags', 'in', storedFlagSetsWith(filters.flag));
  if (filters.company) q = q.where('company_domain', '=', filters.company.trim().toLowerCase());
  if (filters.min_score !== undefined) q = q.where('fit_score', '>=', filters.min_score);
  if (filters.from) q = q.where('created_at', '>=', new Date(`${filters.from}T00:00:00Z`).toISOString());
  // `to` is inclusive: everything before the next day's midnight (UTC).
  if (filters.to) q = q.where('created_at', '<', new Date(Date.parse(`${filters.to}T00:00:00Z`) + DAY_MS).toISOString());
  return q;
}

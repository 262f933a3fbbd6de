/**
 * Moving rows back in time, the one way every test does it (unit, API and browser tests): the clock cannot be wound
 * forward across processes, so a test that needs "ten minutes later" or "a sign-up from last month" dates the rows.
 * Test data only; production code never rewrites a timestamp.
 */
import type { Database } from '../db/connection';

const iso = (at: Date | string) => (typeof at === 'string' ? at : at.toISOString());

/** Sets when each sign-up (by e-mail) was made. */
export async function backdateSignups(database: Database, createdAtByEmail: Iterable<readonly [string, Date | string]>): Promise<void> {
  for (const [email, at] of createdAtByEmail)
    await database.db
      .updateTable('waitlist_signups')
      .set({ created_at: iso(at) })
      .where('email', '=', email)
      .execute();
}

/** Moves the mail queued for a sign-up back by `ms` (a re-send allowed "ten minutes later"). */
export async function backdateMailOf(database: Database, signupId: number, ms: number): Promise<void> {
  await database.db
    .updateTable('outbox')
    .set({ created_at: new Date(Date.now() - ms).toISOString() })
    .where('signup_id', '=', signupId)
    .execute();
}

/** `daysAgo` days (and an hour, so "today" stays yesterday's neighbour across midnight) before now. */
export const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000 - 3_600_000);

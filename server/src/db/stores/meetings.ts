import type { Database } from '../connection';
import type { Executor } from '../connection';
import { translateDbError } from '../errors';
import { signupRowCodec, type SignupRow } from './signup-rows';

export interface MeetingChange {
  signupId: number;
  scheduler: 'cal-com' | 'calendly';
  bookingKey: string;
  status: 'booked' | 'cancelled';
  startsAt: string | null;
  /** When the scheduler says it happened: an older event than the one applied changes nothing. */
  eventAt: string;
  /** Booked without our reference, matched by the address typed (a new booking only; issue 47 item 5). */
  unreferenced?: boolean;
}

/**
 * The calls people booked through the booking link (signup_meetings, migration 20), and the people with one to come
 * (waitlist_signups.meeting_at, which db/stores/signups.ts writes).
 */
export function createMeetingStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string) => database.decodeTimestamp(v);
  const { decode } = signupRowCodec(database);

  return {
    /** Applies one event about one booking; answers whether it changed anything (false: an older or repeated event). */
    async apply(trx: Executor, change: MeetingChange, at: string): Promise<boolean> {
      const existing = await trx
        .selectFrom('signup_meetings')
        .select(['id', 'event_at', 'status', 'starts_at'])
        .where('scheduler', '=', change.scheduler)
        .where('booking_key', '=', change.bookingKey)
        .executeTakeFirst();
      if (!existing) {
        await trx
          .insertInto('signup_meetings')
          .values({
            signup_id: change.signupId,
            scheduler: change.scheduler,
            booking_key: change.bookingKey,
            starts_at: change.startsAt,
            status: change.status,
            event_at: change.eventAt,
            updated_at: at,
            unreferenced: change.unreferenced ? 1 : 0,
          })
          .execute();
        return true;
      }
      if (Date.parse(ts(existing.event_at)) > Date.parse(change.eventAt)) return false;
      const startsAt = change.startsAt ?? (existing.starts_at === null ? null : ts(existing.starts_at));
      if (existing.status === change.status && (existing.starts_at === null ? null : ts(existing.starts_at)) === startsAt) return false;
      await trx
        .updateTable('signup_meetings')
        .set({ status: change.status, starts_at: startsAt, event_at: change.eventAt, updated_at: at })
        .where('id', '=', existing.id)
        .execute();
      return true;
    },

    /** Who a booking already belongs to (a cancellation may come without the reference). */
    async signupOf(trx: Executor, scheduler: MeetingChange['scheduler'], bookingKey: string): Promise<number | undefined> {
      const row = await trx
        .selectFrom('signup_meetings')
        .select('signup_id')
        .where('scheduler', '=', scheduler)
        .where('booking_key', '=', bookingKey)
        .executeTakeFirst();
      return row ? Number(row.signup_id) : undefined;
    },

    /** The start their row should show: the next booked call, or the last one when all are past; null for none. */
    async meetingAtOf(trx: Executor, signupId: number, now: Date): Promise<string | null> {
      const booked = await trx
        .selectFrom('signup_meetings')
        .select('starts_at')
        .where('signup_id', '=', signupId)
        .where('status', '=', 'booked')
        .where('starts_at', 'is not', null)
        .limit(100)
        .execute();
      const starts = booked.map((b) => ts(b.starts_at!)).sort();
      return starts.find((s) => Date.parse(s) >= now.getTime()) ?? starts.at(-1) ?? null;
    },

    /** Which of these people's booked calls came without our reference (matched by the address the booker typed). */
    async unreferencedAmong(signupIds: readonly number[]): Promise<Set<number>> {
      if (signupIds.length === 0) return new Set();
      const rows = await db
        .selectFrom('signup_meetings')
        .select('signup_id')
        .where('signup_id', 'in', [...signupIds])
        .where('status', '=', 'booked')
        .where('unreferenced', '=', 1)
        .execute();
      return new Set(rows.map((r) => Number(r.signup_id)));
    },

    /** People whose booked call starts at or after `from`, soonest first (the partial index on meeting_at). */
    async upcoming(from: Date, limit: number): Promise<SignupRow[]> {
      const rows = await db
        .selectFrom('waitlist_signups')
        .selectAll()
        .where('meeting_at', 'is not', null)
        .where('meeting_at', '>=', from.toISOString())
        .orderBy('meeting_at')
        .orderBy('id')
        .limit(limit)
        .execute()
        .catch(translateDbError);
      return rows.map(decode);
    },
  };
}

export type MeetingStore = ReturnType<typeof createMeetingStore>;

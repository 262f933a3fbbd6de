import { normalizeEmail } from '@waitlist/contract';
import type { Stores } from '../db/stores';
import type { SignupRow } from '../db/stores/signups';
import type { BookingEvent } from '../lib/booking-events';
import { bookingLink, bookingRef, parseBookingRef } from '../lib/booking-refs';
import { sharedSecret } from './shared-secrets';
import { signupChangesIn } from './signup-changes';
import type { SignupEvents } from './signup-events';
import type { UseCases } from './use-case';

/** The key of the booking references in server_secrets (lib/booking-refs.ts; made once, in every backup). */
export const BOOKING_REF_KEY = 'booking-refs';

export interface BookingSettings {
  /** BOOKING_URL: the scheduler's public booking page; unset: no call is offered. */
  url?: string | undefined;
  /** BOOKING_MIN_SCORE: the fit score from which a confirmed person is offered a call. */
  minScore: number;
}

/**
 * A call with the best (issue 36 item 3; docs/decisions/0032): the booking link a confirmed person at or above the
 * score is offered (on the confirmation page and in a follow-up mail), and what the scheduler's webhooks tell about
 * it: booked, moved or cancelled, kept per booking and as the person's meeting_at.
 */
export function createBookings({
  stores,
  useCases,
  events,
  settings,
  now = () => new Date(),
}: {
  stores: Stores;
  useCases: UseCases;
  events: SignupEvents;
  settings: BookingSettings;
  now?: () => Date;
}) {
  const refKey = sharedSecret({ stores, useCases }, BOOKING_REF_KEY);

  /** Whether this person is offered a call: a booking page is set, they confirmed, and they fit well enough. */
  const offered = (row: Pick<SignupRow, 'confirmed_at' | 'fit_score'>) =>
    Boolean(settings.url) && row.confirmed_at !== null && row.fit_score >= settings.minScore;

  return {
    offered,

    /** The person's booking link (with their opaque reference), or undefined when no call is offered to them. */
    async linkFor(row: Pick<SignupRow, 'id' | 'confirmed_at' | 'fit_score'>): Promise<string | undefined> {
      if (!offered(row) || !settings.url) return undefined;
      return bookingLink(settings.url, bookingRef(row.id, await refKey()));
    },

    /**
     * One event from a scheduler's webhook: the booking it names is recorded for the person its reference (or the
     * booking already known, or else the attendee's address) points to, and their meeting_at follows. Answers
     * whether the booking belongs to someone on the list.
     */
    async record(event: BookingEvent): Promise<{ known: boolean; changed: boolean }> {
      const fromRef = event.ref === undefined ? undefined : parseBookingRef(event.ref, await refKey());
      return useCases.run(async (change) => {
        const { trx } = change;
        const known =
          fromRef ??
          (await stores.meetings.signupOf(trx, event.scheduler, event.bookingKey)) ??
          (event.replaces === undefined ? undefined : await stores.meetings.signupOf(trx, event.scheduler, event.replaces));
        // Without our reference, only the address the booker typed is left: anyone on the public scheduler page can type
        // a listed person's. It counts only for someone who was offered the call, and the console marks it (issue 47).
        const byAddress =
          known === undefined && event.email !== undefined ? await stores.signups.idByEmail(trx, normalizeEmail(event.email)) : undefined;
        const signupId = known ?? byAddress;
        // Locked: two events about one person (a new time is a cancel and a create) apply one after the other.
        const before = signupId === undefined ? undefined : await stores.signups.lock(trx, signupId);
        if (signupId === undefined || !before) return { known: false, changed: false };
        if (known === undefined && !offered(before)) return { known: false, changed: false };
        let changed = await stores.meetings.apply(
          trx,
          {
            signupId,
            scheduler: event.scheduler,
            bookingKey: event.bookingKey,
            status: event.kind,
            startsAt: event.startsAt ?? null,
            eventAt: event.occurredAt,
            unreferenced: known === undefined,
          },
          change.at,
        );
        if (event.replaces !== undefined) {
          const old = { signupId, scheduler: event.scheduler, bookingKey: event.replaces, startsAt: null, eventAt: event.occurredAt };
          changed = (await stores.meetings.apply(trx, { ...old, status: 'cancelled' }, change.at)) || changed;
        }
        if (!changed) return { known: true, changed: false };
        const meetingAt = await stores.meetings.meetingAtOf(trx, signupId, now());
        if (before.meeting_at !== meetingAt) {
          await signupChangesIn(stores.signups).meetingMoved(trx, signupId, meetingAt);
          await events.announce(change, 'signup.updated', [{ ...before, meeting_at: meetingAt }]);
        }
        return { known: true, changed: true };
      });
    },

    /** The calls to come (and those begun in the last hour), soonest first. */
    upcoming: (limit = 100): Promise<SignupRow[]> => stores.meetings.upcoming(new Date(now().getTime() - 3_600_000), limit),
  };
}

export type Bookings = ReturnType<typeof createBookings>;

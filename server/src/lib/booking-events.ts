import { createHmac } from 'node:crypto';
import { constantTimeEqual, record, text } from './webhook-fields';
import type { Scheduler } from './booking-refs';

/**
 * Bookings as schedulers report them by webhook (issue 36 item 3; docs/decisions/0032), each verified the way the
 * scheduler documents and read into one internal event (services/bookings.ts):
 * - Cal.com: `X-Cal-Signature-256` = HMAC-SHA256(the webhook's secret, the raw body), hex. `triggerEvent`
 *   BOOKING_CREATED / BOOKING_RESCHEDULED (a new `uid`; `rescheduleUid` names the booking it replaces) /
 *   BOOKING_CANCELLED / BOOKING_REJECTED; `payload.startTime`, `payload.metadata.ref` (from `metadata[ref]` on the
 *   link), `payload.attendees[].email`; `createdAt` orders the events.
 * - Calendly: `Calendly-Webhook-Signature: t=<unix>,v1=<hex>` = HMAC-SHA256(signing key, `<t>.<raw body>`), within
 *   three minutes. `event` invitee.created / invitee.canceled (a new time is a cancel of the old invitee and a
 *   create of a new one, `old_invitee` naming it); `payload.uri` is the invitee, `payload.scheduled_event.start_time`,
 *   `payload.tracking.utm_content` the reference, `payload.email`; `created_at` orders them.
 * Any other event is acknowledged and changes nothing.
 */
export interface BookingEvent {
  scheduler: Scheduler;
  kind: 'booked' | 'cancelled';
  /** The scheduler's own id of this booking. */
  bookingKey: string;
  /** A booking this one replaces (a new time): it is cancelled. */
  replaces?: string;
  /** Our reference from the link (lib/booking-refs.ts), when the scheduler handed it back. */
  ref?: string;
  /** The attendee's address, when no reference came: matched to a sign-up, never stored. */
  email?: string;
  startsAt?: string;
  /** When the scheduler says it happened (ISO): a late older event changes nothing. */
  occurredAt: string;
}

/** How old a signed Calendly event may be (its docs' example rejects older ones). */
export const CALENDLY_TOLERANCE_MS = 3 * 60 * 1000;

const isoTime = (v: unknown): string | undefined => {
  const t = text(v, 64);
  if (!t) return undefined;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : new Date(ms).toISOString();
};

const hmacHex = (key: string, data: string) => createHmac('sha256', key).update(data).digest('hex');

export function verifyCalCom(rawBody: string, signature: string | string[] | undefined, secret: string): boolean {
  const given = typeof signature === 'string' ? signature.trim().toLowerCase() : '';
  return /^[0-9a-f]{64}$/.test(given) && constantTimeEqual(hmacHex(secret, rawBody), given);
}

export function verifyCalendly(rawBody: string, header: string | string[] | undefined, key: string, now: Date): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  const t = parts.t ?? '';
  const v1 = (parts.v1 ?? '').toLowerCase();
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(now.getTime() - Number(t) * 1000) > CALENDLY_TOLERANCE_MS) return false;
  return constantTimeEqual(hmacHex(key, `${t}.${rawBody}`), v1);
}

const CAL_COM_BOOKED = new Set(['BOOKING_CREATED', 'BOOKING_RESCHEDULED']);
const CAL_COM_CANCELLED = new Set(['BOOKING_CANCELLED', 'BOOKING_REJECTED']);

export function readCalCom(body: unknown, now: Date): BookingEvent | null {
  const b = record(body);
  const trigger = text(b.triggerEvent, 64) ?? '';
  const p = record(b.payload);
  const bookingKey = text(p.uid, 500);
  if (!bookingKey || !(CAL_COM_BOOKED.has(trigger) || CAL_COM_CANCELLED.has(trigger))) return null;
  const attendee = record(Array.isArray(p.attendees) ? p.attendees[0] : undefined);
  const ref = text(record(p.metadata).ref, 100);
  const email = text(attendee.email, 320);
  const startsAt = isoTime(p.startTime);
  const replaces = trigger === 'BOOKING_RESCHEDULED' ? text(p.rescheduleUid, 500) : undefined;
  return {
    scheduler: 'cal-com',
    kind: CAL_COM_BOOKED.has(trigger) ? 'booked' : 'cancelled',
    bookingKey,
    ...(replaces && replaces !== bookingKey ? { replaces } : {}),
    ...(ref ? { ref } : {}),
    ...(email ? { email } : {}),
    ...(startsAt ? { startsAt } : {}),
    occurredAt: isoTime(b.createdAt) ?? now.toISOString(),
  };
}

export function readCalendly(body: unknown, now: Date): BookingEvent | null {
  const b = record(body);
  const event = text(b.event, 64);
  if (event !== 'invitee.created' && event !== 'invitee.canceled') return null;
  const p = record(b.payload);
  const bookingKey = text(p.uri, 500);
  if (!bookingKey) return null;
  const ref = text(record(p.tracking).utm_content, 100);
  const email = text(p.email, 320);
  const startsAt = isoTime(record(p.scheduled_event).start_time);
  const replaces = event === 'invitee.created' ? text(p.old_invitee, 500) : undefined;
  return {
    scheduler: 'calendly',
    kind: event === 'invitee.created' ? 'booked' : 'cancelled',
    bookingKey,
    ...(replaces && replaces !== bookingKey ? { replaces } : {}),
    ...(ref ? { ref } : {}),
    ...(email ? { email } : {}),
    ...(startsAt ? { startsAt } : {}),
    occurredAt: isoTime(b.created_at) ?? now.toISOString(),
  };
}

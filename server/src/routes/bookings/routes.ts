import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keepRawJson } from '../../http/json-parser';
import { ERROR_CODES } from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import { readCalCom, readCalendly, verifyCalCom, verifyCalendly, type BookingEvent } from '../../lib/booking-events';
import type { Scheduler } from '../../lib/booking-refs';
import type { Bookings } from '../../services/bookings';

/** Where each scheduler posts its booking events: `/api/bookings/cal-com`, `/api/bookings/calendly`. */
export const BOOKINGS_PATH = '/api/bookings';

export interface BookingRoutesOptions {
  bookings: Bookings;
  /** CALCOM_WEBHOOK_SECRET and CALENDLY_WEBHOOK_SIGNING_KEY; a scheduler without one has no route (404). */
  secrets: Partial<Record<Scheduler, string | undefined>>;
  now?: () => Date;
}

/** A booking event is small; a body past this is not one. */
const BODY_LIMIT = 256 * 1024;

/**
 * The schedulers' booking webhooks (issue 36 item 3): each verified the way the scheduler documents
 * (lib/booking-events.ts) on the exact bytes received, then handed to the bookings service. 401 for a wrong or stale
 * signature, with nothing changed; 204 once recorded or ignored (another event, someone not on the list), so the
 * scheduler does not retry what we have.
 */
export async function bookingRoutes(app: FastifyInstance, options: BookingRoutesOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  // The signature covers the bytes as sent: keep them.
  const { parse } = keepRawJson(app, BODY_LIMIT);
  const refused = () => new HttpError(401, ERROR_CODES.invalidApiKey, 'The signature does not match this scheduler’s webhook settings');

  const read: Record<Scheduler, (request: FastifyRequest, raw: string, secret: string) => BookingEvent | null> = {
    'cal-com'(request, raw, secret) {
      if (!verifyCalCom(raw, request.headers['x-cal-signature-256'], secret)) throw refused();
      return readCalCom(parse(raw), now());
    },
    calendly(request, raw, key) {
      if (!verifyCalendly(raw, request.headers['calendly-webhook-signature'], key, now())) throw refused();
      return readCalendly(parse(raw), now());
    },
  };

  for (const scheduler of Object.keys(read) as Scheduler[]) {
    const secret = options.secrets[scheduler];
    if (!secret) continue;
    app.post(`${BOOKINGS_PATH}/${scheduler}`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const event = read[scheduler](request, typeof request.body === 'string' ? request.body : '', secret);
      if (event) {
        const result = await options.bookings.record(event);
        request.log.info({ scheduler, kind: event.kind, known: result.known, changed: result.changed }, 'booking event');
      }
      return reply.code(204).send();
    });
  }
}

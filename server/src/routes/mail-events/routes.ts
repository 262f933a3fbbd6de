import type { FastifyInstance, FastifyRequest } from 'fastify';
import { keepRawJson } from '../../http/json-parser';
import { ERROR_CODES } from '@waitlist/contract';
import { HttpError } from '../../http/http-error';
import {
  readMailgun,
  readPostmark,
  readResend,
  verifyMailgun,
  verifyPostmark,
  verifyResend,
  type Relay,
  type RelayFeedback,
} from '../../lib/relay-events';
import { outboxIdOfMessageId } from '../../lib/verp';
import type { MailFeedback } from '../../services/mail-feedback';

/** Where each relay posts its events: `/api/mail-events/postmark`, `…/mailgun`, `…/resend`. */
export const MAIL_EVENTS_PATH = '/api/mail-events';

export interface MailEventRoutesOptions {
  feedback: MailFeedback;
  /** The relays configured (their credentials); a relay without one has no route (404). */
  relays: {
    /** POSTMARK_WEBHOOK_CREDENTIALS: `user:password`, as put in the webhook URL. */
    postmark?: string | undefined;
    /** MAILGUN_WEBHOOK_SIGNING_KEY */
    mailgun?: string | undefined;
    /** RESEND_WEBHOOK_SECRET (`whsec_…`) */
    resend?: string | undefined;
  };
  now?: () => Date;
}

/** A relay's events are small; a body past this is not one. */
const BODY_LIMIT = 256 * 1024;

/**
 * The relays' bounce and complaint webhooks (issue 35 item 2, issue 45): each verified the way the relay documents
 * (lib/relay-events.ts) on the exact bytes received, then handed to the one feedback event. 401 for a wrong signature or
 * credentials; 204 once recorded, ignored (a delivered or opened event) or already taken (the relay's event id was seen:
 * a replay, or the relay's own second delivery, changes nothing), so the relay does not retry what we have.
 */
export async function mailEventRoutes(app: FastifyInstance, options: MailEventRoutesOptions): Promise<void> {
  const now = options.now ?? (() => new Date());
  // The signature covers the bytes as sent: keep them.
  const { parse } = keepRawJson(app, BODY_LIMIT);
  const refused = () =>
    new HttpError(401, ERROR_CODES.invalidApiKey, 'The signature or credentials do not match this relay’s webhook settings');

  const read: Record<Relay, (request: FastifyRequest, secret: string) => RelayFeedback | null> = {
    postmark(request, credentials) {
      if (!verifyPostmark(request.headers.authorization, credentials)) throw refused();
      return readPostmark(parse(request.body));
    },
    mailgun(request, key) {
      const body = parse(request.body);
      if (!verifyMailgun(body, key, now())) throw refused();
      return readMailgun(body);
    },
    resend(request, secret) {
      if (!verifyResend(String(request.body ?? ''), request.headers, secret)) throw refused();
      return readResend(parse(request.body), request.headers);
    },
  };

  for (const relay of Object.keys(read) as Relay[]) {
    const secret = options.relays[relay];
    if (!secret) continue;
    app.post(`${MAIL_EVENTS_PATH}/${relay}`, { bodyLimit: BODY_LIMIT }, async (request, reply) => {
      const event = read[relay](request, secret);
      if (event) {
        const outboxId = outboxIdOfMessageId(event.messageId);
        const result = await options.feedback.record({
          ...(event.kind === 'bounce' ? { kind: 'bounce', verdict: event.verdict } : { kind: 'complaint' }),
          source: relay,
          ...(event.email ? { relayRecipient: event.email } : {}),
          ...(outboxId !== undefined ? { outboxId } : {}),
          detail: event.detail,
          receipt: { relay, eventId: event.eventId },
        });
        request.log.info(
          { relay, kind: event.kind, ...(event.kind === 'bounce' ? { reason: event.verdict.reason } : {}), outcome: result.outcome },
          'mail feedback from a relay',
        );
      }
      return reply.code(204).send();
    });
  }
}

import { createHmac } from 'node:crypto';
import { constantTimeEqual, record, text } from './webhook-fields';
import { Webhook } from 'standardwebhooks';

/**
 * Bounces and complaints as relays report them by webhook (issue 35 item 2; docs/decisions/0030), each verified the
 * way the relay documents and read into the one internal event (services/mail-feedback.ts):
 * - Postmark: HTTP Basic credentials in the webhook URL (its "Basic HTTP authentication" option); Bounce and
 *   SpamComplaint records (`RecordType`, `Type`, `Email`).
 * - Mailgun: `signature` {timestamp, token, signature} = HMAC-SHA256(webhook signing key, timestamp + token), hex;
 *   `event-data` with event `failed` (severity permanent / temporary) or `complained`.
 * - Resend: Svix signatures (`svix-id`, `svix-timestamp`, `svix-signature`; Standard Webhooks), events
 *   `email.bounced` (data.bounce.type Permanent / Transient) and `email.complained`.
 * An event of another kind (delivered, opened) is acknowledged and changes nothing.
 */
export const RELAYS = ['postmark', 'mailgun', 'resend'] as const;
export type Relay = (typeof RELAYS)[number];

export interface RelayFeedback {
  kind: 'hard-bounce' | 'soft-bounce' | 'complaint';
  email?: string;
  /** The Message-ID the relay quotes (ours, when the relay keeps it: lib/verp.ts outboxIdOfMessageId). */
  messageId?: string;
  /** The relay's own word for it (`HardBounce`, `550`, `Permanent`): for the trail, never an address. */
  detail: string;
}

/** How old a signed event may be: a captured one cannot be replayed days later. */
export const RELAY_EVENT_TOLERANCE_MS = 15 * 60 * 1000;

/** Postmark: `Authorization: Basic base64(user:password)` against POSTMARK_WEBHOOK_CREDENTIALS (`user:password`). */
export function verifyPostmark(authorization: string | undefined, credentials: string): boolean {
  const given = /^Basic ([A-Za-z0-9+/=]{1,512})$/.exec(authorization ?? '')?.[1];
  return given !== undefined && constantTimeEqual(Buffer.from(given, 'base64').toString('utf8'), credentials);
}

/**
 * Postmark's bounce types (its "Bounce webhook" docs): which say the mailbox is gone for good, which may pass. A block
 * judges our mail, not the address: counted as transient. Auto-replies, unsubscribes and the like are no bounce.
 */
const POSTMARK_HARD = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);
const POSTMARK_SOFT = new Set(['SoftBounce', 'Transient', 'DnsError', 'Blocked']);

export function readPostmark(body: unknown): RelayFeedback | null {
  const r = record(body);
  const email = text(r.Email);
  const type = text(r.Type) ?? '';
  const base = { ...(email ? { email } : {}), detail: `postmark ${type}`.slice(0, 40) };
  if (r.RecordType === 'SpamComplaint' || type === 'SpamComplaint') return { kind: 'complaint', ...base };
  if (r.RecordType !== 'Bounce') return null;
  if (POSTMARK_HARD.has(type)) return { kind: 'hard-bounce', ...base };
  if (POSTMARK_SOFT.has(type)) return { kind: 'soft-bounce', ...base };
  return null;
}

/** Mailgun: the documented HMAC over timestamp + token, within the tolerance. */
export function verifyMailgun(body: unknown, signingKey: string, now: Date): boolean {
  const s = record(record(body).signature);
  const [timestamp, token, signature] = [text(s.timestamp), text(s.token), text(s.signature)];
  if (!timestamp || !token || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() - Number(timestamp) * 1000) > RELAY_EVENT_TOLERANCE_MS) return false;
  return constantTimeEqual(
    createHmac('sha256', signingKey)
      .update(timestamp + token)
      .digest('hex'),
    signature,
  );
}

export function readMailgun(body: unknown): RelayFeedback | null {
  const e = record(record(body)['event-data']);
  const email = text(e.recipient);
  const messageId = text(record(record(e.message).headers)['message-id']);
  const code = record(e['delivery-status']).code;
  const base = { ...(email ? { email } : {}), ...(messageId ? { messageId } : {}) };
  if (e.event === 'complained') return { kind: 'complaint', ...base, detail: 'mailgun complained' };
  if (e.event !== 'failed') return null;
  const detail = `mailgun ${typeof code === 'number' ? code : (text(e.severity) ?? '')}`.slice(0, 40);
  if (e.severity === 'permanent') return { kind: 'hard-bounce', ...base, detail };
  if (e.severity === 'temporary') return { kind: 'soft-bounce', ...base, detail };
  return null;
}

/** Resend signs with Svix, which is Standard Webhooks under `svix-` header names (the secret starts `whsec_`). */
export function verifyResend(rawBody: string, headers: Record<string, string | string[] | undefined>, secret: string): boolean {
  const one = (name: string) => {
    const v = headers[name];
    return typeof v === 'string' ? v : undefined;
  };
  const [id, timestamp, signature] = [one('svix-id'), one('svix-timestamp'), one('svix-signature')];
  if (!id || !timestamp || !signature) return false;
  try {
    const svix = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
    new Webhook(secret).verify(rawBody, svix, { jsonParse: false });
    return true;
  } catch {
    return false; // a wrong signature or a timestamp outside Standard Webhooks' five minutes
  }
}

export function readResend(body: unknown): RelayFeedback | null {
  const r = record(body);
  const data = record(r.data);
  const to = Array.isArray(data.to) ? text(data.to[0]) : text(data.to);
  const base = to ? { email: to } : {};
  if (r.type === 'email.complained') return { kind: 'complaint', ...base, detail: 'resend complained' };
  if (r.type !== 'email.bounced') return null;
  const type = text(record(data.bounce).type) ?? '';
  const detail = `resend ${type}`.slice(0, 40);
  if (type === 'Permanent') return { kind: 'hard-bounce', ...base, detail };
  if (type === 'Transient') return { kind: 'soft-bounce', ...base, detail };
  return null;
}

import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { classifyBounce, type BounceVerdict } from './bounces/classify';
import type { BounceFacts } from './bounces/facts';
import { effectOf, type BounceReason } from './bounces/reasons';
import { constantTimeEqual, record, text } from './webhook-fields';

/**
 * Bounces and complaints as relays report them by webhook (issue 35 item 2, issue 45; docs/decisions/0030, 0041), each
 * verified the way the relay documents and read into the one internal event (services/mail-feedback.ts):
 * - Postmark: HTTP Basic credentials in the webhook URL (its "Basic HTTP authentication" option); Bounce and
 *   SpamComplaint records (`RecordType`, `Type`, `Details`, `Email`, `ID`).
 * - Mailgun: `signature` {timestamp, token, signature} = HMAC-SHA256(webhook signing key, timestamp + token), hex;
 *   `event-data` with event `failed` (severity permanent / temporary, reason, delivery-status code, message) or
 *   `complained`.
 * - Resend: Svix signatures (`svix-id`, `svix-timestamp`, `svix-signature`; Standard Webhooks), events
 *   `email.bounced` (data.bounce.type Permanent / Transient / Undetermined, subType, message) and `email.complained`.
 * A bounce is judged by its reason as a report by mail is (lib/bounces/classify.ts): the relay's own category says
 * what its words may not. An event of another kind (delivered, opened) is acknowledged and changes nothing. Each
 * event carries the relay's own id (`eventId`): taken once, so a captured webhook replayed within the signature's
 * tolerance changes nothing.
 */
export const RELAYS = ['postmark', 'mailgun', 'resend'] as const;
export type Relay = (typeof RELAYS)[number];

export type RelayFeedback = {
  email?: string;
  /** The Message-ID the relay quotes (ours, when the relay keeps it: lib/verp.ts outboxIdOfMessageId). */
  messageId?: string;
  /** The relay's own word for it (`HardBounce`, `550 5.1.1`, `Permanent`): for the trail, never an address. */
  detail: string;
  /** The relay's id for this event (Postmark's record ID, Mailgun's signature token, Resend's svix-id). */
  eventId: string;
} & ({ kind: 'bounce'; verdict: BounceVerdict } | { kind: 'complaint' });

/** How old a signed event may be: a captured one cannot be replayed days later (and within it, not twice). */
export const RELAY_EVENT_TOLERANCE_MS = 15 * 60 * 1000;

/** A verdict from a relay's words, with the relay's own category where its words say nothing clearer. */
function judge(input: { words: string; status?: string; code?: number; permanent: boolean; fallback: BounceReason }): BounceVerdict {
  const status = input.status ?? /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(input.words)?.[1];
  const facts: BounceFacts = {
    action: input.permanent ? 'failed' : 'delayed',
    ...(status ? { status } : {}),
    ...(input.code ? { replyCode: String(input.code) } : {}),
    diagnostic: input.words,
    prose: '',
    format: 'text',
  };
  const read = input.words.trim() || status ? classifyBounce(facts) : undefined;
  let reason = read && !['on-hold', 'undetermined'].includes(read.reason) ? read.reason : input.fallback;
  // "Does not exist" with no code or command to place it reads as a filter's answer in a report by mail; a relay that
  // calls it a hard bounce saw the receiver refuse the address itself.
  if (reason === 'filtered' && input.fallback === 'user-unknown') reason = 'user-unknown';
  const permanent = input.permanent && !status?.startsWith('4.');
  return { reason, effect: effectOf(reason), permanent };
}

/** Postmark: `Authorization: Basic base64(user:password)` against POSTMARK_WEBHOOK_CREDENTIALS (`user:password`). */
export function verifyPostmark(authorization: string | undefined, credentials: string): boolean {
  const given = /^Basic ([A-Za-z0-9+/=]{1,512})$/.exec(authorization ?? '')?.[1];
  return given !== undefined && constantTimeEqual(Buffer.from(given, 'base64').toString('utf8'), credentials);
}

/**
 * Postmark's bounce types (its "Bounce webhook" and "Bounce types" docs): the category each stands for when its
 * Details say nothing clearer, and whether it is final. Types that are not a failure of ours (Subscribe, Unsubscribe,
 * a challenge, an inbound error) are acknowledged and change nothing.
 */
const POSTMARK_TYPES: Record<string, { fallback: BounceReason; permanent: boolean }> = {
  HardBounce: { fallback: 'user-unknown', permanent: true },
  BadEmailAddress: { fallback: 'user-unknown', permanent: true },
  AddressChange: { fallback: 'has-moved', permanent: true },
  SoftBounce: { fallback: 'on-hold', permanent: false },
  Transient: { fallback: 'on-hold', permanent: false },
  DnsError: { fallback: 'network-error', permanent: false },
  Unknown: { fallback: 'undetermined', permanent: false },
  ManuallyDeactivated: { fallback: 'suppressed', permanent: false },
  Blocked: { fallback: 'blocked', permanent: true },
  SpamNotification: { fallback: 'spam-detected', permanent: true },
  VirusNotification: { fallback: 'virus-detected', permanent: true },
  DMARCPolicy: { fallback: 'auth-failure', permanent: true },
  AutoResponder: { fallback: 'vacation', permanent: false },
};

export function readPostmark(body: unknown): RelayFeedback | null {
  const r = record(body);
  const email = text(r.Email);
  const type = text(r.Type) ?? '';
  const id = typeof r.ID === 'number' || typeof r.ID === 'string' ? String(r.ID) : undefined;
  if (!id) return null;
  const base = { ...(email ? { email } : {}), detail: `postmark ${type}`.slice(0, 40), eventId: `${text(r.RecordType) ?? ''}:${id}` };
  if (r.RecordType === 'SpamComplaint' || type === 'SpamComplaint') return { kind: 'complaint', ...base };
  const category = POSTMARK_TYPES[type];
  if (r.RecordType !== 'Bounce' || !category) return null;
  // The type decides what the relay knows for sure (an auto-reply, a DMARC refusal); its Details say why otherwise.
  const decisive = ['vacation', 'auth-failure', 'virus-detected', 'suppressed'].includes(category.fallback);
  const words = `${text(r.Details, 4000) ?? ''}`.replace(/^smtp;\s*/i, '');
  const verdict = decisive
    ? { reason: category.fallback, effect: effectOf(category.fallback), permanent: category.permanent }
    : judge({ words, permanent: category.permanent, fallback: category.fallback });
  // A relay's word for a refusal of us is never a missing mailbox, whatever its details add.
  const refusal = effectOf(category.fallback) === 'refusal' && verdict.effect !== 'refusal';
  return { kind: 'bounce', ...base, verdict: refusal ? { ...verdict, reason: category.fallback, effect: 'refusal' } : verdict };
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

/** Mailgun's failure reasons (its event docs) where they name the cause better than the receiver's words. */
const MAILGUN_REASONS: Record<string, BounceReason> = {
  'suppress-bounce': 'suppressed',
  'suppress-unsubscribe': 'suppressed',
  'suppress-complaint': 'suppressed',
  espblock: 'blocked',
  old: 'expired',
  greylisted: 'on-hold',
};

export function readMailgun(body: unknown): RelayFeedback | null {
  const e = record(record(body)['event-data']);
  const token = text(record(record(body).signature).token);
  if (!token) return null;
  const email = text(e.recipient);
  const messageId = text(record(record(e.message).headers)['message-id']);
  const status = record(e['delivery-status']);
  const code = typeof status.code === 'number' ? status.code : undefined;
  const base = { ...(email ? { email } : {}), ...(messageId ? { messageId } : {}), eventId: token };
  if (e.event === 'complained') return { kind: 'complaint', ...base, detail: 'mailgun complained' };
  if (e.event !== 'failed' || (e.severity !== 'permanent' && e.severity !== 'temporary')) return null;
  const detail = `mailgun ${code ?? text(e.severity) ?? ''} ${text(e.reason) ?? ''}`.trim().slice(0, 40);
  const named = MAILGUN_REASONS[text(e.reason) ?? ''];
  const permanent = e.severity === 'permanent';
  const enhanced = text(status['enhanced-code']);
  const verdict = named
    ? { reason: named, effect: effectOf(named), permanent }
    : judge({
        words: [text(status.message, 4000), text(status.description, 4000)].filter(Boolean).join(' '),
        ...(enhanced ? { status: enhanced } : {}),
        ...(code ? { code } : {}),
        permanent,
        fallback: 'on-hold',
      });
  return { kind: 'bounce', ...base, detail, verdict };
}

/** Resend signs with Svix, which is Standard Webhooks under `svix-` header names (the secret starts `whsec_`). */
export function verifyResend(rawBody: string, headers: Record<string, string | string[] | undefined>, secret: string): boolean {
  const [id, timestamp, signature] = [one(headers, 'svix-id'), one(headers, 'svix-timestamp'), one(headers, 'svix-signature')];
  if (!id || !timestamp || !signature) return false;
  try {
    const svix = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
    new Webhook(secret).verify(rawBody, svix, { jsonParse: false });
    return true;
  } catch {
    return false; // a wrong signature or a timestamp outside Standard Webhooks' five minutes
  }
}

const one = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const v = headers[name];
  return typeof v === 'string' ? v : undefined;
};

/** Resend's bounce sub-types (Amazon SES's, which it sends through) that say the reason outright. */
const RESEND_SUBTYPES: Record<string, BounceReason> = {
  NoEmail: 'user-unknown',
  Suppressed: 'suppressed',
  OnAccountSuppressionList: 'suppressed',
  MailboxFull: 'mailbox-full',
  MessageTooLarge: 'message-too-big',
  ContentRejected: 'content-error',
  AttachmentRejected: 'content-error',
};

export function readResend(body: unknown, headers: Record<string, string | string[] | undefined>): RelayFeedback | null {
  const r = record(body);
  const data = record(r.data);
  const to = Array.isArray(data.to) ? text(data.to[0]) : text(data.to);
  const eventId = one(headers, 'svix-id');
  if (!eventId) return null;
  const base = { ...(to ? { email: to } : {}), eventId };
  if (r.type === 'email.complained') return { kind: 'complaint', ...base, detail: 'resend complained' };
  if (r.type !== 'email.bounced') return null;
  const bounce = record(data.bounce);
  const [type, subType] = [text(bounce.type) ?? '', text(bounce.subType) ?? ''];
  const detail = `resend ${type} ${subType}`.trim().slice(0, 40);
  const permanent = type === 'Permanent';
  const named = RESEND_SUBTYPES[subType];
  const verdict = named
    ? { reason: named, effect: effectOf(named), permanent }
    : judge({ words: text(bounce.message, 4000) ?? '', permanent, fallback: permanent ? 'user-unknown' : 'on-hold' });
  return { kind: 'bounce', ...base, detail, verdict };
}

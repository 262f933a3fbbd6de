import type { BounceFacts } from './facts';
import { effectOf, EXPLICIT_STATUSES, REASON_WORDS, STATUS_REASONS, type BounceEffect, type BounceReason } from './reasons';

/** A bounce's verdict: its reason, what the reason does to the address, and whether the failure is final. */
export interface BounceVerdict {
  reason: BounceReason;
  effect: BounceEffect;
  /** A final failure (5xx, or `failed` without a 4xx); a 4xx or `delayed` is not, whatever its reason. */
  permanent: boolean;
}

/**
 * What the server said, readied for matching: lower case, the SMTP continuation prefixes inside a wrapped reply
 * ("… multiple 550 5.7.1 addresses …") taken out, and Postfix's generic "recipient address rejected:" dropped so that
 * the words after it decide.
 */
export const normalizeWords = (text: string) =>
  text
    .toLowerCase()
    // Amazon SES's label before the receiver's own reply, and qmail's words after every failure.
    .replace(/^\s*[45]\.\d{1,3}\.\d{1,3} - [a-z ]+ error (?=[245]\d\d-')/, '')
    .replace(/i'm not going to try again; this message has been in the queue too long\.?|giving up on [\d.:a-f]+\.?/g, ' ')
    .replace(/(\S)\s+[245]\d\d[ -](?:#?[245]\.\d{1,3}\.\d{1,3}\s+)?(?=\S)/g, '$1 ')
    .replace(/\b(recipient|sender) address rejected:\s*/g, '');

const reasonInWords = (text: string): BounceReason | undefined => {
  const lower = normalizeWords(text);
  if (!lower.trim()) return undefined;
  // Microsoft 365's directory-based edge blocking: the address is not in the tenant's directory.
  if (/recipient address rejected: access denied|recipient address rejected\.?\s*$/.test(text.toLowerCase())) return 'user-unknown';
  return REASON_WORDS.find(([, words]) => words.test(lower))?.[0];
};

/**
 * Receivers whose own codes say more than their words (their postmaster pages): Orange and La Poste (`OFR…`, `LPN…`),
 * Spectrum's and Cox's AUP codes.
 */
const VENDOR_CODES: [RegExp, BounceReason][] = [
  [/\b(?:ofr|lpn)\d*_416\b/, 'user-unknown'],
  [/\b(?:ofr|lpn)\d*_426\b/, 'disabled'],
  [/\bofr\d*_506\b/, 'spam-detected'],
  [/\bofr006_102\b|\bofr_999\b|\blpn00[16]_10[78]\b/, 'blocked'],
  [/\bofr005_505\b/, 'system-error'],
  [/\blpn000_630\b/, 'policy-violation'],
  [/aup#in-1310\b/, 'too-many-connections'],
  [/aup#\w*rbl\b/, 'blocked'],
];

/** What a refusal at MAIL FROM says about our sender rather than the recipient. */
const SENDER_AT_MAIL = new Set<BounceReason>(['user-unknown', 'host-unknown', 'filtered']);
const GAVE_UP = /queue too long|giving up|gave up|could not be delivered for \d+|will be deleted from queue|retry timeout exceeded/;
const CONNECTING = /timed? ?out|unable to connect|wasn'?t able to establish|not reachable|unreachable|could not connect/;

const statusKey = (status: string | undefined) => (status ? status.split('.').slice(1).join('.') : undefined);

/**
 * "User unknown" is believed when the status says the mailbox does not exist (x.1.1) or the server said it at RCPT, when
 * mailboxes are looked up. Said after the message was read (DATA), or with no command or code to place it, it is often a
 * filter's answer dressed as one (Japanese carriers' domain filters answer "550 : User unknown" to senders they
 * refuse): `filtered`, which suppresses nobody at once.
 */
function unknownUserOrFiltered(key: string | undefined, command: string | undefined, words: string): BounceReason {
  if (key?.startsWith('1.') || command === 'RCPT' || ADDRESS_LOOKED_UP.test(words)) return 'user-unknown';
  return 'filtered';
}

/**
 * Words that only a directory look-up produces: Exchange's "recipient name is not recognized", Yahoo's "this user
 * doesn't have a yahoo.com account", Outlook.com's "mailbox unavailable", IMail's "unknown user:", qmail's "no such user
 * here", and a "User unknown" that names the address (KDDI's domain filter answers "550 : User unknown" without one).
 */
const ADDRESS_LOOKED_UP =
  /recipient name is not recognized|not listed in (the )?(domino )?directory|(mail\.local|local): unknown user|delivery error: dd this user doesn'?t have an? \S+ account|^unknown user:|invalid final delivery userid|smtp:rcpt|(^|\s)550:? <[^<>\s]+@[^<>\s]+>: user unknown/;

/**
 * Judges a bounce by what the server said, its enhanced status code and the report's action together: a code that names
 * its reason exactly (5.2.2, 5.7.26, …) wins; otherwise the server's words decide, then the code's subject, then
 * the report's own prose.
 */
export function classifyBounce(facts: BounceFacts): BounceVerdict {
  const key = statusKey(facts.status);
  const words = reasonInWords(facts.diagnostic);
  const vendor = VENDOR_CODES.find(([code]) => code.test(facts.diagnostic.toLowerCase()))?.[1];
  let reason: BounceReason | undefined;
  if (facts.status?.startsWith('2.') || facts.action === 'delivered' || facts.action === 'relayed' || facts.action === 'expanded')
    reason = 'delivered';
  else if (vendor) reason = vendor;
  else if (facts.diagnosticType?.startsWith('X-UNIX')) reason = words === 'mailbox-full' ? words : 'mailer-error';
  else if (key && EXPLICIT_STATUSES.has(key)) reason = STATUS_REASONS[key];
  // Refused at MAIL FROM: whatever is unknown or missing is our sender address or its domain, not the recipient's.
  else if (
    facts.command === 'MAIL' &&
    words &&
    (SENDER_AT_MAIL.has(words) || (words === 'security-error' && /access denied/.test(normalizeWords(facts.diagnostic))))
  )
    reason = 'sender-rejected';
  reason ??= words === 'user-unknown' ? unknownUserOrFiltered(key, facts.command, normalizeWords(facts.diagnostic).trim()) : words;
  if (!reason && facts.action === 'delayed') reason = 'expired';
  // Refused at the greeting with no reason given: the receiver will not talk to our server.
  if (!reason && facts.command && ['HELO', 'EHLO', 'CONN'].includes(facts.command)) reason = 'blocked';
  reason ??= key && key !== '0.0' ? STATUS_REASONS[key] : undefined;
  reason ??= reasonInWords(facts.prose);
  if (!reason && (facts.action === 'delayed' || facts.action === 'expired')) reason = 'expired';
  reason ??= facts.diagnostic.trim() ? 'on-hold' : 'undetermined';
  // A connection that kept failing until the sender gave up is an expired message (qmail's "queue too long").
  if (
    reason === 'network-error' &&
    GAVE_UP.test(`${facts.diagnostic} ${facts.prose}`.toLowerCase()) &&
    CONNECTING.test(normalizeWords(facts.diagnostic))
  )
    reason = 'expired';
  const temporary =
    facts.action === 'delayed' ||
    facts.status?.startsWith('4.') === true ||
    (facts.replyCode?.startsWith('4') === true && !facts.status?.startsWith('5.'));
  return { reason, effect: effectOf(reason), permanent: !temporary };
}

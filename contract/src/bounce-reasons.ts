/**
 * The reasons a mail comes back (issue 45; docs/decisions/0041), shared by the server that judges them
 * (server/src/lib/bounces/) and the console that shows them. Stored in outbox.feedback_reason and mail_refusals.reason.
 *
 * Why a mail came back, as fine as the reference classifier's table (Sisimai's reasons; docs/decisions/0041), and what
 * each reason does to the address:
 * - `gone`: the mailbox or its domain does not exist: the address is suppressed at once (a permanent failure only; the
 *   same words with a 4xx reply are counted as transient);
 * - `transient`: the person's mailbox or their provider's system cannot take it now: counted toward SOFT_BOUNCE_LIMIT;
 * - `refusal`: the receiver refuses *our* mail or our server (authentication, reputation, blocklists, policy, content):
 *   never the person's fault, never a suppression; counted per receiving domain and reason (server: mail-feedback.ts);
 * - `none`: an auto-reply, a delivery notice or a feedback report's own reason: nothing is recorded.
 */
export const BOUNCE_REASONS = {
  'user-unknown': { effect: 'gone', label: 'Mailbox does not exist' },
  'host-unknown': { effect: 'gone', label: 'Domain does not exist' },
  'has-moved': { effect: 'gone', label: 'Person has moved, no forwarding' },
  'no-mail-host': { effect: 'gone', label: 'Domain accepts no mail' },
  'mailbox-full': { effect: 'transient', label: 'Mailbox full' },
  disabled: { effect: 'transient', label: 'Mailbox disabled or suspended' },
  expired: { effect: 'transient', label: 'Gave up after retrying' },
  'rate-limited': { effect: 'transient', label: 'Too many mails to this mailbox' },
  'too-many-connections': { effect: 'transient', label: 'Too many connections or recipients' },
  'message-too-big': { effect: 'transient', label: 'Message too big' },
  'exceeds-limit': { effect: 'transient', label: 'Over the recipient’s size limit' },
  'network-error': { effect: 'transient', label: 'Network or DNS error' },
  'system-error': { effect: 'transient', label: 'Receiving system error' },
  'system-full': { effect: 'transient', label: 'Receiving system out of space' },
  'mailer-error': { effect: 'transient', label: 'Receiving program failed' },
  filtered: { effect: 'transient', label: 'Refused by the recipient’s filter' },
  suppressed: { effect: 'transient', label: 'On the relay’s own suppression list' },
  'on-hold': { effect: 'transient', label: 'Not clear yet' },
  undetermined: { effect: 'transient', label: 'No reason given' },
  blocked: { effect: 'refusal', label: 'Our server is blocked' },
  'policy-violation': { effect: 'refusal', label: 'Refused by the receiver’s policy' },
  'spam-detected': { effect: 'refusal', label: 'Refused as spam' },
  'virus-detected': { effect: 'refusal', label: 'Refused as a virus' },
  'content-error': { effect: 'refusal', label: 'Refused for its content or headers' },
  'auth-failure': { effect: 'refusal', label: 'SPF, DKIM or DMARC failed' },
  'bad-reputation': { effect: 'refusal', label: 'Our sending reputation' },
  'no-relaying': { effect: 'refusal', label: 'Relaying denied' },
  'require-ptr': { effect: 'refusal', label: 'Our server’s reverse DNS' },
  'sender-rejected': { effect: 'refusal', label: 'Our sender address refused' },
  'security-error': { effect: 'refusal', label: 'Refused for security' },
  'not-rfc-compliant': { effect: 'refusal', label: 'Not a well-formed message' },
  'syntax-error': { effect: 'refusal', label: 'Our SMTP commands refused' },
  'starttls-failed': { effect: 'refusal', label: 'Encryption (STARTTLS) failed' },
  vacation: { effect: 'none', label: 'Auto-reply or vacation notice' },
  delivered: { effect: 'none', label: 'Delivered' },
} as const satisfies Record<string, { effect: BounceEffect; label: string }>;

export type BounceEffect = 'gone' | 'transient' | 'refusal' | 'none';
export type BounceReason = keyof typeof BOUNCE_REASONS;

export const effectOf = (reason: BounceReason): BounceEffect => BOUNCE_REASONS[reason].effect;

/** The words of a reason as the console shows it, or the key itself for one this version does not know. */
export const bounceReasonLabel = (reason: string | null | undefined): string | null =>
  reason ? (BOUNCE_REASONS[reason as BounceReason]?.label ?? reason) : null;

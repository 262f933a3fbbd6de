import { bounceFacts, fieldGroups, addressOf, type BounceFacts } from './facts';
import { classifyBounce, type BounceVerdict } from './classify';
import { splitMessage, type SplitMessage } from './mime';
import type { BounceReason } from './reasons';

/**
 * What a message mailed to a bounce address says (docs/decisions/0041): a bounce with its reason, a complaint, or
 * nothing to record (an auto-reply, a delivery notice, a message a person wrote). The failed recipient it names is only
 * ever compared with the mail's own recipient (services/mail-feedback.ts), never trusted on its own.
 */
export type DeliveryReport =
  | ({ kind: 'bounce'; facts: BounceFacts; messageId?: string } & BounceVerdict)
  | { kind: 'complaint'; recipient?: string; feedbackType: string; messageId?: string }
  | { kind: 'none'; why: string; reason?: BounceReason };

/** The Message-ID of the returned message or its headers (the part after the report), if it has one. */
function returnedMessageId(message: SplitMessage): string | undefined {
  const returned = message.parts.find((p) => p.contentType === 'message/rfc822' || p.contentType === 'text/rfc822-headers');
  const text = returned?.text ?? '';
  const headerEnd = text.search(/\r?\n\r?\n/);
  const headers = (headerEnd < 0 ? text : text.slice(0, headerEnd)).replace(/\r?\n[ \t]+/g, ' ');
  return /^message-id:\s*(\S+)/im.exec(headers)?.[1];
}

/** Who sends bounces: a mailer daemon, a postmaster, a mail system. */
const MAILER = /mailer-daemon|post_?master|mail ?delivery|mail ?system|mdaemon|bounce|no-?reply@.*(google|amazonses)|mail administrator/i;
const BOUNCE_SUBJECT =
  /undeliver|undelivered|delivery (status|failure|failed|notification|has failed|problem)|returned mail|failure notice|mail delivery failed|non[- ]?delivery|could not be delivered|delivery report|rejected|warning: (could not|message)|nicht zustellbar|non remis|no entregado|message not delivered|mail system error|delayed mail/i;

/** An auto-reply (RFC 3834) that is not a bounce: out-of-office and vacation notices. Nothing is recorded for it. */
function isAutoReply(message: SplitMessage): boolean {
  const subject = message.header('subject');
  const from = message.header('from');
  if (MAILER.test(from) || BOUNCE_SUBJECT.test(subject)) return false;
  if (message.parts.some((p) => /^message\/(delivery-status|global-delivery-status|feedback-report)$/.test(p.contentType))) return false;
  return (
    /^auto-replied/i.test(message.header('auto-submitted')) ||
    /./.test(message.header('x-autoreply')) ||
    /./.test(message.header('x-autorespond')) ||
    /auto[_-]?reply/i.test(message.header('precedence')) ||
    /^(auto(matic)?[ -]?(reply|response|respons|antwort)|out of (the )?office|abwesenheit|frånvarande|absence|vacation|away)/i.test(subject)
  );
}

/** Amazon SES notifications mailed by SNS: the JSON of a Bounce, Complaint or Delivery (its documented fields). */
function sesNotification(message: SplitMessage): DeliveryReport | undefined {
  const text = message.parts.find((p) => p.contentType === 'text/plain')?.text ?? '';
  if (!text.includes('notificationType')) return undefined;
  // SNS folds long lines ("!\n " or "\n "); the notification may sit as a string in the envelope's "Message".
  const unfolded = text.replace(/!?\r?\n /g, '');
  let parsed: unknown;
  try {
    const json = unfolded.slice(unfolded.indexOf('{'), unfolded.lastIndexOf('}') + 1);
    parsed = JSON.parse(json);
    const inner = (parsed as { Message?: unknown }).Message;
    if (typeof inner === 'string') parsed = JSON.parse(inner);
  } catch {
    return undefined;
  }
  const n = parsed as {
    notificationType?: string;
    bounce?: {
      bounceType?: string;
      bouncedRecipients?: { emailAddress?: string; action?: string; status?: string; diagnosticCode?: string }[];
    };
    complaint?: { complainedRecipients?: { emailAddress?: string }[]; complaintFeedbackType?: string };
  };
  if (n.notificationType === 'Complaint') {
    const recipient = addressOf(n.complaint?.complainedRecipients?.[0]?.emailAddress);
    return { kind: 'complaint', feedbackType: n.complaint?.complaintFeedbackType ?? 'abuse', ...(recipient ? { recipient } : {}) };
  }
  if (n.notificationType === 'Delivery') return { kind: 'none', why: 'a delivery notice', reason: 'delivered' };
  if (n.notificationType !== 'Bounce') return undefined;
  const first = n.bounce?.bouncedRecipients?.[0] ?? {};
  const diagnostic = (first.diagnosticCode ?? '').replace(/^\s*smtp\s*;\s*/i, '');
  const facts: BounceFacts = {
    ...(addressOf(first.emailAddress) ? { recipient: addressOf(first.emailAddress)! } : {}),
    action: first.action ?? (n.bounce?.bounceType === 'Transient' ? 'delayed' : 'failed'),
    ...(first.status ? { status: first.status } : {}),
    ...(/\b([45]\d\d)\b/.exec(diagnostic) ? { replyCode: /\b([45]\d\d)\b/.exec(diagnostic)![1]! } : {}),
    diagnostic,
    prose: '',
    format: 'text',
  };
  return { kind: 'bounce', facts, ...classifyBounce(facts) };
}

/** A complaint: an ARF part (RFC 5965), or its fields pasted into the text by a provider that sends no such part. */
function complaint(message: SplitMessage, messageId: string | undefined): DeliveryReport | undefined {
  const part =
    message.parts.find((p) => p.contentType === 'message/feedback-report') ??
    message.parts.find((p) => p.contentType === 'text/plain' && /^feedback-type\s*:/im.test(p.text));
  if (!part) return undefined;
  const fields = new Map(fieldGroups(part.text).flatMap((group) => [...group]));
  const feedbackType = (fields.get('feedback-type') ?? '').toLowerCase();
  if (!['abuse', 'fraud', 'virus'].includes(feedbackType)) return { kind: 'none', why: `feedback type ${feedbackType || 'missing'}` };
  const recipient = addressOf(fields.get('original-rcpt-to') ?? fields.get('removal-recipient'));
  return { kind: 'complaint', feedbackType, ...(recipient ? { recipient } : {}), ...(messageId ? { messageId } : {}) };
}

/** Google Groups answers a post it refuses (no such group, no permission) in the poster's language: the sender's problem. */
const isGoogleGroupsRefusal = (message: SplitMessage) =>
  /googlegroups\.com|google groups/i.test(message.header('x-failed-recipients') + message.header('from')) &&
  message.parts.some((p) => /googlegroups\.com/i.test(p.text));

/**
 * Reads one message received at a bounce address (size-limited by the listener). `recipientHint`: the address our mail
 * went to, so a report about several recipients is read for that one.
 */
export async function readDeliveryReport(raw: Buffer, recipientHint?: string, depth = 0): Promise<DeliveryReport> {
  const message = await splitMessage(raw);
  const report = await readMessage(message, recipientHint);
  // A bounce forwarded inside another notice (a relay that bounced the bounce): read the one inside.
  const inner = message.parts.find((p) => p.contentType === 'message/rfc822');
  if (
    depth === 0 &&
    inner &&
    !decided(report) &&
    /^(from:[^\n]*(mailer-daemon|postmaster)|content-type:\s*multipart\/report)/im.test(inner.text)
  ) {
    const nested = await readDeliveryReport(Buffer.from(inner.text, 'latin1'), recipientHint, depth + 1);
    if (decided(nested)) return nested;
  }
  return report;
}

/** A report that says something: a complaint, or a bounce with a reason beyond "not clear". */
const decided = (report: DeliveryReport) =>
  report.kind === 'complaint' || (report.kind === 'bounce' && !['on-hold', 'undetermined'].includes(report.reason));

async function readMessage(message: SplitMessage, recipientHint: string | undefined): Promise<DeliveryReport> {
  const messageId = returnedMessageId(message);
  const ids = messageId ? { messageId } : {};
  const feedback = complaint(message, messageId);
  if (feedback) return feedback;
  const ses = sesNotification(message);
  if (ses) return ses;
  if (isAutoReply(message)) return { kind: 'none', why: 'an auto-reply', reason: 'vacation' };
  const facts = bounceFacts(message, recipientHint);
  if (isGoogleGroupsRefusal(message) && facts.format === 'text') {
    return { kind: 'bounce', facts, reason: 'sender-rejected', effect: 'refusal', permanent: true, ...ids };
  }
  const verdict = classifyBounce(facts);
  // What reaches a bounce address was sent to our envelope sender, so it is a server's notice; a message that neither
  // looks like one nor says why it failed changes nothing.
  const hasReport = message.parts.some((p) => /^message\/(global-)?delivery-status$/.test(p.contentType));
  const looksLikeBounce =
    hasReport ||
    MAILER.test(message.header('from')) ||
    BOUNCE_SUBJECT.test(message.header('subject')) ||
    !!message.header('x-failed-recipients') ||
    !['on-hold', 'undetermined'].includes(verdict.reason);
  if (!looksLikeBounce) return { kind: 'none', why: 'not a report' };
  if (verdict.reason === 'delivered') return { kind: 'none', why: 'a delivery notice', reason: 'delivered' };
  if (verdict.effect === 'none') return { kind: 'none', why: 'an auto-reply', reason: verdict.reason };
  return { kind: 'bounce', facts, ...verdict, ...ids };
}

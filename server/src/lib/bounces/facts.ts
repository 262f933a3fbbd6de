import type { MessagePart, SplitMessage } from './mime';

/**
 * What a bounce says about one recipient, read from whichever shape it came in (docs/decisions/0041):
 * - a delivery status notification (RFC 3464): the per-recipient fields, with the per-message ones when a reporter
 *   writes them into one block (AOL, some filters), and the human-readable part beside it when its Diagnostic-Code is
 *   empty or says less;
 * - a plain-text bounce with no report part (qmail, Exim, Postfix without DSN, Gmail, Yahoo, older Exchange, Courier,
 *   Amazon SES notices, …): the words the failing server said, found between the recipient the text names and the copy
 *   of the returned message.
 * The reason is judged from these facts in classify.ts.
 */
export interface BounceFacts {
  /** The recipient the report names (Final-Recipient, X-Failed-Recipients, the address in the text). */
  recipient?: string;
  /** RFC 3464 Action: failed, delayed, delivered, relayed, expanded. */
  action?: string;
  /** The enhanced status code (RFC 3463), x.y.z. */
  status?: string;
  /** The SMTP reply code the remote server gave, 4xx or 5xx. */
  replyCode?: string;
  /** What the remote server said (the Diagnostic-Code or the reply text), one line. */
  diagnostic: string;
  /** The remote server (Remote-MTA, "host … said"), when named. */
  remoteMta?: string;
  /** The SMTP command it failed at (RCPT, DATA, MAIL, HELO, CONN), when the report says. */
  command?: string;
  /** The Diagnostic-Code's type: SMTP, or X-UNIX for a local delivery program's failure. */
  diagnosticType?: string;
  /** The whole human-readable text (the report's prose), for reasons no field carries. */
  prose: string;
  /** Which shape it came in. */
  format: 'dsn' | 'text';
}

const ENHANCED = /\b([245])\.(\d{1,3})\.(\d{1,3})\b/;
const REPLY = /(?:^|[\s:(['"=#])([245][0-7]\d)(?=[\s,.\]-]|$)/;
const ADDRESS = /<?([^\s<>"'(),;:@[\]]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+)>?/i;

/** Header-style fields of a report part, in groups (RFC 3464 §2.1: per-message, then one group per recipient). */
export function fieldGroups(text: string): Map<string, string>[] {
  const unfolded = text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  return unfolded
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const match = /^([A-Za-z][A-Za-z0-9-]*)\s*:\s?(.*)$/.exec(line);
        if (match && !fields.has(match[1]!.toLowerCase())) fields.set(match[1]!.toLowerCase(), match[2]!.trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; ada@example.com` → `ada@example.com`. */
export const addressOf = (value: string | undefined): string | undefined => {
  const match = ADDRESS.exec(value?.replace(/^[^;@]*;\s*/, '') ?? '');
  return match?.[1]?.toLowerCase();
};

/** `smtp; 550 5.1.1 <a@b>: User unknown` → its parts. */
function diagnosticParts(value: string | undefined): { type?: string; text: string } {
  const match = /^\s*([A-Za-z][\w-]*)\s*;\s*([\s\S]*)$/.exec(value ?? '');
  return match ? { type: match[1]!.toUpperCase(), text: match[2]!.trim() } : { text: (value ?? '').trim() };
}

/**
 * Where the returned message (or its headers) begins inside a plain-text bounce: what follows is the mail we sent,
 * whose words must not be read as the server's.
 */
const RETURNED_MESSAGE = new RegExp(
  [
    String.raw`^[ \t]*-{2,}[ \t]*(?:this is a copy|below this line|original message|returned message|undelivered message|unsent message|the header|headers? of|message header|forwarded message|text of|start of|copy of)`,
    String.raw`^[ \t]*-{3,}(?![^\n]*(?:transcript|errors|addresses|recipients|reasons))[^\n]*(?:original|returned|copy|headers?|rfc822|unsent|undelivered|follows)[^\n]*-{3,}`,
    String.raw`^[ \t]*(?:original message headers?|original message follows|your message reads|headers of your message|unsent message below|message header follows|included is a copy|the text you sent follows|a copy of the original message|--- the header of the original message is following)`,
    String.raw`^(?:received|return-path|dkim-signature|x-received|arc-seal|authentication-results|message-id|content-type):[ \t]`,
    // Zoho writes the returned headers without a space after the colon.
    String.raw`^(?:received:from |message-id:<)`,
  ].join('|'),
  'im',
);

/** The report's own words: up to where the returned message begins. */
export function proseOf(text: string): string {
  const normalized = text.replace(/\r\n?/g, '\n');
  const cut = RETURNED_MESSAGE.exec(normalized);
  return (cut ? normalized.slice(0, cut.index) : normalized).slice(0, 16 * 1024);
}

/** Text of an HTML part (Office 365 and some gateways send only HTML), for reading only. */
export const htmlToText = (html: string) =>
  html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|tr|li|h\d)>/gi, '\n')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+/g, ' ');

/** The human-readable part: the first text/plain (or HTML) that is not the returned message. */
function readablePart(parts: MessagePart[]): string {
  const plain = parts.find((p) => p.contentType === 'text/plain' && !p.attachment) ?? parts.find((p) => p.contentType === 'text/plain');
  if (plain) return plain.text;
  const html = parts.find((p) => p.contentType === 'text/html');
  return html ? htmlToText(html.text) : '';
}

const firstMatch = (re: RegExp, text: string) => re.exec(text)?.[0];
const replyIn = (text: string) => REPLY.exec(text)?.[1];

/** The part of the prose about `recipient`: from where it is named to where another recipient is. */
function scopeTo(prose: string, recipient: string | undefined): string {
  if (!recipient) return prose;
  const lower = prose.toLowerCase();
  const at = lower.indexOf(recipient);
  if (at < 0) return prose;
  const lineStart = lower.lastIndexOf('\n', at) + 1;
  const rest = prose.slice(lineStart);
  const lines = rest.split('\n');
  const end = lines.findIndex((line, i) => {
    if (i === 0) return false;
    const named = /^[ \t]*(?:>>>\s*|\*\s*|")?<?([^\s<>@"]+@[^\s<>@":,]+?)[>"]?(?:[:\s,]|$)/.exec(line)?.[1]?.toLowerCase();
    return named !== undefined && named !== recipient;
  });
  return (end < 0 ? lines : lines.slice(0, end)).join('\n');
}

/**
 * The server's words in a plain-text bounce: the lines that carry an SMTP reply or an enhanced status code (with the
 * lines that continue them), else the paragraph after the failed recipient, else the whole text.
 */
function serverWords(prose: string, recipient: string | undefined): string {
  // Sendmail's "Transcript of session follows" is the server's words, each line: read whole.
  const transcript = /^[ \t]*-+ ?transcript of session follows ?-+[ \t]*\n((?:[ \t]*\S[^\n]*(?:\n|$))+)/im.exec(prose)?.[1];
  const said = transcript
    ?.split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^(>>>|while talking to)/i.test(l));
  if (said && said.length > 0) return said.join(' ');
  const scoped = scopeTo(prose, recipient);
  const lines = scoped.split('\n');
  const picked: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (
      !(REPLY.test(line) && /[a-z]{3}/i.test(line.replace(REPLY, ''))) &&
      !ENHANCED.test(line) &&
      !/\b(said|says|error|reason):/i.test(line)
    )
      continue;
    picked.push(line.trim());
    // A reply that wraps onto the next lines (indented, or a continuation like "550-…").
    for (let j = i + 1; j < lines.length && j < i + 6; j++) {
      const next = lines[j]!;
      if (next.trim() === '' || (!/^[ \t]/.test(next) && !/^[45]\d\d[- ]/.test(next.trim()) && !/[a-z,]\s*$/i.test(lines[j - 1]!))) break;
      picked.push(next.trim());
      i = j;
    }
  }
  if (picked.length > 0) return picked.join(' ');
  if (recipient) {
    const at = scoped.toLowerCase().indexOf(recipient);
    if (at >= 0) {
      const after = scoped.slice(at + recipient.length).replace(/^[>:)\s]*/, '');
      const paragraphs = after.split(/\n\s*\n/).filter((p) => p.trim().length > 0);
      // "because:" (Domino), "Reason:" and the like introduce the paragraph that says it.
      const first = paragraphs[0] ?? '';
      const paragraph = /:\s*$/.test(first) && first.trim().length < 40 ? `${first} ${paragraphs[1] ?? ''}` : first;
      if (paragraph.trim()) return paragraph.replace(/\s+/g, ' ').trim();
    }
  }
  return scoped.replace(/\s+/g, ' ').trim();
}

/** The SMTP command a failure came at, as reporters name it ("in reply to RCPT TO command", "after end of data", "[RCPT_TO]"). */
export function commandOf(text: string): string | undefined {
  const match =
    /\b(?:in reply to|after|for|during|most progress was|at|while (?:sending|performing))\s+(?:the\s+)?(?:end of\s+)?(RCPT|MAIL|DATA|HELO|EHLO|CONN(?:ECT)?|STARTTLS|TEXT|BDAT)\b/i.exec(
      text,
    ) ??
    /\[(RCPT|MAIL|DATA)_?(?:TO|FROM)?\]/i.exec(text) ??
    />>>\s*(RCPT|MAIL|DATA|HELO|EHLO)\b/i.exec(text) ??
    /\((RCPT|MAIL|DATA)\)/.exec(text);
  const command = match?.[1]?.toUpperCase();
  if (command === 'TEXT' || command === 'BDAT') return 'DATA';
  if (command === 'CONNECT') return 'CONN';
  return command;
}

/** Facts of a delivery status notification: the recipient's group (or the first that failed, else the first). */
function fromDeliveryStatus(status: string, prose: string, recipientHint: string | undefined): BounceFacts {
  const groups = fieldGroups(status);
  const perRecipient = groups.filter((g) => g.has('final-recipient') || g.has('original-recipient') || g.has('action'));
  // Fields a reporter wrote into one block (per-message and per-recipient together) are read as one group.
  const candidates = perRecipient.length > 0 ? perRecipient : [new Map(groups.flatMap((g) => [...g]))];
  const recipientOf = (g: Map<string, string>) => addressOf(g.get('final-recipient') ?? g.get('original-recipient'));
  const failing =
    (recipientHint ? candidates.find((g) => recipientOf(g) === recipientHint) : undefined) ??
    candidates.find((g) => /^(failed|delayed)/i.test(g.get('action') ?? '')) ??
    candidates.find((g) => /^[45]/.test(g.get('status') ?? '')) ??
    candidates[0]!;
  const perMessage = groups.find((g) => g.has('reporting-mta')) ?? new Map<string, string>();
  const get = (name: string) => failing.get(name) ?? perMessage.get(name);
  const diagnostic = diagnosticParts(get('diagnostic-code'));
  const recipient = recipientOf(failing) ?? addressOf(get('x-actual-recipient'));
  let words = diagnostic.text;
  // Some reporters leave Diagnostic-Code empty (or write only a status) and explain in the readable part.
  if (!/[a-z]{4}/i.test(words.replace(ENHANCED, '').replace(REPLY, ''))) {
    const fromProse = serverWords(prose, recipient);
    words = [words, fromProse].filter(Boolean).join(' ');
  }
  const statusCode = firstMatch(ENHANCED, get('status') ?? '');
  // Amazon SES writes its own label first ("5.1.0 - Unknown address error 550-'5.7.1 …'"): the receiver's code is inside.
  const quoted = /[245]\d\d-'([245]\.\d{1,3}\.\d{1,3})/.exec(words)?.[1];
  const inWords = quoted ?? firstMatch(ENHANCED, words);
  const command = commandOf(scopeTo(prose, recipient)) ?? commandOf(words);
  return {
    ...(recipient ? { recipient } : {}),
    ...(get('action') ? { action: get('action')!.toLowerCase().split(/[\s(]/)[0]! } : {}),
    // A status of x.0.0 says less than the code the server itself gave.
    ...(statusCode && !quoted && !(/\.0\.0$/.test(statusCode) && inWords && inWords[0] === statusCode[0])
      ? { status: statusCode }
      : inWords
        ? { status: inWords }
        : {}),
    ...(replyIn(words) ? { replyCode: replyIn(words)! } : {}),
    diagnostic: words.replace(/\s+/g, ' ').slice(0, 2000),
    ...(get('remote-mta') ? { remoteMta: diagnosticParts(get('remote-mta')).text } : {}),
    ...(command ? { command } : {}),
    ...(diagnostic.type ? { diagnosticType: diagnostic.type } : {}),
    prose: prose.slice(0, 4000),
    format: 'dsn',
  };
}

/** Facts of a plain-text bounce. */
function fromPlainText(prose: string, failedRecipients: string, recipientHint: string | undefined): BounceFacts {
  const recipient =
    (recipientHint && prose.toLowerCase().includes(recipientHint) ? recipientHint : undefined) ??
    addressOf(failedRecipients) ??
    recipientInProse(prose);
  const words = serverWords(prose, recipient);
  const status = firstMatch(ENHANCED, words) ?? firstMatch(ENHANCED, scopeTo(prose, recipient));
  const replyCode = replyIn(words);
  const remote =
    /(?:host|server|mta)\s+\[?([a-z0-9.-]+\.[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})\]?[^\n]{0,40}?(?:said|says|returned|responded)/i.exec(
      prose,
    )?.[1];
  const command = commandOf(scopeTo(prose, recipient));
  return {
    ...(recipient ? { recipient } : {}),
    ...(status ? { status } : {}),
    ...(replyCode ? { replyCode } : {}),
    diagnostic: words.slice(0, 2000),
    ...(remote ? { remoteMta: remote } : {}),
    ...(command ? { command } : {}),
    prose: prose.slice(0, 4000),
    format: 'text',
  };
}

/** The failed recipient a plain-text bounce names: the first address on a line of its own, in <>, or after "to". */
function recipientInProse(prose: string): string | undefined {
  // "<ada@example.com>: host … said: 550 …" (Postfix, qmail), then an address on a line of its own, then the first in <>.
  const named = /^[ \t]*<([^\s<>@"]+@[^\s<>@":]+)>:/m.exec(prose)?.[1];
  const own = /^[ \t]*(?:>>>\s*|\*\s*)?<?([^\s<>@"]+@[^\s<>@":]+?)>?:?[ \t]*$/m.exec(prose)?.[1];
  return addressOf(named) ?? addressOf(own) ?? addressOf(/<([^\s<>@]+@[^\s<>@]+)>/.exec(prose)?.[1]);
}

/** RFC 3464 fields written into the readable text (a broken MIME boundary, a relay that pastes them). */
const INLINE_FIELDS = /^(?:final-recipient|original-recipient|diagnostic-code)\s*:/im;

/**
 * The facts of one bounce. `recipientHint`: the address the mail was sent to, when known, so that a report about
 * several recipients is read for ours.
 */
export function bounceFacts(message: SplitMessage, recipientHint?: string): BounceFacts {
  const hint = recipientHint?.toLowerCase();
  const status = message.parts.find(
    (p) => p.contentType === 'message/delivery-status' || p.contentType === 'message/global-delivery-status',
  );
  const readable = readablePart(message.parts);
  const prose = proseOf(readable);
  if (status) return fromDeliveryStatus(status.text, prose, hint);
  const inline = INLINE_FIELDS.exec(readable);
  if (inline) return fromDeliveryStatus(readable.slice(inline.index), prose, hint);
  return fromPlainText(prose, message.header('x-failed-recipients'), hint);
}

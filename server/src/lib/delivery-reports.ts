import { Splitter } from 'mailsplit';

/**
 * What a report mailed to a bounce address says (issue 35 item 1), its MIME parts split by mailsplit (the splitter
 * mailparser is built on; mailparser itself folds a message/delivery-status part into the text):
 * - a delivery status notification (RFC 3464, multipart/report; report-type=delivery-status): per recipient an
 *   Action and a Status; `failed` with 5.x.x is permanent, `delayed` or 4.x.x transient, anything else no bounce;
 * - a complaint feedback report (ARF, RFC 5965, report-type=feedback-report, as Microsoft and Yahoo send them):
 *   Feedback-Type abuse (or fraud, virus) is a complaint; "not-spam" and the like are not.
 * Anything else (an auto-reply, a message a person sent to the address) is `none`: it changes nothing.
 */
export type DeliveryReport =
  | { kind: 'hard-bounce' | 'soft-bounce'; recipient?: string; status: string; messageId?: string }
  | { kind: 'complaint'; recipient?: string; feedbackType: string; messageId?: string }
  | { kind: 'none'; why: string };

/** Header-style fields of a report part, in groups (RFC 3464 §2.1: per-message, then one group per recipient). */
export function fieldGroups(text: string): Map<string, string>[] {
  const unfolded = text.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ');
  return unfolded
    .split(/\n\s*\n/)
    .map((block) => {
      const fields = new Map<string, string>();
      for (const line of block.split('\n')) {
        const colon = line.indexOf(':');
        if (colon > 0) fields.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
      }
      return fields;
    })
    .filter((fields) => fields.size > 0);
}

/** `rfc822; ada@example.com` → `ada@example.com`. */
const addressOf = (value: string | undefined) =>
  value
    ?.replace(/^[^;]*;\s*/, '')
    .replace(/^<|>$/g, '')
    .trim() || undefined;

interface Part {
  contentType: string;
  content: Buffer;
}

/** The leaf parts of a message, decoded (an embedded message/rfc822 stays one part: the returned mail). */
function leafParts(raw: Buffer): Promise<Part[]> {
  return new Promise((resolve, reject) => {
    const parts: { contentType: string; chunks: Buffer[]; decoder: NodeJS.ReadWriteStream }[] = [];
    let current: (typeof parts)[number] | undefined;
    const splitter = new Splitter({ ignoreEmbedded: true, maxHeadSize: 64 * 1024 });
    const finish = () => current?.decoder.end();
    splitter.on('data', (chunk) => {
      if (chunk.type === 'node') {
        finish();
        current = undefined;
        if (chunk.multipart) return;
        const part = { contentType: chunk.contentType || 'text/plain', chunks: [] as Buffer[], decoder: chunk.getDecoder() };
        part.decoder.on('data', (b: Buffer) => part.chunks.push(b));
        parts.push(part);
        current = part;
      } else if (chunk.type === 'body' && current) {
        current.decoder.write(chunk.value);
      }
    });
    splitter.on('error', reject);
    splitter.on('end', () => {
      finish();
      // Decoders flush on the next tick.
      setImmediate(() => resolve(parts.map((p) => ({ contentType: p.contentType, content: Buffer.concat(p.chunks) }))));
    });
    splitter.resume();
    splitter.end(raw);
  });
}

/** The Message-ID of the returned message or its headers (the part after the report), if it has one. */
function returnedMessageId(parts: Part[]): string | undefined {
  const returned = parts.find((p) => p.contentType === 'message/rfc822' || p.contentType === 'text/rfc822-headers');
  const text = returned?.content.toString('utf8') ?? '';
  const headerEnd = text.search(/\r?\n\r?\n/);
  const headers = (headerEnd < 0 ? text : text.slice(0, headerEnd)).replace(/\r?\n[ \t]+/g, ' ');
  return /^message-id:\s*(\S+)/im.exec(headers)?.[1];
}

/** Reads one report as received (the raw message, size-limited by the listener). */
export async function readDeliveryReport(raw: Buffer): Promise<DeliveryReport> {
  const parts = await leafParts(raw);
  const messageId = returnedMessageId(parts);
  const status = parts.find((p) => p.contentType === 'message/delivery-status' || p.contentType === 'message/global-delivery-status');
  if (status) {
    const [, ...recipients] = fieldGroups(status.content.toString('utf8'));
    for (const fields of recipients) {
      const action = fields.get('action')?.toLowerCase() ?? '';
      const code = /^([245])\.\d{1,3}\.\d{1,3}/.exec(fields.get('status') ?? '')?.[0];
      const recipient = addressOf(fields.get('final-recipient') ?? fields.get('original-recipient'));
      const ids = messageId ? { messageId } : {};
      if (action === 'failed' && code?.startsWith('5'))
        return { kind: 'hard-bounce', status: code, ...(recipient ? { recipient } : {}), ...ids };
      if (action === 'failed' || action === 'delayed' || code?.startsWith('4')) {
        return { kind: 'soft-bounce', status: code ?? action, ...(recipient ? { recipient } : {}), ...ids };
      }
    }
    return { kind: 'none', why: 'a delivery status notification without a failure' };
  }
  const feedback = parts.find((p) => p.contentType === 'message/feedback-report');
  if (feedback) {
    const fields = new Map(fieldGroups(feedback.content.toString('utf8')).flatMap((group) => [...group]));
    const feedbackType = (fields.get('feedback-type') ?? '').toLowerCase();
    if (!['abuse', 'fraud', 'virus'].includes(feedbackType)) return { kind: 'none', why: `feedback type ${feedbackType || 'missing'}` };
    const recipient = addressOf(fields.get('original-rcpt-to') ?? fields.get('removal-recipient'));
    return { kind: 'complaint', feedbackType, ...(recipient ? { recipient } : {}), ...(messageId ? { messageId } : {}) };
  }
  return { kind: 'none', why: 'not a report' };
}

import { Splitter } from 'mailsplit';

/** A received message as the bounce reader needs it: the top-level headers and each leaf part, decoded to text. */
export interface SplitMessage {
  /** A top-level header's first value, unfolded and decoded (RFC 2047), or ''. */
  header(name: string): string;
  parts: MessagePart[];
}

export interface MessagePart {
  contentType: string;
  /** The part's body, transfer-decoded and read in its charset (Latin-1 when unknown: SMTP replies are ASCII). */
  text: string;
  /** Content-Disposition: attachment */
  attachment: boolean;
}

/** How much of one part is read: a bounce's words are at its start; a returned message may be large. */
const PART_LIMIT = 256 * 1024;

const decoderFor = (charset: string | false) => {
  try {
    return new TextDecoder(charset || 'latin1');
  } catch {
    return new TextDecoder('latin1');
  }
};

/**
 * Splits a message into its leaf parts with mailsplit (the splitter mailparser is built on; mailparser itself folds a
 * message/delivery-status part into the text). An embedded message/rfc822 stays one part: the returned mail.
 */
export function splitMessage(raw: Buffer): Promise<SplitMessage> {
  return new Promise((resolve, reject) => {
    const parts: { contentType: string; charset: string | false; attachment: boolean; chunks: Buffer[]; size: number }[] = [];
    let root: { getFirst(name: string): string } | undefined;
    let current: ((typeof parts)[number] & { decoder: NodeJS.ReadWriteStream }) | undefined;
    // A multipart message whose boundary never appears (a broken relay) is all preamble: kept as its text.
    const preamble: Buffer[] = [];
    let preambleSize = 0;
    const splitter = new Splitter({ ignoreEmbedded: true, maxHeadSize: 64 * 1024 });
    const finish = () => current?.decoder.end();
    splitter.on('data', (chunk) => {
      if (chunk.type === 'node') {
        root ??= chunk.headers;
        finish();
        current = undefined;
        if (chunk.multipart) return;
        const part = {
          contentType: chunk.contentType || 'text/plain',
          charset: chunk.charset,
          attachment: chunk.disposition === 'attachment',
          chunks: [] as Buffer[],
          size: 0,
          decoder: chunk.getDecoder(),
        };
        part.decoder.on('data', (b: Buffer) => {
          if (part.size >= PART_LIMIT) return;
          part.chunks.push(b);
          part.size += b.length;
        });
        parts.push(part);
        current = part;
      } else if (chunk.type === 'body' && current) {
        current.decoder.write(chunk.value);
      } else if (chunk.type === 'data' && preambleSize < PART_LIMIT) {
        preamble.push(chunk.value);
        preambleSize += chunk.value.length;
      }
    });
    splitter.on('error', reject);
    splitter.on('end', () => {
      finish();
      // Decoders flush on the next tick.
      setImmediate(() => {
        const decoded = parts.map((p) => ({
          contentType: p.contentType,
          attachment: p.attachment,
          text: decoderFor(p.charset).decode(Buffer.concat(p.chunks)),
        }));
        if (!decoded.some((p) => p.text.trim()) && preambleSize > 0) {
          decoded.unshift({ contentType: 'text/plain', attachment: false, text: Buffer.concat(preamble).toString('latin1') });
        }
        resolve({ header: (name) => root?.getFirst(name) ?? '', parts: decoded });
      });
    });
    splitter.resume();
    // An mbox "From " line before the headers is not a header.
    splitter.end(raw.subarray(0, 5).toString('latin1') === 'From ' ? raw.subarray(raw.indexOf(10) + 1) : raw);
  });
}

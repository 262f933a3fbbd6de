import type { ParsedMail } from 'mailparser';

/** A mail the test SMTP server (./smtp.ts) received, as a test reads it. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  recipients: string[];
  /** Envelope sender (MAIL FROM). */
  sender: string;
  subject: string;
  text: string;
  html: string;
  /** Header values by lower-case name, as mailparser decodes them. */
  headers: ParsedMail['headers'];
  /** One raw header line's value (unfolded), e.g. `rawHeader('list-unsubscribe-post')`. */
  rawHeader(name: string): string | undefined;
  raw: string;
  parsed: ParsedMail;
  receivedAt: Date;
}

/** One header's value from the raw message, folded lines joined. */
export function rawHeaderOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const wanted = name.toLowerCase();
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0 && line.slice(0, colon).trim().toLowerCase() === wanted) return line.slice(colon + 1).trim();
  }
  return undefined;
}

export const streamToString = async (stream: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks).toString('utf8');
};

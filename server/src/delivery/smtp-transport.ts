import nodemailer from 'nodemailer';
import type { DkimSigning } from '../io/dkim-key';
import type { ComposedMail } from './mails';

/**
 * The one place that talks SMTP. Configured by SMTP_URL (smtp:// or smtps://, credentials in the URL, nodemailer
 * options as query parameters such as ?requireTLS=true) and MAIL_FROM. Without SMTP_URL it is "not configured":
 * nothing fails and the delivery worker leaves mail pending in the outbox. Timeouts are short so a dead or
 * stalled server costs the worker seconds, never a sign-up its answer (sign-ups only write the outbox).
 */

export interface SmtpTimeouts {
  /** TCP connect. */
  connectionMs: number;
  /** From connect to the server's 220 greeting. */
  greetingMs: number;
  /** Any silence after that, e.g. a server that accepts DATA and never answers. */
  socketMs: number;
  dnsMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 5_000,
  greetingMs: 5_000,
  socketMs: 15_000,
  dnsMs: 5_000,
};

export interface MailTransportOptions {
  smtpUrl: string | undefined;
  /** The From header, e.g. `Acme Innovate <hello@example.com>`. */
  mailFrom: string;
  timeouts?: Partial<SmtpTimeouts>;
  /** SMTP_MAX_CONNECTIONS: connections kept open to the relay, each carrying one mail at a time (default 5). */
  maxConnections?: number;
  /** DKIM_PRIVATE_KEY_FILE and DKIM_SELECTOR (io/dkim-key.ts): every mail signed for MAIL_FROM's domain; null: unsigned. */
  dkim?: DkimSigning | null;
}

/**
 * The headers our DKIM signature covers (RFC 6376 §5.4 recommends From and Subject at least; Gmail's bulk-sender rules
 * and RFC 8058 want List-Unsubscribe and List-Unsubscribe-Post signed so a one-click link cannot be swapped).
 */
export const DKIM_SIGNED_HEADERS = [
  'From',
  'To',
  'Subject',
  'Date',
  'Message-ID',
  'MIME-Version',
  'Content-Type',
  'List-Unsubscribe',
  'List-Unsubscribe-Post',
  'List-Id',
];

export const DEFAULT_SMTP_CONNECTIONS = 5;

export type SendOutcome =
  | { status: 'sent'; messageId: string; response: string }
  | { status: 'not-configured' }
  | {
      status: 'failed';
      /** The recipient was refused for good (5xx at RCPT): retrying cannot help. Anything else is worth a retry. */
      permanent: boolean;
      /** For the outbox's last_error and the console: no e-mail address, no credentials. */
      error: string;
    };

export interface MailTransport {
  readonly configured: boolean;
  /** `smtp://host:port` without credentials (null when not configured), for logs and the console. */
  readonly endpoint: string | null;
  /**
   * Sends one mail. `messageId` should stay the same across retries of one outbox row, so a receiver that saw
   * an earlier attempt arrive after all can tell the two apart.
   */
  send(mail: ComposedMail, options?: { messageId?: string; returnPath?: string }): Promise<SendOutcome>;
  close(): void;
}

export class SmtpUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmtpUrlError';
  }
}

/** Parses SMTP_URL enough to refuse what nodemailer would misread, and to describe it without the password. */
export function describeSmtpUrl(smtpUrl: string): string {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    throw new SmtpUrlError('SMTP_URL must be a URL such as smtp://user:pass@host:587 or smtps://user:pass@host:465');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new SmtpUrlError('SMTP_URL must start with smtp:// or smtps://');
  }
  if (!url.hostname) throw new SmtpUrlError('SMTP_URL needs a host');
  return `${url.protocol}//${url.host}`;
}

const EMAIL_LIKE = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/** Error text safe to store and show: addresses become <address>, and it is cut to one short line. */
export function describeSmtpError(error: unknown): string {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  const parts: string[] = [];
  if (typeof e.code === 'string') parts.push(e.code);
  if (typeof e.responseCode === 'number') parts.push(String(e.responseCode));
  const message = typeof e.message === 'string' ? e.message : String(error);
  const clean = message.replace(EMAIL_LIKE, '<address>').replace(/\s+/g, ' ').trim();
  const text = parts.length > 0 ? `${parts.join(' ')}: ${clean}` : clean;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function isPermanent(error: unknown): boolean {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  // A recipient refused with 5xx will be refused again. A 5xx for anything else (bad credentials, a policy on our
  // sender) is the operator's to fix, after which the waiting mail should still go out.
  return e.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
}

export function createMailTransport(options: MailTransportOptions): MailTransport {
  if (!options.smtpUrl) {
    return {
      configured: false,
      endpoint: null,
      send: async () => ({ status: 'not-configured' }),
      close: () => {},
    };
  }
  const endpoint = describeSmtpUrl(options.smtpUrl);
  const timeouts = { ...DEFAULT_SMTP_TIMEOUTS, ...options.timeouts };
  // Pooled: connections stay open and carry mail after mail (a fresh connection per mail, with its greeting, EHLO,
  // STARTTLS and AUTH, capped sending at about 9 mails a second). Each is replaced after 100 mails.
  const transporter = nodemailer.createTransport({
    url: options.smtpUrl,
    pool: true,
    maxConnections: options.maxConnections ?? DEFAULT_SMTP_CONNECTIONS,
    maxMessages: 100,
    connectionTimeout: timeouts.connectionMs,
    greetingTimeout: timeouts.greetingMs,
    socketTimeout: timeouts.socketMs,
    dnsTimeout: timeouts.dnsMs,
    // nodemailer logs whole SMTP conversations (addresses included) when asked to: never.
    logger: false,
    debug: false,
    ...(options.dkim ? { dkim: { ...options.dkim, headerFieldNames: DKIM_SIGNED_HEADERS.join(':') } } : {}),
  });

  return {
    configured: true,
    endpoint,
    async send(mail, sendOptions = {}) {
      try {
        const info = await transporter.sendMail({
          from: options.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
          ...(sendOptions.messageId ? { messageId: sendOptions.messageId } : {}),
          // The envelope's MAIL FROM (the Return-Path a receiver adds): a per-mail bounce address (lib/verp.ts).
          ...(sendOptions.returnPath ? { envelope: { from: sendOptions.returnPath, to: mail.to } } : {}),
          // Plain text and HTML only: nothing is fetched from anywhere while composing.
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        return { status: 'sent', messageId: info.messageId, response: describeSmtpError({ message: info.response }) };
      } catch (error) {
        return { status: 'failed', permanent: isPermanent(error), error: describeSmtpError(error) };
      }
    },
    close: () => transporter.close(),
  };
}

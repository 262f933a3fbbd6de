import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from 'smtp-server';
import { parseBounceAddress } from '../lib/verp';
import { readDeliveryReport } from '../lib/bounces/read';
import type { FeedbackOutcome, MailFeedbackEvent } from '../services/mail-feedback';

/**
 * The built-in inbound SMTP listener (issue 35 item 1, issue 45; docs/decisions/0030, 0041), off unless
 * INBOUND_SMTP_PORT is set. It is the bounce domain's mail server and nothing else:
 * - it accepts one recipient, and only a bounce address we gave a mail that still exists (`b<id>-<tag>@BOUNCE_DOMAIN`,
 *   the tag bound to that mail: lib/verp.ts), so it is no relay, takes no mail for anyone, and an old address of an
 *   erased person's mail is refused at RCPT (550);
 * - it never holds more than INBOUND_SMTP_MAX_BYTES of a message: past it, it answers 552 and closes the connection;
 * - it reads the report for the mail's own recipient (lib/bounces/read.ts) and hands one event to `record`, which
 *   compares the recipient the report names with the mail's (services/mail-feedback.ts).
 * A report it cannot read is accepted and dropped (refusing it would only bounce the bounce); a database that is down
 * answers 451, so the sender tries again and nothing acknowledged is lost.
 */
export interface InboundSmtpOptions {
  port: number;
  host?: string;
  bounceDomain: string;
  maxBytes: number;
  /** The mail a bounce address stands for (services/mail-feedback.ts bounceTarget), undefined when it is not ours. */
  target(parsed: { id: number; tag: string }): Promise<{ outboxId: number; recipient: string } | undefined>;
  record(event: MailFeedbackEvent): Promise<{ outcome: FeedbackOutcome }>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Simultaneous connections at most (a flood of them is answered 421 and closed, never held in memory). */
  maxClients?: number;
}

export interface InboundSmtp {
  readonly port: number;
  close(): Promise<void>;
}

const smtpError = (responseCode: number, message: string) => Object.assign(new Error(message), { responseCode });

/** The one connection a session belongs to (smtp-server keeps them in `connections`; its types do not say so). */
interface Connection {
  session: SMTPServerSession;
  send(code: number, message: string): void;
  close(): void;
}

export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
  /** Each session's accepted bounce address, checked at RCPT. */
  const targets = new WeakMap<SMTPServerSession, { outboxId: number; recipient: string }>();

  const serverOptions: SMTPServerOptions = {
    name: options.bounceDomain,
    banner: 'bounces only',
    authOptional: true,
    disabledCommands: ['AUTH'],
    hideSTARTTLS: true,
    size: options.maxBytes,
    maxClients: options.maxClients ?? 50,
    socketTimeout: 30_000,
    closeTimeout: 5_000,
    logger: false,
    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= 1) return callback(smtpError(452, '4.5.3 one report per message'));
      const parsed = parseBounceAddress(address.address, options.bounceDomain);
      if (!parsed) return callback(smtpError(550, '5.1.1 no such bounce address'));
      options.target(parsed).then(
        (target) => {
          if (!target) return callback(smtpError(550, '5.1.1 no such bounce address'));
          targets.set(session, target);
          return callback();
        },
        (error: unknown) => {
          options.log.warn({ err: error }, 'a bounce address could not be looked up');
          callback(smtpError(451, '4.3.0 try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      let size = 0;
      let over = false;
      // The client may leave mid-message; smtp-server then ends the stream with an error.
      stream.on('error', () => undefined);
      stream.on('data', (chunk: Buffer) => {
        if (over) return;
        size += chunk.length;
        if (size <= options.maxBytes) {
          chunks.push(chunk);
          return;
        }
        // Past the limit: nothing more is kept, the sender is told at once and the connection closed.
        over = true;
        chunks.length = 0;
        const connection = [...(server.connections as Set<Connection>)].find((c) => c.session === session);
        options.log.info({ bytes: size }, 'a message over INBOUND_SMTP_MAX_BYTES was refused');
        connection?.send(552, '5.3.4 Message too big for a bounce report, closing connection');
        connection?.close();
        callback(smtpError(552, '5.3.4 message too big'));
      });
      stream.on('end', () => {
        if (over) return;
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return callback(smtpError(552, '5.3.4 message too big'));
        const target = targets.get(session);
        if (!target) return callback(smtpError(503, '5.5.1 no recipient'));
        handle(Buffer.concat(chunks), target).then(
          () => callback(),
          (error: unknown) => {
            // Our database is down: 451 asks the sender to try again later, so nothing acknowledged is lost.
            options.log.warn({ err: error }, 'a bounce report could not be recorded');
            callback(smtpError(451, '4.3.0 try again later'));
          },
        );
      });
    },
  };

  async function handle(raw: Buffer, target: { outboxId: number; recipient: string }): Promise<void> {
    const { outboxId } = target;
    let report;
    try {
      report = await readDeliveryReport(raw, target.recipient);
    } catch {
      options.log.info({ outboxId }, 'an unreadable message at a bounce address was dropped');
      return;
    }
    if (report.kind === 'none') {
      options.log.info({ outboxId, why: report.why }, 'a message at a bounce address changed nothing');
      return;
    }
    const named = report.kind === 'bounce' ? report.facts.recipient : report.recipient;
    const { outcome } = await options.record({
      ...(report.kind === 'bounce'
        ? { kind: 'bounce', verdict: report, detail: [report.facts.replyCode, report.facts.status].filter(Boolean).join(' ') }
        : { kind: 'complaint', detail: report.feedbackType }),
      source: report.kind === 'complaint' ? 'arf' : 'dsn',
      outboxId,
      ...(named ? { reportedRecipient: named } : {}),
    });
    options.log.info(
      { outboxId, kind: report.kind, ...(report.kind === 'bounce' ? { reason: report.reason } : {}), outcome },
      'mail feedback',
    );
  }

  const server = new SMTPServer(serverOptions);
  server.on('error', (error) => options.log.warn({ err: error }, 'inbound SMTP'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

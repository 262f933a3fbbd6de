import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { parseBounceAddress } from '../lib/verp';
import { readDeliveryReport } from '../lib/delivery-reports';
import { outboxIdOfMessageId } from '../lib/verp';
import type { MailFeedbackEvent } from '../services/mail-feedback';

/**
 * The built-in inbound SMTP listener (issue 35 item 1; docs/decisions/0030), off unless INBOUND_SMTP_PORT is set. It is
 * the bounce domain's mail server and nothing else: it accepts a message only for a bounce address of a mail we sent
 * (`b<id>-<tag>@BOUNCE_DOMAIN`, checked at RCPT, so it is no relay and takes no mail for anyone), at most
 * INBOUND_SMTP_MAX_BYTES, without authentication, and turns a delivery status notification or a complaint report into
 * one feedback event. A report it cannot read is accepted and dropped (refusing it would only bounce the bounce).
 */
export interface InboundSmtpOptions {
  port: number;
  host?: string;
  bounceDomain: string;
  maxBytes: number;
  /** The VERP key (server_secrets), read once when the listener starts. */
  key: string;
  record(event: MailFeedbackEvent): Promise<unknown>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** Simultaneous connections at most (a flood of them waits at TCP, never in memory). */
  maxClients?: number;
}

export interface InboundSmtp {
  readonly port: number;
  close(): Promise<void>;
}

export async function startInboundSmtp(options: InboundSmtpOptions): Promise<InboundSmtp> {
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
      if (session.envelope.rcptTo.length >= 1) return callback(Object.assign(new Error('one report per message'), { responseCode: 452 }));
      const id = parseBounceAddress(address.address, options.key, options.bounceDomain);
      if (id === undefined) return callback(Object.assign(new Error('5.1.1 no such bounce address'), { responseCode: 550 }));
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          return callback(Object.assign(new Error('5.3.4 message too big'), { responseCode: 552 }));
        }
        const outboxId = parseBounceAddress(session.envelope.rcptTo[0]?.address ?? '', options.key, options.bounceDomain);
        handle(Buffer.concat(chunks), outboxId).then(
          () => callback(),
          (error: unknown) => {
            // Our database is down: 451 asks the sender to try again later, so nothing acknowledged is lost.
            options.log.warn({ err: error }, 'a bounce report could not be recorded');
            callback(Object.assign(new Error('4.3.0 try again later'), { responseCode: 451 }));
          },
        );
      });
    },
  };

  async function handle(raw: Buffer, outboxId: number | undefined): Promise<void> {
    let report;
    try {
      report = await readDeliveryReport(raw);
    } catch {
      options.log.info({ outboxId }, 'an unreadable message at a bounce address was dropped');
      return;
    }
    if (report.kind === 'none') {
      options.log.info({ outboxId, why: report.why }, 'a message at a bounce address changed nothing');
      return;
    }
    const id = outboxId ?? outboxIdOfMessageId(report.messageId);
    await options.record({
      kind: report.kind,
      source: report.kind === 'complaint' ? 'arf' : 'dsn',
      ...(id !== undefined ? { outboxId: id } : {}),
      ...(report.recipient ? { email: report.recipient } : {}),
      detail: report.kind === 'complaint' ? report.feedbackType : report.status,
    });
    options.log.info({ outboxId: id, kind: report.kind }, 'mail feedback recorded');
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

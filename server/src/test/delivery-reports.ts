import nodemailer from 'nodemailer';

/**
 * Reports as receiving mail servers write them, for tests of the inbound listener: a delivery status notification
 * (RFC 3464, the shape Postfix and Exchange send) and a complaint feedback report (ARF, RFC 5965, the shape Yahoo's
 * and Microsoft's feedback loops send), each sent over real SMTP.
 */
export function deliveryStatusNotification(input: {
  to: string;
  recipient: string;
  action: 'failed' | 'delayed' | 'delivered';
  status: string;
  messageId?: string;
}): string {
  const boundary = 'dsn-boundary-1';
  return [
    'From: Mail Delivery System <MAILER-DAEMON@mx.receiver.example>',
    `To: ${input.to}`,
    'Subject: Undelivered Mail Returned to Sender',
    'Date: Fri, 27 Nov 2026 10:00:00 +0000',
    'Message-ID: <dsn-1@mx.receiver.example>',
    'Auto-Submitted: auto-replied',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=us-ascii',
    '',
    'This is the mail system at host mx.receiver.example.',
    "I'm sorry to have to inform you that your message could not be delivered to one or more recipients.",
    '',
    `--${boundary}`,
    'Content-Type: message/delivery-status',
    '',
    'Reporting-MTA: dns; mx.receiver.example',
    'Arrival-Date: Fri, 27 Nov 2026 09:59:58 +0000',
    '',
    `Final-Recipient: rfc822; ${input.recipient}`,
    `Original-Recipient: rfc822;${input.recipient}`,
    `Action: ${input.action}`,
    `Status: ${input.status}`,
    'Remote-MTA: dns; mailbox.receiver.example',
    `Diagnostic-Code: smtp; ${input.status.startsWith('5') ? '550 5.1.1 <' + input.recipient + '>: Recipient address rejected' : '452 4.2.2 Mailbox full'}`,
    '',
    `--${boundary}`,
    'Content-Type: text/rfc822-headers',
    '',
    'From: Acme Innovate <hello@acme.example>',
    `To: ${input.recipient}`,
    'Subject: Confirm your place on the waitlist',
    ...(input.messageId ? [`Message-ID: ${input.messageId}`] : []),
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

export function complaintReport(input: { to: string; recipient: string; feedbackType?: string; messageId?: string }): string {
  const boundary = 'arf-boundary-1';
  return [
    'From: Yahoo! Mail AntiSpam Feedback <feedback@arf.mail.yahoo.com>',
    `To: ${input.to}`,
    'Subject: FW: Confirm your place on the waitlist',
    'Date: Fri, 27 Nov 2026 10:05:00 +0000',
    'Message-ID: <arf-1@arf.mail.yahoo.com>',
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; report-type=feedback-report; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset="US-ASCII"',
    '',
    'This is an email abuse report for an email message received from IP 192.0.2.1 on Fri, 27 Nov 2026.',
    '',
    `--${boundary}`,
    'Content-Type: message/feedback-report',
    '',
    `Feedback-Type: ${input.feedbackType ?? 'abuse'}`,
    'User-Agent: Yahoo!-Mail-Feedback/2.0',
    'Version: 1',
    `Original-Mail-From: <${input.to}>`,
    `Original-Rcpt-To: <${input.recipient}>`,
    'Arrival-Date: Fri, 27 Nov 2026 09:59:58 +0000',
    'Reported-Domain: acme.example',
    'Source-IP: 192.0.2.1',
    '',
    `--${boundary}`,
    'Content-Type: message/rfc822',
    'Content-Disposition: inline',
    '',
    'From: Acme Innovate <hello@acme.example>',
    `To: ${input.recipient}`,
    'Subject: News from the waitlist',
    ...(input.messageId ? [`Message-ID: ${input.messageId}`] : []),
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Hello!',
    '',
    `--${boundary}--`,
    '',
  ].join('\r\n');
}

/** Sends `raw` to `rcpt` at the listener on `port`, as a receiving server's MTA would; answers what it said. */
export async function sendReport(
  port: number,
  rcpt: string,
  raw: string,
): Promise<{ ok: true } | { ok: false; code: number; message: string }> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true, logger: false });
  try {
    await transport.sendMail({ envelope: { from: '', to: rcpt }, raw });
    return { ok: true };
  } catch (error) {
    const e = error as { responseCode?: number; message?: string };
    return { ok: false, code: e.responseCode ?? 0, message: e.message ?? String(error) };
  } finally {
    transport.close();
  }
}

const headers = (from: string, to: string, subject: string, extra: string[] = []) => [
  `From: ${from}`,
  `To: ${to}`,
  `Subject: ${subject}`,
  'Date: Fri, 27 Nov 2026 10:00:00 +0000',
  `Message-ID: <${Math.random().toString(36).slice(2)}@mx.receiver.example>`,
  ...extra,
];

/** A multipart/report DSN: a readable part, the delivery-status part (`fields`), the returned headers. */
export const dsn = (to: string, from: string, subject: string, readable: string[], fields: string[], extra: string[] = []) =>
  [
    ...headers(from, to, subject, ['Auto-Submitted: auto-replied', 'MIME-Version: 1.0', ...extra]),
    'Content-Type: multipart/report; report-type=delivery-status; boundary="b-dsn"',
    '',
    '--b-dsn',
    'Content-Type: text/plain; charset=us-ascii',
    '',
    ...readable,
    '',
    '--b-dsn',
    'Content-Type: message/delivery-status',
    '',
    ...fields,
    '',
    '--b-dsn',
    'Content-Type: text/rfc822-headers',
    '',
    'From: Acme Innovate <hello@acme.example>',
    'Subject: Confirm your place on the waitlist',
    '',
    '--b-dsn--',
    '',
  ].join('\r\n');

/** A plain-text bounce: no report part, the returned message pasted after a marker line. */
export const plain = (to: string, from: string, subject: string, body: string[], extra: string[] = []) =>
  [
    ...headers(from, to, subject, extra),
    'Content-Type: text/plain; charset=us-ascii',
    '',
    ...body,
    '',
    'From: Acme Innovate <hello@acme.example>',
    'Subject: Confirm your place on the waitlist',
    '',
    'Confirm your place',
    '',
  ].join('\r\n');

import { dsn, plain } from './delivery-reports';

/**
 * One report per family of sender, written in the shapes a public corpus of real bounces shows (sisimai's
 * set-of-emails: the layout, the headers and the kind of words each server uses; the words here are our own), for a
 * mail sent to `recipient` with the return path `to`. Each says what it should come to (issue 45).
 */
export interface BounceFamily {
  name: string;
  raw: (to: string, recipient: string) => string;
  reason: string;
  /** What it does to the address: suppressed at once, counted as transient, a refusal of our mail, or nothing. */
  effect: 'suppressed' | 'counted' | 'refusal' | 'nothing' | 'complaint';
}

export const BOUNCE_FAMILIES: BounceFamily[] = [
  {
    name: 'Postfix with a DSN: unknown user at RCPT',
    reason: 'user-unknown',
    effect: 'suppressed',
    raw: (to, r) =>
      dsn(
        to,
        'MAILER-DAEMON@mail.receiver.example (Mail Delivery System)',
        'Undelivered Mail Returned to Sender',
        [
          'This is the mail system at host mail.receiver.example.',
          '',
          `<${r}>: host mx.receiver.example[192.0.2.10] said: 550 5.1.1 <${r}>:`,
          '    Recipient address rejected: User unknown in virtual mailbox table (in reply to',
          '    RCPT TO command)',
        ],
        [
          'Reporting-MTA: dns; mail.receiver.example',
          '',
          `Final-Recipient: rfc822; ${r}`,
          'Action: failed',
          'Status: 5.1.1',
          'Remote-MTA: dns; mx.receiver.example',
          `Diagnostic-Code: smtp; 550 5.1.1 <${r}>: Recipient address rejected: User unknown in`,
          '    virtual mailbox table',
        ],
      ),
  },
  {
    name: 'Gmail by Postfix: mailbox over quota (552 5.2.2)',
    reason: 'mailbox-full',
    effect: 'counted',
    raw: (to, r) =>
      dsn(
        to,
        'MAILER-DAEMON@relay.receiver.example (Mail Delivery System)',
        'Undelivered Mail Returned to Sender',
        [`<${r}>: host gmail-smtp-in.l.google.com[192.0.2.27] said: 552-5.2.2 The recipient's inbox is out of storage space.`],
        [
          `Final-Recipient: rfc822; ${r}`,
          'Action: failed',
          'Status: 5.2.2',
          'Remote-MTA: dns; gmail-smtp-in.l.google.com',
          "Diagnostic-Code: smtp; 552-5.2.2 The recipient's inbox is out of storage space. Please",
          '    direct the recipient to 552 5.2.2 https://support.google.com/mail/?p=OverQuotaTemp - gsmtp',
        ],
      ),
  },
  {
    name: 'Exim without a DSN: the receiver refuses our mail for DMARC',
    reason: 'auth-failure',
    effect: 'refusal',
    raw: (to, r) =>
      plain(
        to,
        'Mail Delivery System <Mailer-Daemon@mx.sender-relay.example>',
        'Mail delivery failed: returning message to sender',
        [
          'This message was created automatically by mail delivery software.',
          '',
          'A message that you sent could not be delivered to one or more of its',
          'recipients. This is a permanent error. The following address(es) failed:',
          '',
          `  ${r}`,
          '    host gmail-smtp-in.l.google.com [192.0.2.27]',
          '    SMTP error from remote mail server after end of data:',
          "    550-5.7.26 Unauthenticated email from acme.example is not accepted due to domain's",
          '    550-5.7.26 DMARC policy. Please contact the administrator of acme.example domain',
          '    550 5.7.26 if this was a legitimate mail. - gsmtp',
          '',
          '------ This is a copy of the message, including all the headers. ------',
        ],
        [`X-Failed-Recipients: ${r}`, 'Auto-Submitted: auto-replied'],
      ),
  },
  {
    name: 'qmail: no such user',
    reason: 'user-unknown',
    effect: 'suppressed',
    raw: (to, r) =>
      plain(to, `MAILER-DAEMON@mx.receiver.example`, 'failure notice', [
        'Hi. This is the qmail-send program at mx.receiver.example.',
        "I'm afraid I wasn't able to deliver your message to the following addresses.",
        "This is a permanent error; I've given up. Sorry it didn't work out.",
        '',
        `<${r}>:`,
        'Remote host said: 550 5.1.1 Sorry, no mailbox here by that name. [RCPT_TO]',
        '',
        '--- Below this line is a copy of the message.',
      ]),
  },
  {
    name: 'Gmail without a DSN: the account is disabled (550 5.2.1)',
    reason: 'disabled',
    effect: 'counted',
    raw: (to, r) =>
      plain(
        to,
        'Mail Delivery Subsystem <mailer-daemon@googlemail.com>',
        'Delivery Status Notification (Failure)',
        [
          'Delivery to the following recipient failed permanently:',
          '',
          `     ${r}`,
          '',
          'Technical details of permanent failure:',
          'Google tried to deliver your message, but it was rejected by the server for the recipient domain.',
          '',
          'The error that the other server returned was:',
          '550 5.2.1 The email account that you tried to reach is disabled.',
          '',
          '----- Original message -----',
        ],
        [`X-Failed-Recipients: ${r}`],
      ),
  },
  {
    name: 'Yahoo: deferred for our sending volume or complaints (421 4.7.0)',
    reason: 'bad-reputation',
    effect: 'refusal',
    raw: (to, r) =>
      plain(to, 'MAILER-DAEMON@yahoo.com', 'Failure Notice', [
        'Sorry, we were unable to deliver your message to the following address.',
        '',
        `<${r}>:`,
        'Remote host said: 421 4.7.0 [TSS04] Messages from 192.0.2.25 temporarily deferred due to unexpected volume or user complaints - see https://postmaster.yahooinc.com/error-codes [MAIL_FROM]',
        '',
        '--- Below this line is a copy of the message.',
      ]),
  },
  {
    name: 'Microsoft 365: the sending IP is banned (5.7.606)',
    reason: 'blocked',
    effect: 'refusal',
    raw: (to, r) =>
      dsn(
        to,
        'Microsoft Outlook <postmaster@outlook.com>',
        'Undeliverable: Confirm your place on the waitlist',
        ["Your message to the recipient couldn't be delivered."],
        [
          'Reporting-MTA: dns;DB8EUR05HT123.eop-eur05.prod.protection.outlook.com',
          '',
          `Final-Recipient: rfc822;${r}`,
          'Action: failed',
          'Status: 5.7.606',
          'Diagnostic-Code: smtp;550 5.7.606 Access denied, banned sending IP [192.0.2.25]. To request removal from this list please visit https://sender.office.com/',
        ],
      ),
  },
  {
    name: 'Microsoft 365: the address is not in the tenant (5.4.1 Access denied)',
    reason: 'user-unknown',
    effect: 'suppressed',
    raw: (to, r) =>
      dsn(
        to,
        'MAILER-DAEMON@relay.receiver.example (Mail Delivery System)',
        'Undelivered Mail Returned to Sender',
        [
          `<${r}>: host acme-se.mail.protection.outlook.com said: 550 5.4.1 Recipient address rejected: Access denied (in reply to RCPT TO command)`,
        ],
        [
          `Final-Recipient: rfc822; ${r}`,
          'Action: failed',
          'Status: 5.4.1',
          `Diagnostic-Code: smtp; 550 5.4.1 Recipient address rejected: Access denied. [AM0PR02MB1234.eurprd02.prod.outlook.com]`,
        ],
      ),
  },
  {
    name: 'AOL: per-message and per-recipient fields in one block',
    reason: 'host-unknown',
    effect: 'suppressed',
    raw: (to, r) =>
      dsn(
        to,
        'Mail Delivery Subsystem <MAILER-DAEMON@aol.com>',
        'Returned mail: see transcript for details',
        ['The mail system could not deliver your message.'],
        [
          'Reporting-MTA: dns; omr-m.mx.aol.com',
          `Final-Recipient: rfc822; ${r}`,
          'Action: failed',
          'Status: 5.4.4',
          `Diagnostic-Code: X-Postfix; Host or domain name not found. Name service error for name=${r.split('@')[1]} type=A: Host not found`,
        ],
      ),
  },
  {
    name: 'Amazon SES notice by SNS: a permanent bounce',
    reason: 'user-unknown',
    effect: 'suppressed',
    raw: (to, r) =>
      plain(to, 'AWS Notifications <no-reply@sns.amazonaws.com>', 'AWS Notification Message', [
        JSON.stringify({
          notificationType: 'Bounce',
          bounce: {
            bounceType: 'Permanent',
            bounceSubType: 'General',
            bouncedRecipients: [{ emailAddress: r, action: 'failed', status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }],
            timestamp: '2026-11-27T10:00:00.000Z',
            feedbackId: '0100018c-aaaa',
          },
          mail: { timestamp: '2026-11-27T09:59:58.000Z', source: 'hello@acme.example', destination: [r] },
        }),
      ]),
  },
  {
    name: 'Sendmail transcript: a connection that timed out until the message expired',
    reason: 'expired',
    effect: 'counted',
    raw: (to, r) =>
      dsn(
        to,
        'Mail Delivery Subsystem <MAILER-DAEMON@mx.sender-relay.example>',
        'Returned mail: see transcript for details',
        [
          '   ----- The following addresses had permanent fatal errors -----',
          `<${r}>`,
          '',
          '   ----- Transcript of session follows -----',
          `<${r}>... Deferred: Connection timed out with mx.receiver.example.`,
          'Message could not be delivered for 5 days',
          'Message will be deleted from queue',
        ],
        [`Final-Recipient: RFC822; ${r}`, 'Action: failed', 'Status: 4.4.7', 'Remote-MTA: DNS; mx.receiver.example'],
      ),
  },
  {
    name: 'An out-of-office reply (RFC 3834)',
    reason: 'vacation',
    effect: 'nothing',
    raw: (to, r) =>
      plain(
        to,
        `Ada <${r}>`,
        'Automatic reply: Confirm your place on the waitlist',
        ['I am out of the office until Monday.'],
        ['Auto-Submitted: auto-replied', 'X-Auto-Response-Suppress: All'],
      ),
  },
  {
    name: 'A complaint without a feedback-report part',
    reason: 'complaint',
    effect: 'complaint',
    raw: (to, r) =>
      plain(to, 'Feedback Loop <fbl@receiver.example>', 'Abuse report', [
        'Feedback-Type: abuse',
        'User-Agent: ReceiverFBL/1.0',
        'Version: 1',
        `Original-Rcpt-To: <${r}>`,
        '',
      ]),
  },
];

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../lib/tokens';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp';
import { composeConfirmationMail } from './mails';
import { createMailTransport, describeSmtpError, describeSmtpUrl, SmtpUrlError, type MailTransport } from './smtp-transport';

const SITE = 'https://waitlist.example.se';
const FROM = 'Acme Innovate <hello@example.com>';

const confirmationTo = (to: string) =>
  composeConfirmationMail({
    to,
    locale: 'en',
    siteUrl: SITE,
    tokens: {
      confirm: issueToken('confirm').token,
      manage: issueToken('manage').token,
      unsubscribe: issueToken('unsubscribe').token,
    },
    retentionDays: 30,
  });

/** How soon it fails against a server down or stalled is measured alone: smtp-transport.timing.test.ts. */
describe('the mail transport against a real SMTP server', () => {
  let smtp: TestSmtpServer;
  let transport: MailTransport;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ auth: { user: 'mailer', pass: 's3cret:with@odd/chars' } });
    transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: FROM, timeouts: { socketMs: 1_500 } });
  });
  afterEach(async () => {
    smtp.recover();
    await smtp.start();
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
  });

  it('delivers both parts and the list headers, readable by a mail client', async () => {
    const mail = confirmationTo('ada@example.com');
    const outcome = await transport.send(mail, { messageId: '<outbox-1@waitlist.example.se>' });
    expect(outcome).toMatchObject({ status: 'sent', messageId: '<outbox-1@waitlist.example.se>' });

    const received = await smtp.nextMailTo('ada@example.com');
    expect(received.sender).toBe('hello@example.com');
    expect(received.parsed.from?.text).toBe('"Acme Innovate" <hello@example.com>');
    expect(received.subject).toBe(mail.subject);
    expect(received.text.trim()).toBe(mail.text.trim());
    expect(received.html).toContain('Confirm my sign-up');
    expect(received.rawHeader('list-unsubscribe')).toBe(mail.headers['List-Unsubscribe']);
    expect(received.rawHeader('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(received.rawHeader('auto-submitted')).toBe('auto-generated');
    expect(received.rawHeader('message-id')).toBe('<outbox-1@waitlist.example.se>');
    expect(received.parsed.attachments).toHaveLength(0);
  });

  it('reports a 4xx as a failure worth retrying, and the address never appears in the error', async () => {
    smtp.fail({ code: 451, message: 'Greylisted <bob@example.com>, try again', times: 1 });
    const outcome = await transport.send(confirmationTo('bob@example.com'));
    expect(outcome).toMatchObject({ status: 'failed', permanent: false });
    expect(outcome.status === 'failed' && outcome.error).toMatch(/451/);
    expect(JSON.stringify(outcome)).not.toContain('bob@example.com');
    // The next attempt goes through.
    expect(await transport.send(confirmationTo('bob@example.com'))).toMatchObject({ status: 'sent' });
    expect(smtp.mailsTo('bob@example.com')).toHaveLength(1);
  });

  it('treats a refused recipient (5xx at RCPT) as permanent, a refused message (5xx at DATA) as worth retrying', async () => {
    smtp.fail({ code: 550, message: 'No such user', stage: 'rcpt', times: 1 });
    const refusedRecipient = await transport.send(confirmationTo('nobody@example.com'));
    expect(refusedRecipient).toMatchObject({ status: 'failed', permanent: true });
    expect(refusedRecipient.status === 'failed' && refusedRecipient.error).toMatch(/EENVELOPE 550/);

    smtp.fail({ code: 554, message: 'Message refused', stage: 'data', times: 1 });
    expect(await transport.send(confirmationTo('carol@example.com'))).toMatchObject({ status: 'failed', permanent: false });
    expect(smtp.mailsTo('carol@example.com')).toHaveLength(0);
  });

  it('reports wrong credentials as a failure to retry (an operator can fix them) without leaking the password', async () => {
    const wrong = createMailTransport({ smtpUrl: `smtp://mailer:nope@127.0.0.1:${smtp.port}`, mailFrom: FROM });
    try {
      const outcome = await wrong.send(confirmationTo('frank@example.com'));
      expect(outcome).toMatchObject({ status: 'failed', permanent: false });
      expect(outcome.status === 'failed' && outcome.error).toMatch(/EAUTH/);
      expect(JSON.stringify(outcome)).not.toContain('nope');
    } finally {
      wrong.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('is not configured and sends nothing, without failing', async () => {
    const transport = createMailTransport({ smtpUrl: undefined, mailFrom: FROM });
    expect(transport.configured).toBe(false);
    expect(transport.endpoint).toBeNull();
    expect(await transport.send(confirmationTo('gina@example.com'))).toEqual({ status: 'not-configured' });
  });
});

describe('describeSmtpUrl', () => {
  it('describes the server without credentials', () => {
    expect(describeSmtpUrl('smtps://user:pa55@mail.example.com:465')).toBe('smtps://mail.example.com:465');
    expect(describeSmtpUrl('smtp://mail.example.com?requireTLS=true')).toBe('smtp://mail.example.com');
  });

  it.each(['mail.example.com', 'http://mail.example.com', 'smtp://', 'not a url'])('refuses %s', (value) => {
    expect(() => describeSmtpUrl(value)).toThrow(SmtpUrlError);
  });
});

describe('describeSmtpError', () => {
  it('keeps the code and reply, replaces addresses and stays one short line', () => {
    const text = describeSmtpError(
      Object.assign(new Error("Can't send mail - all recipients were rejected: 550 5.1.1 <Ada.L@Example.COM>:\n Recipient unknown"), {
        code: 'EENVELOPE',
        responseCode: 550,
      }),
    );
    expect(text).toBe("EENVELOPE 550: Can't send mail - all recipients were rejected: 550 5.1.1 <<address>>: Recipient unknown");
    expect(describeSmtpError(new Error('x'.repeat(1000)))).toHaveLength(300);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../lib/tokens';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp';
import { composeConfirmationMail } from './mails';
import { createMailTransport, type MailTransport } from './smtp-transport';

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

const elapsed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
};

/** Measured in time, so run alone (the timing project): a server down or stalled costs a sender seconds, not minutes. */
describe('the mail transport against a server down or stalled', () => {
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

  it('fails fast while the server is down and delivers once it is back on the same port', async () => {
    await smtp.stop();
    const [down, ms] = await elapsed(() => transport.send(confirmationTo('dave@example.com')));
    expect(down).toMatchObject({ status: 'failed', permanent: false });
    expect(down.status === 'failed' && down.error).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(ms).toBeLessThan(2_000);

    await smtp.start();
    expect(await transport.send(confirmationTo('dave@example.com'))).toMatchObject({ status: 'sent' });
    expect((await smtp.nextMailTo('dave@example.com')).subject).toMatch(/Confirm/);
  });

  it('gives up on a server that stalls after DATA within the socket timeout', async () => {
    smtp.delayReplies(5_000);
    const [outcome, ms] = await elapsed(() => transport.send(confirmationTo('erin@example.com')));
    expect(outcome).toMatchObject({ status: 'failed', permanent: false });
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(4_500);
  });
});

import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from './smtp';

/** The test SMTP server's own promises, checked with plain nodemailer so a fault here is not blamed on our transport. */
describe('the test SMTP server', () => {
  let smtp: TestSmtpServer;
  const send = (to: string | string[], subject: string) =>
    nodemailer
      .createTransport({ url: smtp.url, connectionTimeout: 2_000, greetingTimeout: 2_000, socketTimeout: 2_000 })
      .sendMail({ from: 'sender@example.com', to, subject, text: `body of ${subject}` });

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('hands each mail to nextMailTo once, by envelope recipient, case-insensitively', async () => {
    await send('Ada@Example.com', 'first');
    await send(['ada@example.com', 'bob@example.com'], 'second');
    expect((await smtp.nextMailTo('ada@example.com')).subject).toBe('first');
    expect((await smtp.nextMailTo('ADA@example.com')).subject).toBe('second');
    expect((await smtp.nextMailTo('bob@example.com')).subject).toBe('second');
    expect(smtp.mailsTo('ada@example.com').map((m) => m.subject)).toEqual(['first', 'second']);
    await expect(smtp.nextMailTo('ada@example.com', { timeoutMs: 200 })).rejects.toThrow(/Timed out after 200 ms/);
  });

  it('waits for a mail that has not arrived yet', async () => {
    const waiting = smtp.nextMailTo('late@example.com', { timeoutMs: 5_000 });
    await send('late@example.com', 'late');
    expect((await waiting).text.trim()).toBe('body of late');
  });

  it('refuses the given number of deliveries, then accepts again', async () => {
    const before = smtp.mails.length;
    smtp.fail({ code: 421, times: 2 });
    await expect(send('x@example.com', 'a')).rejects.toMatchObject({ responseCode: 421 });
    await expect(send('x@example.com', 'b')).rejects.toMatchObject({ responseCode: 421 });
    await send('x@example.com', 'c');
    expect(smtp.refusals).toBe(2);
    expect(smtp.mails.length).toBe(before + 1);
  });

  it('stops and restarts on the same port', async () => {
    const port = smtp.port;
    await smtp.stop();
    expect(smtp.running).toBe(false);
    await expect(send('y@example.com', 'down')).rejects.toMatchObject({ code: 'ESOCKET' });
    await smtp.start();
    expect(smtp.port).toBe(port);
    await send('y@example.com', 'up');
    expect(smtp.mailsTo('y@example.com').map((m) => m.subject)).toEqual(['up']);
  });

  it('requires the credentials it was given', async () => {
    const secured = await startTestSmtpServer({ auth: { user: 'u', pass: 'p' } });
    try {
      expect(secured.url).toBe(`smtp://u:p@127.0.0.1:${secured.port}`);
      const anonymous = nodemailer.createTransport({ url: `smtp://127.0.0.1:${secured.port}` });
      await expect(anonymous.sendMail({ from: 'a@example.com', to: 'b@example.com', text: 'x' })).rejects.toBeTruthy();
      const wrong = nodemailer.createTransport({ url: `smtp://u:wrong@127.0.0.1:${secured.port}` });
      await expect(wrong.sendMail({ from: 'a@example.com', to: 'b@example.com', text: 'x' })).rejects.toMatchObject({
        code: 'EAUTH',
      });
      expect(secured.mails).toHaveLength(0);
    } finally {
      await secured.close();
    }
  });
});

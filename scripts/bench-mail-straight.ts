/**
 * The reference of `npm run bench:mail`, in a process of its own as the server is: N confirmation mails, composed
 * by the server's own code as they are sent, straight through a pooled nodemailer transport to the bench's SMTP server, all
 * queued at once. Prints the rate (mails a second) as its only line.
 *
 * Arguments: SMTP port, N, connections, a tag for the addresses.
 */
import nodemailer from 'nodemailer';
import { composeConfirmationMail } from '../server/src/delivery/mails';

const [port, n, connections, tag] = process.argv.slice(2);
const transport = nodemailer.createTransport({
  host: '127.0.0.1',
  port: Number(port),
  pool: true,
  maxConnections: Number(connections),
  maxMessages: 100,
});
const token = 'x'.repeat(43);
// Composed as it is sent (the outbox composes each mail when it goes out, so the reference does too).
const start = performance.now();
await Promise.all(
  Array.from({ length: Number(n) }, (_, i) => {
    const mail = composeConfirmationMail({
      to: `straight-${tag}-${i}@example.com`,
      locale: 'en',
      siteUrl: 'https://example.com',
      tokens: { confirm: token, manage: token, unsubscribe: token },
      retentionDays: 30,
    });
    return transport.sendMail({
      from: 'bench@example.com',
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
  }),
);
console.log(String(Number(n) / ((performance.now() - start) / 1000)));
transport.close();

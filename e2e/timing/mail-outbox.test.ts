import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startTestSmtpServer, type TestSmtpServer } from '../../server/src/test/smtp';
import { startServer, type RunningServer } from '../support/server';

const KEY = 'outbox-test-key-123';

/**
 * A measurement, run alone (the timing project): with the SMTP server down, a sign-up is answered at once (within a
 * second): the mail waits in the outbox, the sign-up never waits for it. That the mail then arrives, once, is
 * e2e/mail-outbox.test.ts.
 */
describe.each(['sqlite', 'postgres'] as const)('a sign-up while SMTP is down on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let server: RunningServer;
  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    await smtp.stop();
    server = await startServer({
      dialect,
      env: { WAITLIST_PUBLIC_KEY: KEY, SMTP_URL: smtp.url, MAIL_FROM: 'Acme Innovate <hello@example.com>' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  it('answers 201 within a second', async () => {
    for (const n of [1, 2, 3]) {
      const started = performance.now();
      const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `down-${n}-${dialect}@example.com`,
          role: 'Innovation Manager / Program Manager',
          company_size: '1000+ employees',
          desired_outcomes: ['Reuse insights'],
        }),
      });
      await res.arrayBuffer();
      expect(res.status).toBe(201);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});

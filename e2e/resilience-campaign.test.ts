import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startTestSmtpServer } from '../server/src/test/smtp';
import { addOperator, signInByApi } from './support/console-seed';
import { startServer } from './support/server';

/**
 * A campaign to 300 people, the built server killed with SIGKILL while it sends, then restarted on the same
 * database (issue 23): everybody gets the update, and the only second copies are of mails the relay had already
 * taken when the process died, with the same Message-ID, so a mailbox provider sees one message.
 */
const KEY = 'campaign-crash-key-1234';
const PEOPLE = 300;
const SUBJECT = 'What is new in the pilot';

describe.each(['sqlite', 'postgres'] as const)('a campaign across kill -9 on %s', (dialect) => {
  it('reaches everybody after a restart; a second copy only of what the relay had taken, with the same Message-ID', async () => {
    const smtp = await startTestSmtpServer();
    const env = {
      SMTP_URL: smtp.url,
      WAITLIST_PUBLIC_KEY: KEY,
      OUTBOX_POLL_MS: '100',
      OUTBOX_LEASE_MS: '2000',
      BULK_MAIL_PER_MINUTE: '6000',
      LOG_LEVEL: 'warn',
    };
    let server = await startServer({ dialect, env });
    try {
      const people = Array.from({ length: PEOPLE }, (_, i) => `reader-${i}-${dialect}@example.com`);
      for (let i = 0; i < people.length; i += 20) {
        await Promise.all(
          people.slice(i, i + 20).map(async (email) => {
            const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
              method: 'POST',
              headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json', prefer: 'return=minimal' },
              body: JSON.stringify({
                email,
                role: 'Project Manager',
                company_size: '51-200 employees',
                desired_outcomes: ['Reuse insights'],
              }),
            });
            expect(res.status).toBe(201);
          }),
        );
      }
      // Their confirmation mails went out; then they confirmed (test set-up, written to the server's database directly).
      await expect.poll(() => smtp.mails.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(PEOPLE);
      await server.execute(`UPDATE waitlist_signups SET confirmed_at = created_at`);
      await addOperator(server);
      const cookie = await signInByApi(server);
      const admin = (path: string, body: unknown = {}) =>
        fetch(`${server.url}/api/admin${path}`, {
          method: 'POST',
          headers: { cookie, origin: server.url, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      const created = await admin('/campaigns', { name: 'Crash test', message: { en: { subject: SUBJECT, body: 'Hello **again**.' } } });
      expect(created.status).toBe(201);
      const { id } = (await created.json()) as { id: number };

      // A relay that takes a moment over each mail, so the kill lands mid-send.
      smtp.delayReplies(30);
      expect((await admin(`/campaigns/${id}/send`)).status).toBe(202);
      const campaignMails = () => smtp.mails.filter((m) => m.subject === SUBJECT);
      await expect.poll(() => campaignMails().length, { timeout: 30_000, interval: 20 }).toBeGreaterThanOrEqual(60);
      server.process.kill('SIGKILL');
      await server.stop({ keepDatabase: true });
      const atKill = campaignMails().length;
      expect(atKill).toBeLessThan(PEOPLE);

      smtp.recover();
      server = await startServer({ dialect, database: server.database, env });
      const reached = () => new Set(campaignMails().flatMap((m) => m.recipients));
      await expect.poll(() => reached().size, { timeout: 60_000, interval: 100 }).toBe(PEOPLE);
      // Nothing more trickles in afterwards.
      await new Promise((resolve) => setTimeout(resolve, 3_000));

      const byRecipient = new Map<string, string[]>();
      for (const mail of campaignMails()) {
        for (const to of mail.recipients) byRecipient.set(to, [...(byRecipient.get(to) ?? []), mail.rawHeader('message-id') ?? '']);
      }
      expect([...byRecipient.keys()].sort()).toEqual([...people].sort());
      const twice = [...byRecipient.entries()].filter(([, ids]) => ids.length > 1);
      for (const [, ids] of twice) {
        expect(ids).toHaveLength(2);
        expect(ids[1]).toBe(ids[0]);
      }
      // At most what was in flight when the process died: the bulk lane keeps two mails on the wire at a time.
      expect(twice.length).toBeLessThanOrEqual(2);
      console.log(
        `[campaign crash ${dialect}] ${atKill} of ${PEOPLE} sent before SIGKILL; all ${PEOPLE} reached after restart; ${twice.length} second copies (same Message-ID)`,
      );
    } finally {
      await server.stop();
      await smtp.close();
    }
  });
});

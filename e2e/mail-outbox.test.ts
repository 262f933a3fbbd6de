import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { createTestDatabase } from '../server/src/test/databases';
import { startTestSmtpServer, type TestSmtpServer } from '../server/src/test/smtp';
import { startServer, type RunningServer } from './support/server';

/**
 * The outbox as a whole, with the built server and a real SMTP server: a dead SMTP server loses no mail (and never slows
 * a sign-up: e2e/timing/mail-outbox.test.ts), kill -9 with mails pending loses none and sends none twice, and two server processes on one
 * PostgreSQL send each mail once.
 */
const KEY = 'outbox-test-key-123';
const MAIL_FROM = 'Acme Innovate <hello@example.com>';
/**
 * The first retry (30 s in production) and the lease a killed process leaves behind (30 s) shortened, so the suite
 * does not sit out either; the retry policy and the lease have their own unit tests.
 */
const QUICK = { OUTBOX_FIRST_RETRY_MS: '2000', OUTBOX_LEASE_MS: '3000' };

async function signUp(server: RunningServer, email: string): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
    method: 'POST',
    headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      role: 'Innovation Manager / Program Manager',
      company_size: '1000+ employees',
      desired_outcomes: ['Reuse insights'],
    }),
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const addresses = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}-${i}-${randomUUID().slice(0, 6)}@example.com`);

/** Every address got exactly one confirmation mail. */
function expectOneMailEach(smtp: TestSmtpServer, emails: string[]) {
  const counts = emails.map((email) => smtp.mailsTo(email).length);
  expect(counts.filter((c) => c !== 1)).toEqual([]);
  for (const email of emails) expect(smtp.mailsTo(email)[0]!.subject).toMatch(/Confirm your place/);
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(['sqlite', 'postgres'] as const)('the outbox on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterEach(async () => {
    await server?.stop();
    server = undefined;
    smtp.recover();
    await smtp.start();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('answers 201 at once while SMTP is down and delivers the mail once it is back', async () => {
    await smtp.stop();
    server = await startServer({ dialect, env: { WAITLIST_PUBLIC_KEY: KEY, SMTP_URL: smtp.url, MAIL_FROM, ...QUICK } });
    const [email] = addresses('down', 1);
    const answer = await signUp(server, email!);
    // How soon it answers is measured alone: e2e/timing/mail-outbox.test.ts.
    expect(answer.status).toBe(201);

    await waitFor(
      async () => {
        const [row] = await server!.query<{ attempts: number }>(`SELECT attempts FROM outbox`);
        return Number(row?.attempts ?? 0) >= 1;
      },
      10_000,
      'a failed first attempt',
    );
    const [failed] = await server.query<{ status: string; last_error: string }>(`SELECT status, last_error FROM outbox`);
    expect(failed!.status).toBe('pending');
    expect(failed!.last_error).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(failed!.last_error).not.toContain(email);

    await smtp.start();
    // The first retry comes within OUTBOX_FIRST_RETRY_MS of the failure.
    const mail = await smtp.nextMailTo(email!, { timeoutMs: 15_000 });
    expect(mail.subject).toMatch(/Confirm your place/);
    await waitFor(
      async () => (await server!.query<{ status: string }>(`SELECT status FROM outbox`))[0]?.status === 'sent',
      5_000,
      'the row marked sent',
    );
    expect(server.logs()).not.toContain(email);
  });

  it('loses no pending mail and sends none twice across kill -9', async () => {
    await smtp.stop();
    const database = await createTestDatabase(dialect);
    const env = { WAITLIST_PUBLIC_KEY: KEY, SMTP_URL: smtp.url, MAIL_FROM, ...QUICK };
    server = await startServer({ database, env });
    const emails = addresses('kill', 12);
    const answers = await Promise.all(emails.map((email) => signUp(server!, email)));
    expect(answers.map((a) => a.status)).toEqual(emails.map(() => 201));

    server.process.kill('SIGKILL');
    await server.stop({ keepDatabase: true });
    await smtp.start();
    server = await startServer({ database, env });

    await smtp.waitForCount(emails.length, { timeoutMs: 60_000 });
    await waitFor(
      async () => (await server!.query<{ n: number }>(`SELECT count(*) AS n FROM outbox WHERE status = 'sent'`))[0]!.n >= emails.length,
      5_000,
      'every row marked sent',
    );
    // A little longer, so a duplicate would have time to show.
    await new Promise((r) => setTimeout(r, 2_000));
    expectOneMailEach(smtp, emails);
  });
});

describe('two server processes on one PostgreSQL', () => {
  let smtp: TestSmtpServer;
  const servers: RunningServer[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    // Both share one database: the first stops without dropping it, the last one drops it.
    const [first, second] = servers;
    await first?.stop({ keepDatabase: true });
    await second?.stop();
    await smtp.close();
  });

  it('send each mail once', async () => {
    const database = await createTestDatabase('postgres');
    const env = { WAITLIST_PUBLIC_KEY: KEY, SMTP_URL: smtp.url, MAIL_FROM, ...QUICK };
    servers.push(await startServer({ database, env }), await startServer({ database, env }));
    const [a, b] = servers as [RunningServer, RunningServer];

    // Queue while SMTP is down, so both workers find the same due rows when it comes back.
    await smtp.stop();
    const emails = addresses('pair', 30);
    const answers = await Promise.all(emails.map((email, i) => signUp(i % 2 === 0 ? a : b, email)));
    expect(answers.every((x) => x.status === 201)).toBe(true);
    await smtp.start();
    // And some while it is up.
    const more = addresses('pair-up', 10);
    await Promise.all(more.map((email, i) => signUp(i % 2 === 0 ? a : b, email)));

    await smtp.waitForCount(emails.length + more.length, { timeoutMs: 60_000 });
    await new Promise((r) => setTimeout(r, 2_000));
    expectOneMailEach(smtp, [...emails, ...more]);
    const sentBy = [a, b].map((s) => (s.logs().match(/"msg":"mail sent"/g) ?? []).length);
    expect(sentBy[0]! + sentBy[1]!).toBe(emails.length + more.length);
    console.info(
      `two processes: ${emails.length + more.length} sign-ups, ${smtp.mails.length} mails received, sent by process A ${sentBy[0]}, by process B ${sentBy[1]}`,
    );
  });
});

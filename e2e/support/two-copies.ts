import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { startTestRedis, type TestRedis } from '../../server/src/test/redis';
import { startTestSmtpServer, type TestSmtpServer } from '../../server/src/test/smtp';
import { startHttpReceiver, type TestHttpReceiver } from '../../server/src/test/http-receiver';
import { startServer, type RunningServer } from './server';

/**
 * Two built server processes on one PostgreSQL database, the test's own Redis, a real SMTP server and a webhook
 * receiver, as behind a load balancer (e2e/several-processes.test.ts). Each request names its client with
 * X-Forwarded-For (TRUST_PROXY=1, as behind one proxy), so a test chooses which requests share a limit.
 */
export const KEY = 'several-processes-key-1234';
export const LIMIT = 5;
export const METRICS_TOKEN = 'several-processes-metrics-token';

export interface Answer {
  copy: number;
  email: string;
  status: number;
  code?: string;
}

export const figures = {
  perCopy: [0, 0],
  created: 0,
  duplicates: 0,
  limited: 0,
  failedConnections: 0,
  mailsSentPerCopy: [0, 0],
  /** Which copy the kill test found holding mail and killed. */
  killedCopy: -1,
  mailsReceived: 0,
  redelivered: 0,
  webhooksPerCopy: [0, 0],
  webhooksReceived: 0,
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
    await sleep(100);
  }
}

/** In a describe block: both copies before the suite, stopped after it (the figures printed). */
export function useTwoCopies() {
  let redis: TestRedis | undefined;
  let smtp: TestSmtpServer | undefined;
  let webhooks: TestHttpReceiver | undefined;
  const copies: RunningServer[] = [];
  let nextIp = 0;
  const freshIp = () => `10.${Math.floor(nextIp / 65_536) % 256}.${Math.floor(nextIp / 256) % 256}.${nextIp++ % 256}`;

  /** One sign-up to copy `n`; a connection that fails (a killed copy) answers status 0. */
  const signUp = async (n: number, email: string, ip = freshIp()): Promise<Answer> => {
    const server = copies[n]!;
    try {
      const res = await fetch(`${server.url}${SIGNUPS_PATH}`, {
        method: 'POST',
        headers: { apikey: KEY, authorization: `Bearer ${KEY}`, 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ email, role: 'Project Manager', company_size: '1000+ employees', desired_outcomes: ['Reuse insights'] }),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      figures.perCopy[n]!++;
      if (res.status === 201) figures.created++;
      if (res.status === 409) figures.duplicates++;
      if (res.status === 429) figures.limited++;
      return { copy: n, email, status: res.status, code: text ? (JSON.parse(text) as { code?: string }).code : undefined };
    } catch {
      figures.failedConnections++;
      return { copy: n, email, status: 0 };
    }
  };

  const readiness = async (n: number) => {
    const res = await fetch(`${copies[n]!.url}/readyz`, { signal: AbortSignal.timeout(5_000) });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };
  const metrics = async (n: number) => {
    const res = await fetch(`${copies[n]!.url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    return res.text();
  };
  const metric = (text: string, line: string) =>
    Number(
      text
        .split('\n')
        .find((l) => l.startsWith(`${line} `))
        ?.slice(line.length + 1) ?? 0,
    );
  const stored = async () => new Set((await copies[0]!.query<{ email: string }>('SELECT email FROM waitlist_signups')).map((r) => r.email));
  const pendingMail = async () =>
    Number((await copies[0]!.query<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE kind = 'mail' AND status = 'pending'`))[0]!.n);
  /** "mail sent" lines in a copy's own log: which worker delivered how many. */
  const mailsSentBy = (n: number) =>
    copies[n]!.logs()
      .split('\n')
      .filter((l) => l.includes('"msg":"mail sent"')).length;
  const webhooksSentBy = (n: number) =>
    copies[n]!.logs()
      .split('\n')
      .filter((l) => l.includes('"msg":"webhook sent"')).length;
  const pendingWebhooks = async () =>
    Number((await copies[0]!.query<{ n: string }>(`SELECT count(*) AS n FROM outbox WHERE kind = 'webhook' AND status = 'pending'`))[0]!.n);
  const webhookSecret = `whsec_${randomBytes(32).toString('base64')}`;
  /** Every confirmation mail received for these addresses went out once: one arrival, one Message-ID each. */
  const expectOneConfirmationEach = (emails: Iterable<string>) => {
    for (const email of emails) {
      const mails = smtp!.mailsTo(email);
      expect(new Set(mails.map((m) => m.parsed.messageId)).size, email).toBe(1);
      expect(mails[0]!.subject, email).toMatch(/Confirm your place/);
    }
  };

  beforeAll(async () => {
    [redis, smtp, webhooks] = await Promise.all([startTestRedis(), startTestSmtpServer(), startHttpReceiver()]);
    const env = {
      WAITLIST_PUBLIC_KEY: KEY,
      REDIS_URL: redis!.url,
      // Shared counting is what these tests check: a busy test machine must not trip the copies into counting alone.
      REDIS_COMMAND_TIMEOUT_MS: '5000',
      SIGNUP_RATE_LIMIT: String(LIMIT),
      TRUST_PROXY: '1',
      METRICS_TOKEN,
      SMTP_URL: smtp!.url,
      MAIL_FROM: 'Acme Innovate <no-reply@example.com>',
      WEBHOOK_URL: `${webhooks!.url}/hooks`,
      WEBHOOK_SECRET: webhookSecret,
    };
    copies.push(await startServer({ dialect: 'postgres', env }));
    copies.push(await startServer({ database: copies[0]!.database, env }));
  });
  afterAll(async () => {
    await copies[1]?.stop({ keepDatabase: true });
    await copies[0]?.stop();
    await Promise.all([redis?.close(), smtp?.close(), webhooks?.close()]);
    console.info(
      `[several processes] requests per copy ${figures.perCopy.join(' / ')}; 201 ${figures.created}; duplicates refused (409) ${figures.duplicates}; ` +
        `rate-limited (429) ${figures.limited}; mails received ${figures.mailsReceived} (sent per copy ${figures.mailsSentPerCopy.join(' / ')}; ` +
        `${figures.redelivered} sent again after the kill, same Message-ID); webhooks received ${figures.webhooksReceived} (sent per copy ${figures.webhooksPerCopy.join(' / ')}); ` +
        `connections refused by the killed copy (${figures.killedCopy}) ${figures.failedConnections}`,
    );
  });

  return {
    copies,
    freshIp,
    signUp,
    readiness,
    metrics,
    metric,
    stored,
    pendingMail,
    mailsSentBy,
    webhooksSentBy,
    pendingWebhooks,
    webhookSecret,
    expectOneConfirmationEach,
    get redis() {
      return redis!;
    },
    get smtp() {
      return smtp!;
    },
    get webhooks() {
      return webhooks!;
    },
  };
}

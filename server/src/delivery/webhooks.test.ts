import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { DIALECTS } from '../test/databases';
import { useTestApp } from '../test/app';
import { apiHeaders, validSignup } from '../test/fixtures';
import { startHttpReceiver, type ReceivedRequest, type TestHttpReceiver } from '../test/http-receiver';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp';

const SITE = 'https://waitlist.example.se';
const SECRET = `whsec_${randomBytes(32).toString('base64')}`;

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

interface Event {
  id: string;
  type: string;
  data: {
    id: number;
    email: string;
    role?: string;
    confirmed_at?: string | null;
    marketing_opt_out_at?: string | null;
    erased_at?: string;
  };
}

/** Every request verified with the receiver's own copy of the secret, as a real receiver would. */
const verified = (requests: readonly ReceivedRequest[]): Event[] =>
  requests.map((r) => {
    const body = new Webhook(SECRET).verify(r.body, r.headers as Record<string, string>) as Omit<Event, 'id'>;
    return { id: String(r.headers['webhook-id']), ...body };
  });

describe.each(DIALECTS)('webhooks through the outbox on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let receiver: TestHttpReceiver;
  beforeAll(async () => {
    [smtp, receiver] = await Promise.all([startTestSmtpServer(), startHttpReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), receiver.close()]);
  });
  const suite = useTestApp(dialect, () => ({
    SMTP_URL: smtp.url,
    SITE_URL: SITE,
    MAIL_FROM: 'Acme Innovate <hello@example.com>',
    WEBHOOK_URL: `${receiver.url}/crm, ${receiver.url}/slack`,
    WEBHOOK_SECRET: SECRET,
    OUTBOX_POLL_MS: '100',
    OUTBOX_FIRST_RETRY_MS: '300',
  }));

  const linkIn = (text: string, kind: string) => {
    const url = new RegExp(`${SITE}/${kind}\\?token=[A-Za-z0-9_-]{43}`).exec(text)?.[0];
    if (!url) throw new Error(`no ${kind} link in the mail`);
    return new URL(url).searchParams.get('token')!;
  };

  it('signs every event, delivers each to every endpoint once and in order per person after the receiver was down', async () => {
    await receiver.stop();
    const ada = validSignup();
    const bob = validSignup();
    for (const person of [ada, bob]) {
      expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: person })).statusCode).toBe(201);
    }
    const mail = (await smtp.nextMailTo(ada.email, { timeoutMs: 15_000 })).text;
    const confirm = await suite.app.inject({ method: 'POST', url: '/confirm', ...form({ token: linkIn(mail, 'confirm') }) });
    expect(confirm.statusCode).toBe(200);
    const manage = linkIn(mail, 'manage');
    const corrected = await suite.app.inject({
      method: 'POST',
      url: '/manage/correct',
      ...form({ token: manage, role: 'Product Manager', company_size: '11-50 employees', desired_outcomes: 'Reuse insights' }),
    });
    expect(corrected.statusCode).toBe(200);
    expect(
      (await suite.app.inject({ method: 'POST', url: '/unsubscribe', ...form({ token: linkIn(mail, 'unsubscribe') }) })).statusCode,
    ).toBe(200);
    expect((await suite.app.inject({ method: 'POST', url: '/manage/erase', ...form({ token: manage, confirm: 'yes' }) })).statusCode).toBe(
      200,
    );

    // Down: the first attempts fail and nothing arrives; the events wait, in the outbox, for their retry.
    await expect
      .poll(
        async () =>
          (
            await suite.app.database.db
              .selectFrom('outbox')
              .select('attempts')
              .where('kind', '=', 'webhook')
              .where('attempts', '>', 0)
              .execute()
          ).length,
        { timeout: 10_000 },
      )
      .toBeGreaterThan(0);
    expect(receiver.requests).toHaveLength(0);
    await receiver.start();

    // Ada: created, confirmed, updated, unsubscribed, erased; Bob: created; to two endpoints each.
    const requests = await receiver.waitForCount(12, { timeoutMs: 20_000 });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.requests).toHaveLength(12);
    const events = verified(requests);
    expect(new Set(events.map((e) => e.id)).size).toBe(12); // each delivery once: no webhook-id arrives twice
    for (const endpoint of ['/crm', '/slack']) {
      const here = verified(requests.filter((r) => r.path === endpoint));
      const adaEvents = here.filter((e) => e.data.email === ada.email.trim().toLowerCase());
      expect(adaEvents.map((e) => e.type)).toEqual([
        'signup.created',
        'signup.confirmed',
        'signup.updated',
        'signup.unsubscribed',
        'signup.erased',
      ]);
      expect(adaEvents[1]!.data.confirmed_at).toEqual(expect.any(String));
      expect(adaEvents[2]!.data.role).toBe('Product Manager');
      expect(adaEvents[3]!.data.marketing_opt_out_at).toEqual(expect.any(String));
      expect(adaEvents[4]!.data).toEqual({
        id: adaEvents[0]!.data.id,
        email: ada.email.trim().toLowerCase(),
        erased_at: expect.any(String),
      });
      expect(here.filter((e) => e.data.email === bob.email.trim().toLowerCase()).map((e) => e.type)).toEqual(['signup.created']);
    }

    // A forged or replayed signature is what a receiver refuses: the check above is not a formality.
    const tampered = {
      ...(requests[0]!.headers as Record<string, string>),
      'webhook-signature': 'v1,' + Buffer.alloc(32).toString('base64'),
    };
    expect(() => new Webhook(SECRET).verify(requests[0]!.body, tampered)).toThrow();

    // Erased: once delivered, nothing about Ada stays in the outbox; Bob's delivered event stays (pruned after 30 days).
    const left = await suite.app.database.db
      .selectFrom('outbox')
      .select(['subject_id', 'topic', 'status'])
      .where('kind', '=', 'webhook')
      .execute();
    expect(left.map((r) => ({ ...r, subject_id: Number(r.subject_id) }))).toEqual(
      ['/crm', '/slack'].map(() => ({
        subject_id: events.find((e) => e.data.email === bob.email.trim().toLowerCase())!.data.id,
        topic: 'signup.created',
        status: 'sent',
      })),
    );
  });

  it('lets an operator see deliveries per endpoint and send one again with the same webhook-id', async () => {
    const before = receiver.requests.length;
    const deliveries = await suite.app.inject({ method: 'GET', url: '/api/admin/webhooks' });
    expect(deliveries.statusCode).toBe(401); // the console's routes need a session

    const { endpoints, recent } = await suite.app.stores.outboxReports.webhookDeliveries();
    expect(endpoints.map((e) => e.target)).toEqual([`${receiver.url}/crm`, `${receiver.url}/slack`]);
    const one = recent.find((r) => r.status === 'sent')!;
    expect(await suite.app.stores.outbox.resendWebhook(suite.app.database.db, one.id)).toBe(true);
    suite.app.delivery.webhooks.nudge();
    const [again] = (await receiver.waitForCount(before + 1)).slice(before);
    expect(again!.headers['webhook-id']).toBe(`msg_${one.id}`);
    expect(again!.path).toBe(new URL(one.target!).pathname);
  });
});

import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/connection';
import { migrate, migrations } from '../db/migrations';
import type { Stores } from '../db/stores';
import type { Services } from '../services';
import { servicesOn } from '../test/app';
import { hashToken } from '../lib/tokens';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../test/databases';
import { validSignup } from '../test/fixtures';
import { startTestSmtpServer, type TestSmtpServer } from '../test/smtp';
import { createMailChannel } from './mail-channel';
import { createOutboxMailRenderer } from './render-outbox-mail';
import { deliveryQueue } from './start';
import { createMailSources } from '../services/mail-sources';
import { createUseCases } from '../services/use-case';
import { createMailTransport, type MailTransport } from './smtp-transport';
import { createMetrics } from '../http/prometheus';
import { createDeliveryWorker, type DeliveryWorker, type DeliveryWorkerLog } from './worker';

const SITE = 'http://localhost:3000';
const quietLog: DeliveryWorkerLog = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(DIALECTS)('the delivery worker on %s, with a real SMTP server', (dialect) => {
  let testDb: TestDatabase;
  let database: Database;
  let stores: Stores;
  let services: Services;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let clock: Date;
  const workers: DeliveryWorker[] = [];

  const newWorker = ({
    transport: via = transport,
    ...overrides
  }: Partial<Parameters<typeof createDeliveryWorker>[0]> & { transport?: MailTransport } = {}) => {
    const worker = createDeliveryWorker({
      store: deliveryQueue(stores, services),
      channel: createMailChannel({
        transport: via,
        render: createOutboxMailRenderer({
          source: createMailSources(database, stores, createUseCases({ database, stores })),
          siteUrl: SITE,
          retentionDays: 30,
          now: () => clock,
        }),
        messageIdDomain: 'example.com',
      }),
      log: quietLog,
      now: () => clock,
      ...overrides,
    });
    workers.push(worker);
    return worker;
  };

  /** A stored sign-up with its confirmation mail queued, as the sign-up transaction leaves it. */
  const signUp = async (email = validSignup().email) => {
    await services.signups.signUp(validSignup({ email }));
    const id = (await stores.signups.idByEmail(database.db, email))!;
    return { id, email };
  };

  const rowsOf = (signupId: number) => database.db.selectFrom('outbox').selectAll().where('signup_id', '=', signupId).execute();

  beforeAll(async () => {
    testDb = await createTestDatabase(dialect);
    database = testDb.open();
    await migrate(database, migrations);
    ({ stores, services } = servicesOn(database, { now: () => clock }));
    smtp = await startTestSmtpServer();
    transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: 'Acme Innovate <hello@example.com>', timeouts: { socketMs: 2_000 } });
  });
  beforeEach(() => {
    clock = new Date();
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    smtp.recover();
    await smtp.start();
  });
  afterAll(async () => {
    transport.close();
    await smtp.close();
    await database.close();
    await testDb.drop();
  });

  it('sends a queued confirmation once, marks it sent and starts the retention clock', async () => {
    const { id, email } = await signUp();
    const worker = newWorker();
    expect(await worker.runOnce()).toBe(1);
    expect(await worker.runOnce()).toBe(0);

    const mail = await smtp.nextMailTo(email);
    expect(smtp.mailsTo(email)).toHaveLength(1);
    expect(mail.rawHeader('message-id')).toMatch(/^<outbox-\d+\.[A-Za-z0-9_-]{16}@example\.com>$/);
    const [row] = await rowsOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 0, last_error: null, locked_by: null });
    expect((await stores.signups.find(database.db, id))!.confirmation_sent_at).toBe(clock.toISOString());

    // The links carry tokens whose hashes (only) are stored, each for its own purpose.
    for (const purpose of ['confirm', 'manage', 'unsubscribe'] as const) {
      const token = new RegExp(`${SITE}/${purpose}\\?token=([A-Za-z0-9_-]{43})`).exec(mail.text)?.[1];
      expect(token, purpose).toBeDefined();
      const stored = await stores.personTokens.find(hashToken(token!));
      expect(stored).toMatchObject({ purpose, signupId: id, used_at: null });
      const raw = JSON.stringify(await database.db.selectFrom('person_tokens').selectAll().execute());
      expect(raw).not.toContain(token);
    }
  });

  it('retries a refused delivery after 30 s at most, then delivers', async () => {
    const { id, email } = await signUp();
    smtp.fail({ code: 451, times: 1 });
    const worker = newWorker();
    await worker.runOnce();
    const [pending] = await rowsOf(id);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending!.last_error).toMatch(/451/);
    const wait = new Date(database.decodeTimestamp(pending!.next_attempt_at)).getTime() - clock.getTime();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(30_000);

    expect(await worker.runOnce()).toBe(0); // not due yet
    clock = new Date(clock.getTime() + 30_001);
    expect(await worker.runOnce()).toBe(1);
    const delivered = await smtp.nextMailTo(email);
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // A retry carries the Message-ID the refused attempt had: the row's id and its key.
    const key = JSON.parse((await rowsOf(id))[0]!.payload).messageKey as string;
    expect(delivered.rawHeader('message-id')).toBe(`<outbox-${id}.${key}@example.com>`);
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('marks a permanently refused recipient failed at once', async () => {
    const { id } = await signUp();
    smtp.fail({ code: 550, stage: 'rcpt', times: 1 });
    await newWorker().runOnce();
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await stores.outboxReports.stuck(clock)).map((e) => e.signupId)).toContain(id);
  });

  it('gives up 24 hours after the row was written', async () => {
    const { id } = await signUp();
    await smtp.stop();
    const worker = newWorker();
    const written = clock.getTime();
    let rounds = 0;
    for (;;) {
      await worker.runOnce();
      rounds += 1;
      const [row] = await rowsOf(id);
      if (row!.status !== 'pending') break;
      clock = new Date(database.decodeTimestamp(row!.next_attempt_at));
    }
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'failed' });
    expect(clock.getTime() - written).toBe(24 * 60 * 60 * 1000);
    expect(rounds).toBeGreaterThan(20);
  });

  it('leaves mail pending without SMTP configured', async () => {
    const { id } = await signUp();
    const worker = newWorker({ transport: createMailTransport({ smtpUrl: undefined, mailFrom: 'x@example.com' }) });
    expect(await worker.runOnce()).toBe(0);
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'pending', attempts: 0, locked_by: null });
    await stores.outbox.markCancelled({ id: (await rowsOf(id))[0]!.id, workerId: 'none', reason: 'x' }); // no lease: ignored
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'pending' });
  });

  it('sends nothing to a person erased, confirmed or opted out since the mail was queued', async () => {
    const erased = await signUp();
    const confirmed = await signUp();
    const optedOut = await signUp();
    await database.db.updateTable('waitlist_signups').set({ confirmed_at: clock.toISOString() }).where('id', '=', confirmed.id).execute();
    await database.db
      .updateTable('waitlist_signups')
      .set({ marketing_opt_out_at: clock.toISOString() })
      .where('id', '=', optedOut.id)
      .execute();
    // Erasure takes the outbox row with it; a row already claimed finds the person gone.
    const worker = newWorker();
    await stores.outbox.claimDue('mail', {
      workerId: 'other',
      now: clock,
      leaseUntil: new Date(clock.getTime() - 1),
      limit: 100,
      lane: 'urgent',
    });
    await services.signups.erase(erased.id, { kind: 'person' });
    await worker.runOnce();
    expect(await rowsOf(erased.id)).toHaveLength(0);
    expect((await rowsOf(confirmed.id))[0]).toMatchObject({ status: 'cancelled', last_error: 'already confirmed' });
    expect((await rowsOf(optedOut.id))[0]).toMatchObject({ status: 'cancelled', last_error: 'opted out' });
    for (const p of [erased, confirmed, optedOut]) expect(smtp.mailsTo(p.email)).toHaveLength(0);
  });

  it('keeps the lease of a mail it is still sending, however slow the relay, so no other worker sends it again', async () => {
    const { email } = await signUp();
    smtp.delayReplies(1_500);
    const realNow = () => new Date();
    const slow = newWorker({ leaseMs: 600, now: realNow });
    const other = newWorker({ leaseMs: 600, now: realNow });
    const sending = slow.runOnce();
    // Another copy looks every 100 ms while the relay takes 1.5 s, more than twice the lease.
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      await other.runOnce();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await sending;
    expect(smtp.mailsTo(email)).toHaveLength(1);
  });

  it('takes over a lease left by a worker that died mid-send, once the lease has run out', async () => {
    const { id, email } = await signUp();
    const claimed = await stores.outbox.claimDue('mail', {
      workerId: 'dead-worker',
      now: clock,
      leaseUntil: new Date(clock.getTime() + 60_000),
      limit: 10,
      lane: 'urgent',
    });
    expect(claimed.map((r) => r.signupId)).toContain(id);
    const survivor = newWorker();
    await survivor.runOnce();
    expect(smtp.mailsTo(email)).toHaveLength(0);
    clock = new Date(clock.getTime() + 60_000);
    await survivor.runOnce();
    await smtp.nextMailTo(email);
    // The dead worker's late bookkeeping changes nothing.
    await stores.outbox.markRetry({
      id: claimed.find((r) => r.signupId === id)!.id,
      workerId: 'dead-worker',
      attempts: 9,
      nextAttemptAt: clock,
      lastError: 'late',
    });
    expect((await rowsOf(id))[0]).toMatchObject({ status: 'sent', attempts: 0 });
  });

  it('sends each mail once when several workers run at the same time', async () => {
    const people_ = await Promise.all(Array.from({ length: 40 }, () => signUp()));
    const racers = [newWorker({ batchSize: 3 }), newWorker({ batchSize: 5 }), newWorker({ batchSize: 4 })];
    for (let round = 0; round < 20; round++) {
      const handled = await Promise.all(racers.map((w) => w.runOnce()));
      if (handled.every((n) => n === 0)) break;
    }
    await smtp.waitForCount(40);
    for (const p of people_) expect(smtp.mailsTo(p.email)).toHaveLength(1);
    const statuses = await database.db
      .selectFrom('outbox')
      .select('status')
      .where(
        'signup_id',
        'in',
        people_.map((p) => p.id),
      )
      .execute();
    expect(statuses.every((s) => s.status === 'sent')).toBe(true);
  });

  it('counts a database it cannot use in waitlist_database_errors_total and keeps the mail for later', async () => {
    const { id } = await signUp();
    // PostgreSQL where nothing listens; for SQLite, an empty file without the outbox table.
    const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'waitlist-unusable-'));
    const unusable = openDatabase({
      databaseUrl: dialect === 'postgres' ? 'postgres://postgres@127.0.0.1:1/none' : undefined,
      dataDir: emptyDir,
    });
    try {
      const metrics = createMetrics();
      const broken = servicesOn(unusable);
      expect(await newWorker({ store: deliveryQueue(broken.stores, broken.services), metrics }).runOnce()).toBe(0);
      expect(await metrics.render()).toContain('waitlist_database_errors_total{operation="delivery"} 1');
    } finally {
      await unusable.close();
      fs.rmSync(emptyDir, { recursive: true, force: true });
    }
    expect(await rowsOf(id)).toMatchObject([{ status: 'pending' }]);
    expect(await newWorker().runOnce()).toBe(1);
  });

  it('delivers on its own once started, and stop() waits for the round in progress', async () => {
    const { email } = await signUp();
    const worker = newWorker({ pollMs: 50, now: () => new Date() });
    worker.start();
    await smtp.nextMailTo(email, { timeoutMs: 5_000 });
    await worker.stop();
  });
});

import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH, type AdminAuditPage } from '@waitlist/contract';
import { useTestAppWithMail } from '../test/app-with-mail';
import { DIALECTS } from '../test/databases';
import { apiHeaders, validSignup } from '../test/fixtures';
import { ADMIN_TEST_ENV, addOperator, signIn } from '../test/console';
import { MAIL_TOPICS } from '../services/signup-events';

/**
 * Issue 35 item 3, with a real SMTP server that refuses a dead mailbox at RCPT as real servers do: the refusal
 * suppresses the address at once (hard-bounce, which mail caused it); nothing but what the person has just asked for
 * goes to it again, whichever lane; the entry is a keyed hash, so it survives the person's erasure and a new sign-up
 * of the same address; the console looks an address up, counts by reason, and an owner lifts one with a reason.
 */
describe.each(DIALECTS)('the suppression list on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
    OUTBOX_FIRST_RETRY_MS: '100',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
    METRICS_TOKEN: 'a-metrics-token-for-the-suppression-test',
  }));
  const metric = async (line: RegExp) => {
    const res = await suite.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer a-metrics-token-for-the-suppression-test' },
    });
    return Number(line.exec(res.body)?.[1]);
  };
  const dead = `gone-${dialect}@scania.com`;
  const owner = `owner-${dialect}@acme.example`;
  const api = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
    suite.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      ...(payload ? { payload } : {}),
    });
  const outboxOf = async (signupId: number) =>
    suite.app.database.db
      .selectFrom('outbox')
      .select(['topic', 'status', 'last_error'])
      .where('signup_id', '=', signupId)
      .orderBy('id')
      .execute();
  const idOf = async (email: string) =>
    Number(
      (await suite.app.database.db.selectFrom('waitlist_signups').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    );
  /** A mail the person did not just ask for (the welcome of a partner's code): queued as a change queues it. */
  const queueWelcome = (signupId: number) =>
    suite.app.services.useCases.run((change) => change.mail([{ signupId, topic: MAIL_TOPICS.welcome, payload: {}, at: change.at }]));

  it('suppresses an address the relay refuses for good, and sends it nothing more but what the person asks for', async () => {
    await addOperator(suite.app, owner);
    const cookie = await signIn(suite.app, owner);
    smtp.refuseRecipients([dead]);
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup({ email: dead }) });
    expect(res.statusCode).toBe(201);
    const id = await idOf(dead);
    await expect.poll(async () => (await outboxOf(id))[0]?.status, { timeout: 15_000 }).toBe('failed');

    const looked = await api('GET', `/suppressions?email=${encodeURIComponent(` ${dead.toUpperCase()} `)}`, cookie);
    // Why: the relay's 550 at RCPT, read by its reason (issue 45).
    expect(looked.json()).toMatchObject({ suppressed: true, reason: 'hard-bounce', bounce_reason: 'user-unknown' });
    expect((await api('GET', '/suppressions?email=someone.else@scania.com', cookie)).json()).toEqual({
      suppressed: false,
      reason: null,
      since: null,
      bounce_reason: null,
    });
    expect((await api('GET', '/suppressions/counts', cookie)).json().counts).toMatchObject({ 'hard-bounce': 1, complaint: 0 });
    // The person's page says so.
    expect((await api('GET', `/signups/${id}/mail`, cookie)).json().suppression).toMatchObject({ reason: 'hard-bounce' });
    // Only a keyed hash is kept, with the mail that caused it.
    const stored = await suite.app.database.db.selectFrom('mail_suppressions').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(dead);
    expect(stored[0]!.cause).toMatch(/^outbox:\d+ rcpt 550 5\.1\.1 user-unknown$/);

    // The next mail it did not ask for is not even tried.
    smtp.recover();
    const refusalsBefore = smtp.refusals;
    await queueWelcome(id);
    await expect
      .poll(async () => (await outboxOf(id)).at(-1), { timeout: 15_000 })
      .toMatchObject({ topic: 'welcome', status: 'cancelled' });
    expect((await outboxOf(id)).at(-1)!.last_error).toMatch(/suppressed \(hard-bounce\)/);
    expect(smtp.refusals).toBe(refusalsBefore);
    // Prometheus: the bounce and the send not made.
    expect(await metric(/^waitlist_mail_bounces_total\{kind="hard"\} (\d+)/m)).toBe(1);
    expect(await metric(/^waitlist_mail_suppressed_sends_total\{reason="hard-bounce"\} (\d+)/m)).toBe(1);
  });

  it('survives the erasure and a new sign-up of the address; an owner lifts it with a reason, audited', async () => {
    const cookie = await signIn(suite.app, owner);
    const id = await idOf(dead);
    expect(
      (
        await suite.app.inject({
          method: 'DELETE',
          url: `/api/admin/signups/${id}`,
          headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
        })
      ).statusCode,
    ).toBeLessThan(300);
    const again = await suite.app.inject({
      method: 'POST',
      url: SIGNUPS_PATH,
      headers: apiHeaders(),
      payload: validSignup({ email: dead }),
    });
    expect(again.statusCode).toBe(201);
    expect((await api('GET', `/suppressions?email=${encodeURIComponent(dead)}`, cookie)).json()).toMatchObject({ suppressed: true });

    const mate = `mate-${dialect}@acme.example`;
    await addOperator(suite.app, mate, undefined, 'member');
    const asMember = await signIn(suite.app, mate);
    expect((await api('POST', '/suppressions/lift', asMember, { email: dead, note: 'typo fixed' })).statusCode).toBe(403);
    expect(
      (await api('POST', '/suppressions/lift', cookie, { email: dead, note: 'the mailbox exists again (they wrote to us)' })).statusCode,
    ).toBe(204);
    expect((await api('GET', `/suppressions?email=${encodeURIComponent(dead)}`, cookie)).json()).toMatchObject({ suppressed: false });
    expect((await api('POST', '/suppressions/lift', cookie, { email: dead, note: 'again' })).statusCode).toBe(404);
    // A lifted address gets mail again.
    await queueWelcome(await idOf(dead));
    await expect.poll(() => smtp.mailsTo(dead).length, { timeout: 15_000 }).toBeGreaterThan(0);

    const trail = (await api('GET', '/audit', cookie)).json<AdminAuditPage>().items;
    expect(trail.find((e) => e.action === 'suppression.add')).toMatchObject({ detail: 'hard-bounce', outcome: 'ok' });
    expect(trail.find((e) => e.action === 'suppression.lift' && e.outcome === 'ok')?.detail).toMatch(
      /^hard-bounce: the mailbox exists again/,
    );
    expect(JSON.stringify(trail)).not.toContain(dead);
  });

  it('lifts a suppression when the person confirms: their click proves the mailbox works and that they want our mail', async () => {
    const cookie = await signIn(suite.app, owner);
    const person = `back-${dialect}@volvo.com`;
    expect((await api('POST', '/suppressions', cookie, { email: person, note: 'asked by phone to stop' })).statusCode).toBe(204);
    const res = await suite.app.inject({
      method: 'POST',
      url: SIGNUPS_PATH,
      headers: apiHeaders(),
      payload: validSignup({ email: person }),
    });
    expect(res.statusCode).toBe(201);
    // The confirmation is what they just asked for: it goes despite the suppression.
    const mail = await smtp.nextMailTo(person, { timeoutMs: 15_000 });
    const token = /\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
    expect(token).toBeDefined();
    const done = await suite.app.inject({
      method: 'POST',
      url: '/confirm',
      payload: new URLSearchParams({ token: token! }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(done.statusCode).toBe(200);
    expect((await api('GET', `/suppressions?email=${encodeURIComponent(person)}`, cookie)).json()).toMatchObject({ suppressed: false });
    const trail = (await api('GET', '/audit?action=suppression.lift', cookie)).json<AdminAuditPage>().items;
    expect(trail[0]).toMatchObject({ operator_id: null, detail: 'manual: the person confirmed' });
  });
});

import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { DIALECTS } from '../../test/databases';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { ADMIN_TEST_ENV, addOperator, adminClient, signIn } from '../../test/console';

const POSTMARK = 'postmark-hooks:a-long-postmark-webhook-password';
const MAILGUN_KEY = 'key-mailgun-webhook-signing-key-0123456789';
const RESEND_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

/** Mailgun's documented signature: HMAC-SHA256 of timestamp + token under the webhook signing key, hex. */
function mailgunSigned(eventData: object, at = new Date()) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const token = randomBytes(25).toString('hex');
  return {
    signature: {
      timestamp,
      token,
      signature: createHmac('sha256', MAILGUN_KEY)
        .update(timestamp + token)
        .digest('hex'),
    },
    'event-data': eventData,
  };
}

/** Svix's documented signature (Resend): base64 HMAC-SHA256 of `id.timestamp.body` under the secret's base64 bytes. */
function svixHeaders(body: string, secret = RESEND_SECRET, at = new Date()) {
  const id = `msg_${randomBytes(12).toString('hex')}`;
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return { 'svix-id': id, 'svix-timestamp': timestamp, 'svix-signature': `v1,${signature}`, 'content-type': 'application/json' };
}

/** Postmark's Bounce webhook, as its docs show it (with our recipient). */
const postmarkBounce = (email: string, type = 'HardBounce', typeCode = 1) => ({
  RecordType: 'Bounce',
  MessageStream: 'outbound',
  ID: 4323372036854775,
  Type: type,
  TypeCode: typeCode,
  Name: 'Hard bounce',
  Tag: 'Test',
  MessageID: '883953f4-6105-42a2-a16a-77a8eac79483',
  Metadata: { a_key: 'a_value', b_key: 'b_value' },
  ServerID: 23,
  Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
  Details: 'Test bounce details',
  Email: email,
  From: 'sender@example.com',
  BouncedAt: '2026-11-27T16:33:54.9070259Z',
  DumpAvailable: true,
  Inactive: true,
  CanActivate: true,
  Subject: 'Test subject',
  Content: '<Full dump of bounce>',
});

/**
 * Issue 35 item 2: Postmark, Mailgun and Resend report bounces and complaints by webhook; each is verified the way the
 * relay documents, with the payloads its docs show, and becomes the same event as a report by SMTP would.
 */
describe.each(DIALECTS)('relay webhooks on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
    POSTMARK_WEBHOOK_CREDENTIALS: POSTMARK,
    MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
    RESEND_WEBHOOK_SECRET: RESEND_SECRET,
  }));
  const owner = `owner-${dialect}@acme.example`;
  let cookie = '';
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const suppressionOf = async (email: string) => (await admin('GET', `/suppressions?email=${encodeURIComponent(email)}`)).json();
  const post = (relay: string, payload: string, headers: Record<string, string>) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/mail-events/${relay}`,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  /** Signs `email` up; answers its confirmation once the outbox says it was handed over (a relay reports only on that). */
  const signUp = async (email: string) => {
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup({ email }) });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.nextMailTo(email, { timeoutMs: 15_000 });
    const statuses = async () =>
      (
        await suite.app.database.db
          .selectFrom('outbox')
          .innerJoin('waitlist_signups', 'waitlist_signups.id', 'outbox.signup_id')
          .select('outbox.status')
          .where('waitlist_signups.email', '=', email)
          .execute()
      ).map((r) => r.status);
    await expect.poll(statuses, { timeout: 10_000 }).toContain('sent');
    return mail;
  };
  const basic = (credentials: string) => ({ authorization: `Basic ${Buffer.from(credentials).toString('base64')}` });

  it('Postmark: Basic credentials; a HardBounce suppresses, a SpamComplaint too, wrong credentials change nothing', async () => {
    await addOperator(suite.app, owner);
    cookie = await signIn(suite.app, owner);
    const gone = `pm-gone-${dialect}@volvo.com`;
    await signUp(gone);
    const body = JSON.stringify(postmarkBounce(gone));
    expect((await post('postmark', body, basic('postmark-hooks:a-wrong-password-of-length'))).statusCode).toBe(401);
    expect((await post('postmark', body, {})).statusCode).toBe(401);
    expect(await suppressionOf(gone)).toMatchObject({ suppressed: false });
    expect((await post('postmark', body, basic(POSTMARK))).statusCode).toBe(204);
    expect(await suppressionOf(gone)).toMatchObject({ suppressed: true, reason: 'hard-bounce' });

    const annoyed = `pm-spam-${dialect}@scania.com`;
    await signUp(annoyed);
    const complaint = { ...postmarkBounce(annoyed, 'SpamComplaint', 512), RecordType: 'SpamComplaint', Name: 'Spam complaint' };
    expect((await post('postmark', JSON.stringify(complaint), basic(POSTMARK))).statusCode).toBe(204);
    expect(await suppressionOf(annoyed)).toMatchObject({ suppressed: true, reason: 'complaint' });
    // A delivery event is acknowledged and changes nothing.
    const fine = `pm-fine-${dialect}@abb.com`;
    await signUp(fine);
    const delivery = { RecordType: 'Delivery', ServerID: 23, MessageStream: 'outbound', MessageID: 'x', Recipient: fine, Tag: '' };
    expect((await post('postmark', JSON.stringify(delivery), basic(POSTMARK))).statusCode).toBe(204);
    expect(await suppressionOf(fine)).toMatchObject({ suppressed: false });
  });

  it('Mailgun: the signing key’s HMAC, fresh; a permanent failure names our Message-ID, so the mail itself is marked', async () => {
    const gone = `mg-gone-${dialect}@ericsson.com`;
    const mail = await signUp(gone);
    const messageId = mail.rawHeader('message-id')!.replace(/^<|>$/g, '');
    const failed = {
      event: 'failed',
      id: 'G9Bn5sl1TC6nu79C8C0bwg',
      timestamp: Date.now() / 1000,
      'log-level': 'error',
      severity: 'permanent',
      reason: 'bounce',
      recipient: gone,
      'recipient-domain': 'ericsson.com',
      envelope: { sender: 'bob@sandbox.mailgun.org', transport: 'smtp', targets: gone },
      message: {
        headers: { to: gone, 'message-id': messageId, from: 'Acme <hello@acme.example>', subject: 'Confirm' },
        attachments: [],
        size: 111,
      },
      'delivery-status': {
        code: 550,
        message: '5.1.1 The email account that you tried to reach does not exist.',
        'attempt-no': 1,
        description: '',
      },
      flags: { 'is-routed': false, 'is-authenticated': true, 'is-system-test': false, 'is-test-mode': false },
    };
    const stale = JSON.stringify(mailgunSigned(failed, new Date(Date.now() - 60 * 60 * 1000)));
    expect((await post('mailgun', stale, {})).statusCode).toBe(401);
    const forged = mailgunSigned(failed);
    forged.signature.signature = forged.signature.signature.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await post('mailgun', JSON.stringify(forged), {})).statusCode).toBe(401);
    expect(await suppressionOf(gone)).toMatchObject({ suppressed: false });
    expect((await post('mailgun', JSON.stringify(mailgunSigned(failed)), {})).statusCode).toBe(204);
    expect(await suppressionOf(gone)).toMatchObject({ suppressed: true, reason: 'hard-bounce' });
    const outboxId = Number(/^outbox-(\d+)\./.exec(messageId)![1]);
    const row = await suite.app.database.db.selectFrom('outbox').select('feedback').where('id', '=', outboxId).executeTakeFirstOrThrow();
    expect(row.feedback).toBe('hard-bounce');

    const annoyed = `mg-spam-${dialect}@abb.com`;
    await signUp(annoyed);
    const complained = {
      event: 'complained',
      id: '-Agny091SquKnsrW2NEKUA',
      timestamp: Date.now() / 1000,
      recipient: annoyed,
      message: { headers: {} },
    };
    expect((await post('mailgun', JSON.stringify(mailgunSigned(complained)), {})).statusCode).toBe(204);
    expect(await suppressionOf(annoyed)).toMatchObject({ suppressed: true, reason: 'complaint' });
  });

  it('Resend: Svix signatures over the exact bytes; a Permanent bounce suppresses, a changed byte is refused', async () => {
    const gone = `rs-gone-${dialect}@saab.com`;
    await signUp(gone);
    const event = {
      type: 'email.bounced',
      created_at: new Date().toISOString(),
      data: {
        broadcast_id: '8b146471-e88e-4322-86af-016cd36fd216',
        created_at: new Date().toISOString(),
        email_id: '56761188-7520-42d8-8898-ff6fc54ce618',
        from: 'Acme <hello@acme.example>',
        to: [gone],
        subject: 'Confirm your place',
        bounce: {
          message: "The recipient's email address does not exist.",
          subType: 'General',
          type: 'Permanent',
        },
      },
    };
    const body = JSON.stringify(event);
    const headers = svixHeaders(body);
    expect((await post('resend', body.replace('Permanent', 'Transient'), headers)).statusCode).toBe(401);
    expect((await post('resend', body, svixHeaders(body, `whsec_${randomBytes(24).toString('base64')}`))).statusCode).toBe(401);
    expect((await post('resend', body, svixHeaders(body, RESEND_SECRET, new Date(Date.now() - 30 * 60 * 1000)))).statusCode).toBe(401);
    expect(await suppressionOf(gone)).toMatchObject({ suppressed: false });
    expect((await post('resend', body, headers)).statusCode).toBe(204);
    expect(await suppressionOf(gone)).toMatchObject({ suppressed: true, reason: 'hard-bounce' });

    const annoyed = `rs-spam-${dialect}@ikea.com`;
    await signUp(annoyed);
    const complained = JSON.stringify({
      type: 'email.complained',
      created_at: new Date().toISOString(),
      data: { ...event.data, to: [annoyed], bounce: undefined },
    });
    expect((await post('resend', complained, svixHeaders(complained))).statusCode).toBe(204);
    expect(await suppressionOf(annoyed)).toMatchObject({ suppressed: true, reason: 'complaint' });
    // Not a relay we know; bad JSON with a valid signature is a clear 400.
    expect((await post('sendgrid', body, {})).statusCode).toBe(404);
    expect((await post('resend', '{"type":', svixHeaders('{"type":'))).statusCode).toBe(400);
  });
});

/**
 * Issue 45 item 5: a captured webhook, replayed within its signature's tolerance, changes nothing; and a relay's words
 * are read by their reason as a report by mail is (a DMARC refusal suppresses nobody).
 */
describe.each(DIALECTS)('replayed relay events on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
    POSTMARK_WEBHOOK_CREDENTIALS: POSTMARK,
    MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY,
    RESEND_WEBHOOK_SECRET: RESEND_SECRET,
  }));
  const post = (relay: string, payload: string, headers: Record<string, string>) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/mail-events/${relay}`,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
  /** Signs `email` up and waits until its confirmation is marked sent (a relay reports only on what it was handed). */
  const signUp = async (email: string) => {
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup({ email }) });
    expect(res.statusCode).toBe(201);
    await smtp.nextMailTo(email, { timeoutMs: 15_000 });
    await expect
      .poll(
        async () =>
          (
            await suite.app.database.db
              .selectFrom('outbox')
              .innerJoin('waitlist_signups', 'waitlist_signups.id', 'outbox.signup_id')
              .select('outbox.status')
              .where('waitlist_signups.email', '=', email)
              .execute()
          ).map((r) => r.status),
        { timeout: 10_000 },
      )
      .toContain('sent');
  };
  const softBounces = async () =>
    Number(
      (
        await suite.app.database.db
          .selectFrom('mail_soft_bounces')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const basic = { authorization: `Basic ${Buffer.from(POSTMARK).toString('base64')}` };

  it('takes each event once: a replayed Mailgun token, Resend svix-id or Postmark record ID is acknowledged and changes nothing', async () => {
    const full = `full-${dialect}@volvo.com`;
    await signUp(full);
    const temporary = {
      event: 'failed',
      severity: 'temporary',
      reason: 'generic',
      recipient: full,
      message: { headers: {} },
      'delivery-status': { code: 452, message: '4.2.2 The email account that you tried to reach is over quota.', description: '' },
    };
    const signed = JSON.stringify(mailgunSigned(temporary));
    expect((await post('mailgun', signed, {})).statusCode).toBe(204);
    expect(await softBounces()).toBe(1);
    expect((await post('mailgun', signed, {})).statusCode).toBe(204);
    expect((await post('mailgun', signed, {})).statusCode).toBe(204);
    expect(await softBounces()).toBe(1);

    const resendEvent = JSON.stringify({
      type: 'email.bounced',
      created_at: new Date().toISOString(),
      data: { to: [full], bounce: { type: 'Transient', subType: 'MailboxFull', message: 'Mailbox full' } },
    });
    const headers = svixHeaders(resendEvent);
    expect((await post('resend', resendEvent, headers)).statusCode).toBe(204);
    expect((await post('resend', resendEvent, headers)).statusCode).toBe(204);
    expect(await softBounces()).toBe(2);

    const postmark = JSON.stringify({ ...postmarkBounce(full, 'SoftBounce', 4096), ID: 777001, Details: 'smtp;452 4.2.2 Mailbox full' });
    expect((await post('postmark', postmark, basic)).statusCode).toBe(204);
    expect((await post('postmark', postmark, basic)).statusCode).toBe(204);
    // Three different events, each taken once: the third transient bounce within the week suppresses.
    expect(await softBounces()).toBe(0);
    const suppressed = await suite.app.services.suppressions.lookup(full);
    expect(suppressed).toMatchObject({ reason: 'soft-bounce' });
  });

  it('reads a relay’s words by their reason: a DMARC refusal by Mailgun suppresses nobody and is counted for the domain', async () => {
    const strict = `strict-${dialect}@receiver.example`;
    await signUp(strict);
    const refused = {
      event: 'failed',
      severity: 'permanent',
      reason: 'bounce',
      recipient: strict,
      message: { headers: {} },
      'delivery-status': {
        code: 550,
        message: "5.7.26 Unauthenticated email from acme.example is not accepted due to domain's DMARC policy.",
        description: '',
      },
    };
    expect((await post('mailgun', JSON.stringify(mailgunSigned(refused)), {})).statusCode).toBe(204);
    expect(await suite.app.services.suppressions.lookup(strict)).toBeUndefined();
    expect(await suite.app.services.mailFeedback.refusals(new Date())).toContainEqual(
      expect.objectContaining({ domain: 'receiver.example', reason: 'auth-failure', count: 1 }),
    );
  });
});

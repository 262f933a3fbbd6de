import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNUPS_PATH } from '@waitlist/contract';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { DIALECTS } from '../../test/databases';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { type ReceivedMail } from '../../test/smtp';
import { ADMIN_TEST_ENV, addOperator, adminClient, signIn } from '../../test/console';
import { parseBookingRef } from '../../lib/booking-refs';

const CAL_SECRET = 'cal-com-webhook-secret-0123456789';
const CALENDLY_KEY = 'calendly-signing-key-0123456789abcdef';

/** Cal.com's documented signature: HMAC-SHA256 of the raw body under the webhook's secret, hex, in X-Cal-Signature-256. */
const calHeaders = (body: string, secret = CAL_SECRET) => ({
  'content-type': 'application/json',
  'x-cal-signature-256': createHmac('sha256', secret).update(body).digest('hex'),
});
/** Calendly's documented signature: `t=<unix>,v1=<hex HMAC-SHA256 of "t.body">` in Calendly-Webhook-Signature. */
const calendlyHeaders = (body: string, at = new Date(), key = CALENDLY_KEY) => {
  const t = String(Math.floor(at.getTime() / 1000));
  return {
    'content-type': 'application/json',
    'calendly-webhook-signature': `t=${t},v1=${createHmac('sha256', key).update(`${t}.${body}`).digest('hex')}`,
  };
};

/** A Cal.com booking webhook as its docs show it (trimmed of the organiser's details we do not read). */
const calComEvent = (
  trigger: string,
  p: { uid: string; start: string; ref?: string; email: string; rescheduleUid?: string; createdAt?: string },
) => ({
  triggerEvent: trigger,
  createdAt: p.createdAt ?? new Date().toISOString(),
  payload: {
    type: '20min',
    title: '20 min call between Founder and Guest',
    description: '',
    customInputs: {},
    startTime: p.start,
    endTime: new Date(Date.parse(p.start) + 20 * 60_000).toISOString(),
    organizer: { name: 'Founder', email: 'founder@acme.example', timeZone: 'Europe/Stockholm', language: { locale: 'en' } },
    attendees: [{ name: 'Guest', email: p.email, timeZone: 'Europe/Stockholm', language: { locale: 'sv' } }],
    location: 'integrations:daily',
    uid: p.uid,
    ...(p.rescheduleUid ? { rescheduleUid: p.rescheduleUid } : {}),
    metadata: p.ref ? { ref: p.ref, videoCallUrl: 'https://app.cal.com/video/x' } : { videoCallUrl: 'https://app.cal.com/video/x' },
    status: 'ACCEPTED',
  },
});

/** A Calendly invitee webhook as its docs show it (v2: `payload` is the invitee, with scheduled_event and tracking). */
const calendlyEvent = (
  event: 'invitee.created' | 'invitee.canceled',
  p: { uri: string; start: string; ref?: string; email: string; oldInvitee?: string; rescheduled?: boolean; createdAt?: string },
) => ({
  created_at: p.createdAt ?? new Date().toISOString(),
  created_by: 'https://api.calendly.com/users/AAAAAAAAAAAAAAAA',
  event,
  payload: {
    cancel_url: 'https://calendly.com/cancellations/AAAAAAAAAAAAAAAA',
    created_at: '2026-11-27T10:00:00.000000Z',
    email: p.email,
    event: 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2',
    name: 'Guest',
    new_invitee: null,
    old_invitee: p.oldInvitee ?? null,
    reschedule_url: 'https://calendly.com/reschedulings/AAAAAAAAAAAAAAAA',
    rescheduled: p.rescheduled ?? false,
    status: event === 'invitee.created' ? 'active' : 'canceled',
    timezone: 'Europe/Stockholm',
    tracking: { utm_campaign: null, utm_source: null, utm_medium: null, utm_content: p.ref ?? null, utm_term: null, salesforce_uuid: null },
    uri: p.uri,
    scheduled_event: {
      uri: 'https://api.calendly.com/scheduled_events/GBGBDCAADAEDCRZ2',
      name: '20 Minute Meeting',
      status: 'active',
      start_time: p.start,
      end_time: new Date(Date.parse(p.start) + 20 * 60_000).toISOString(),
    },
  },
});

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});
const confirmTokenIn = (mail: ReceivedMail) => /\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
const inDays = (days: number, hour = 10) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/**
 * Issue 36 item 3: a confirmed person at or above BOOKING_MIN_SCORE is offered a call (the confirmation page and a
 * follow-up mail, in their language), the link carries an opaque reference, and the schedulers' webhooks (each
 * verified as documented, with the payloads their docs show) keep the person's meeting_at; others see no offer.
 */
describe.each(DIALECTS)('booking a call on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
    UNVERIFIED_MAIL_BUDGET_PER_HOUR: 'off',
    BOOKING_URL: 'https://cal.com/acme-founders/20min',
    BOOKING_MIN_SCORE: '70',
    CALCOM_WEBHOOK_SECRET: CAL_SECRET,
    CALENDLY_WEBHOOK_SIGNING_KEY: CALENDLY_KEY,
  }));
  let cookie = '';
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const post = (scheduler: string, body: string, headers: Record<string, string>) =>
    suite.app.inject({ method: 'POST', url: `/api/bookings/${scheduler}`, payload: body, headers });
  const signedIn = async () => {
    if (cookie) return;
    await addOperator(suite.app, `owner-${dialect}@acme.example`);
    cookie = await signIn(suite.app, `owner-${dialect}@acme.example`);
  };
  const person = async (id: number) =>
    (await admin('GET', `/signups/${id}`)).json() as { meeting_at: string | null; fit_score: number; meeting_unreferenced?: boolean };

  /** Signs up, confirms by the mail's button; answers the page after confirming and the person's id. */
  const signUpAndConfirm = async (overrides: Parameters<typeof validSignup>[0]) => {
    const signup = validSignup(overrides);
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup });
    expect(res.statusCode).toBe(201);
    const token = confirmTokenIn(await smtp.nextMailTo(signup.email, { timeoutMs: 15_000 }));
    const prefix = signup.locale === 'sv' ? '/sv' : '';
    const page = await suite.app.inject({ method: 'POST', url: `${prefix}/confirm`, ...form({ token: token! }) });
    expect(page.statusCode).toBe(200);
    const id = (await suite.app.stores.signups.idByEmail(suite.app.database.db, signup.email))!;
    return { signup, page: page.body, id };
  };

  it('offers the call to a good fit only, with an opaque reference; a follow-up mail carries the same link', async () => {
    await signedIn();
    const best = await signUpAndConfirm({ email: `head-${dialect}@volvo.com`, locale: 'sv' });
    expect(best.page).toContain('Boka ett 20 minuters samtal med en grundare');
    const href = /href="(https:\/\/cal\.com\/acme-founders\/20min\?[^"]+)"/.exec(best.page)?.[1]?.replaceAll('&amp;', '&');
    expect(href).toBeDefined();
    const link = new URL(href!);
    const ref = link.searchParams.get('metadata[ref]')!;
    expect(ref).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(href).not.toContain('volvo');
    // The link carries the reference alone; only our key reads the person out of it, and a changed one reads nobody.
    expect([...link.searchParams.keys()]).toEqual(['metadata[ref]']);
    const key = await suite.app.services.sharedSecrets.read('booking-refs');
    expect(parseBookingRef(ref, key)).toBe(best.id);
    expect(parseBookingRef(ref, 'another-key')).toBeUndefined();
    expect(parseBookingRef(`${ref.startsWith('A') ? 'B' : 'A'}${ref.slice(1)}`, key)).toBeUndefined();
    const followUp = await smtp.nextMailTo(best.signup.email, { timeoutMs: 15_000 });
    expect(followUp.subject).toContain('20 minuters samtal');
    expect(followUp.html).toContain(href!.replaceAll('&', '&amp;'));

    const poor = await signUpAndConfirm({ email: `other-${dialect}@gmail.com`, role: 'Other', company_size: '1-10 employees' });
    expect((await person(poor.id)).fit_score).toBeLessThan(70);
    expect(poor.page).toContain('you are confirmed');
    expect(poor.page).not.toContain('Book a 20-minute call');
    await expect(smtp.nextMailTo(poor.signup.email, { timeoutMs: 1_500 })).rejects.toThrow();
  });

  it('Cal.com: booked, moved, cancelled; a wrong signature or a changed byte changes nothing', async () => {
    await signedIn();
    const { id } = await signUpAndConfirm({ email: `cal-${dialect}@scania.com` });
    const link = await suite.app.services.bookings.linkFor({ id, confirmed_at: new Date().toISOString(), fit_score: 100 });
    const ref = new URL(link!).searchParams.get('metadata[ref]')!;
    const start = inDays(3);
    const created = JSON.stringify(calComEvent('BOOKING_CREATED', { uid: `uid-a-${dialect}`, start, ref, email: 'someone@else.example' }));
    expect((await post('cal-com', created, calHeaders(created, 'not-the-secret-at-all-0000'))).statusCode).toBe(401);
    expect((await post('cal-com', `${created} `, calHeaders(created))).statusCode).toBe(401);
    expect((await post('cal-com', created, { 'content-type': 'application/json' })).statusCode).toBe(401);
    expect((await person(id)).meeting_at).toBeNull();
    expect((await post('cal-com', created, calHeaders(created))).statusCode).toBe(204);
    expect((await person(id)).meeting_at).toBe(start);
    expect((await person(id)).meeting_unreferenced).toBeUndefined();
    // The upcoming calls list them.
    const upcoming = (await admin('GET', '/meetings')).json() as { booking_configured: boolean; items: { id: number }[] };
    expect(upcoming.booking_configured).toBe(true);
    expect(upcoming.items.map((p) => p.id)).toContain(id);

    // A new time: Cal.com books anew (a new uid) and names the booking it replaces; no reference needed.
    const later = inDays(5);
    const moved = JSON.stringify(
      calComEvent('BOOKING_RESCHEDULED', {
        uid: `uid-b-${dialect}`,
        start: later,
        email: 'someone@else.example',
        rescheduleUid: `uid-a-${dialect}`,
      }),
    );
    expect((await post('cal-com', moved, calHeaders(moved))).statusCode).toBe(204);
    expect((await person(id)).meeting_at).toBe(later);
    // A late copy of the first event changes nothing (older than what was applied).
    const stale = JSON.stringify(
      calComEvent('BOOKING_CREATED', {
        uid: `uid-a-${dialect}`,
        start,
        ref,
        email: 'x@y.example',
        createdAt: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    );
    expect((await post('cal-com', stale, calHeaders(stale))).statusCode).toBe(204);
    expect((await person(id)).meeting_at).toBe(later);
    const cancelled = JSON.stringify(calComEvent('BOOKING_CANCELLED', { uid: `uid-b-${dialect}`, start: later, email: 'x@y.example' }));
    expect((await post('cal-com', cancelled, calHeaders(cancelled))).statusCode).toBe(204);
    expect((await person(id)).meeting_at).toBeNull();
    // A booking by someone not on the list (no reference, an unknown address) is acknowledged and changes nothing.
    const stranger = JSON.stringify(calComEvent('BOOKING_CREATED', { uid: `uid-s-${dialect}`, start, email: 'stranger@nowhere.example' }));
    expect((await post('cal-com', stranger, calHeaders(stranger))).statusCode).toBe(204);
  });

  it('Calendly: a signed, fresh invitee.created books; a new time (cancel + create) moves it; stale signatures are refused', async () => {
    await signedIn();
    const { id, signup } = await signUpAndConfirm({ email: `calendly-${dialect}@ericsson.com` });
    const start = inDays(2, 13);
    // Calendly hands back utm_content; here the person came without it: the attendee's address finds them.
    const created = JSON.stringify(
      calendlyEvent('invitee.created', {
        uri: `https://api.calendly.com/scheduled_events/E/invitees/A-${dialect}`,
        start,
        email: signup.email,
      }),
    );
    expect((await post('calendly', created, calendlyHeaders(created, new Date(Date.now() - 10 * 60_000)))).statusCode).toBe(401);
    expect((await post('calendly', created, calendlyHeaders(created, new Date(), 'another-signing-key-0123456789'))).statusCode).toBe(401);
    expect((await person(id)).meeting_at).toBeNull();
    expect((await post('calendly', created, calendlyHeaders(created))).statusCode).toBe(204);
    expect((await person(id)).meeting_at).toBe(start);

    const later = inDays(4, 9);
    const cancelOld = JSON.stringify(
      calendlyEvent('invitee.canceled', {
        uri: `https://api.calendly.com/scheduled_events/E/invitees/A-${dialect}`,
        start,
        email: signup.email,
        rescheduled: true,
      }),
    );
    const createNew = JSON.stringify(
      calendlyEvent('invitee.created', {
        uri: `https://api.calendly.com/scheduled_events/F/invitees/B-${dialect}`,
        start: later,
        email: signup.email,
        oldInvitee: `https://api.calendly.com/scheduled_events/E/invitees/A-${dialect}`,
      }),
    );
    // Either order ends the same: the new time.
    expect((await post('calendly', createNew, calendlyHeaders(createNew))).statusCode).toBe(204);
    expect((await post('calendly', cancelOld, calendlyHeaders(cancelOld))).statusCode).toBe(204);
    expect((await person(id)).meeting_at).toBe(later);
  });

  it('takes a booking without our reference only for someone offered the call, and marks it in the console (third review, item 5)', async () => {
    await signedIn();
    const start = inDays(3, 10);
    const book = async (email: string, uid: string) => {
      const body = JSON.stringify(calComEvent('BOOKING_CREATED', { uid: `${uid}-${dialect}`, start, email }));
      expect((await post('cal-com', body, calHeaders(body))).statusCode).toBe(204);
    };
    // Someone on the list who was never offered a call (a poor fit), and someone who has not confirmed: a stranger on
    // the public booking page who types their address books nothing for them.
    const poor = await signUpAndConfirm({ email: `poor-${dialect}@gmail.com`, role: 'Other', company_size: '1-10 employees' });
    await book(poor.signup.email, 'uid-poor');
    expect((await person(poor.id)).meeting_at).toBeNull();
    const unconfirmed = validSignup({ email: `unconfirmed-${dialect}@volvo.com` });
    expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: unconfirmed })).statusCode).toBe(
      201,
    );
    await book(unconfirmed.email, 'uid-unconfirmed');
    const unconfirmedId = (await suite.app.stores.signups.idByEmail(suite.app.database.db, unconfirmed.email))!;
    expect((await person(unconfirmedId)).meeting_at).toBeNull();
    expect(
      await suite.app.database.db.selectFrom('signup_meetings').select('id').where('booking_key', 'like', 'uid-poor%').execute(),
    ).toEqual([]);

    // Someone offered the call who booked without the link's reference: taken, and marked on their page and the calls list.
    const best = await signUpAndConfirm({ email: `typed-${dialect}@volvo.com` });
    await book(best.signup.email, 'uid-typed');
    expect(await person(best.id)).toMatchObject({ meeting_at: start, meeting_unreferenced: true });
    const calls = (await admin('GET', '/meetings')).json<{ items: { id: number; meeting_unreferenced?: boolean }[] }>().items;
    expect(calls.find((c) => c.id === best.id)).toMatchObject({ meeting_unreferenced: true });
  });
});

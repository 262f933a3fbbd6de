import { beforeAll, describe, expect, it } from 'vitest';
import { SIGNUPS_PATH, type AdminMailLog, type AdminOutbox, type AdminSignupPage, type AdminStats } from '@waitlist/contract';
import { useTestApp } from '../../test/app';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { DIALECTS } from '../../test/databases';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { backdateMailOf } from '../../test/back-date';
import { ADMIN_TEST_ENV, addOperator, signIn } from '../../test/console';

describe.each(DIALECTS)('the console and the mail on %s', (dialect) => {
  describe('without SMTP configured', () => {
    const METRICS_TOKEN = 'metrics-token-0123456789';
    const suite = useTestApp(dialect, { ...ADMIN_TEST_ENV, METRICS_TOKEN });
    let cookie: string;
    beforeAll(async () => {
      await addOperator(suite.app, 'ops@example.com');
      cookie = await signIn(suite.app, 'ops@example.com');
    });

    it('keeps the confirmation pending and says there is no SMTP configured', async () => {
      const signup = validSignup();
      expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup })).statusCode).toBe(201);
      const { items } = (
        await suite.app.inject({ method: 'GET', url: `/api/admin/signups?q=${signup.email}`, headers: { cookie } })
      ).json<AdminSignupPage>();
      expect(items[0]).toMatchObject({ confirmed_at: null, marketing_opt_out_at: null, locale: 'en' });
      await suite.app.delivery.worker.runOnce();
      const log = (
        await suite.app.inject({ method: 'GET', url: `/api/admin/signups/${items[0]!.id}/mail`, headers: { cookie } })
      ).json<AdminMailLog>();
      expect(log.smtp_configured).toBe(false);
      expect(log.items).toEqual([expect.objectContaining({ topic: 'confirmation', status: 'pending', attempts: 0 })]);
      const outbox = (await suite.app.inject({ method: 'GET', url: '/api/admin/outbox', headers: { cookie } })).json<AdminOutbox>();
      expect(outbox).toMatchObject({ smtp_configured: false, counts: { pending: 1, sent_24h: 0 } });
      // /metrics reads the same outbox: one pending mail, as old as the sign-up.
      const scrape = await suite.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
      expect(scrape.body).toContain('waitlist_outbox_pending 1');
      expect(scrape.body).toMatch(/waitlist_outbox_oldest_pending_age_seconds (0\.\d+|[1-9]\d*(\.\d+)?)/);
    });
  });

  describe('with SMTP', () => {
    const { smtp, suite } = useTestAppWithMail(dialect, ADMIN_TEST_ENV);

    let cookie: string;
    const get = <T>(url: string) => suite.app.inject({ method: 'GET', url, headers: { cookie } }).then((r) => r.json<T>());
    beforeAll(async () => {
      await addOperator(suite.app, 'ops@example.com');
      cookie = await signIn(suite.app, 'ops@example.com');
    });

    it("shows a person's mail log with retries and errors, re-sends on request, and lists what is stuck", async () => {
      smtp.fail({ code: 451, message: 'Mailbox busy', times: 1 });
      const signup = validSignup();
      await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup });
      const id = (await get<AdminSignupPage>(`/api/admin/signups?q=${signup.email}`)).items[0]!.id;
      await suite.app.delivery.worker.runOnce();

      const log = await get<AdminMailLog>(`/api/admin/signups/${id}/mail`);
      expect(log.smtp_configured).toBe(true);
      expect(log.items[0]).toMatchObject({
        topic: 'confirmation',
        status: 'pending',
        attempts: 1,
        last_error: expect.stringMatching(/451/),
      });
      const outbox = await get<AdminOutbox>('/api/admin/outbox');
      expect(outbox.stuck.map((e) => e.signup_id)).toContain(id);

      // "Resend confirmation": queued now, refused again within 10 minutes.
      const resend = await suite.app.inject({ method: 'POST', url: `/api/admin/signups/${id}/resend-confirmation`, headers: { cookie } });
      expect(resend.statusCode).toBe(409);
      await backdateMailOf(suite.app.database, id, 11 * 60_000);
      expect(
        (await suite.app.inject({ method: 'POST', url: `/api/admin/signups/${id}/resend-confirmation`, headers: { cookie } })).statusCode,
      ).toBe(202);
      await suite.app.delivery.worker.runOnce();
      await smtp.nextMailTo(signup.email);
      const after = await get<AdminMailLog>(`/api/admin/signups/${id}/mail`);
      expect(after.items.map((e) => e.status)).toEqual(['sent', 'pending']);
    });

    it('retries a failed mail when asked', async () => {
      smtp.fail({ code: 550, stage: 'rcpt', times: 1 });
      const signup = validSignup();
      await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: signup });
      await suite.app.delivery.worker.runOnce();
      const failed = (await get<AdminOutbox>('/api/admin/outbox')).stuck.find((e) => e.status === 'failed')!;
      expect(failed.last_error).toMatch(/550/);
      expect(failed.last_error).not.toContain(signup.email);
      expect(
        (await suite.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/retry`, headers: { cookie } })).statusCode,
      ).toBe(202);
      await suite.app.delivery.worker.runOnce();
      expect((await smtp.nextMailTo(signup.email)).subject).toMatch(/Confirm/);
      expect(
        (await suite.app.inject({ method: 'POST', url: `/api/admin/outbox/${failed.id}/retry`, headers: { cookie } })).statusCode,
      ).toBe(404);
    });

    it('filters by confirmation and opt-out, exports both dates, and keeps the charts when people are erased', async () => {
      const [a, b] = [validSignup({ role: 'Project Manager' }), validSignup({ role: 'Project Manager' })];
      for (const s of [a, b]) await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: s });
      const idOf = async (email: string) => (await get<AdminSignupPage>(`/api/admin/signups?q=${email}`)).items[0]!.id;
      const [idA, idB] = [await idOf(a.email), await idOf(b.email)];
      const now = new Date().toISOString();
      await suite.app.database.db.updateTable('waitlist_signups').set({ confirmed_at: now }).where('id', '=', idA).execute();
      await suite.app.database.db.updateTable('waitlist_signups').set({ marketing_opt_out_at: now }).where('id', '=', idB).execute();

      const confirmed = await get<AdminSignupPage>('/api/admin/signups?confirmed=yes');
      expect(confirmed.items.map((s) => s.id)).toContain(idA);
      expect(confirmed.items.map((s) => s.id)).not.toContain(idB);
      const optedOut = await get<AdminSignupPage>('/api/admin/signups?opted_out=yes');
      expect(optedOut.items.map((s) => s.id)).toEqual([idB]);
      expect((await suite.app.inject({ method: 'GET', url: '/api/admin/signups?confirmed=maybe', headers: { cookie } })).statusCode).toBe(
        400,
      );

      const csv = (await suite.app.inject({ method: 'GET', url: '/api/admin/signups/export.csv?confirmed=yes', headers: { cookie } })).body;
      const [header, ...lines] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header!.split(',')).toEqual(expect.arrayContaining(['confirmed_at', 'marketing_opt_out_at']));
      expect(lines.some((l) => l.includes(a.email) && l.includes(now))).toBe(true);

      const before = await get<AdminStats>('/api/admin/stats');
      expect((await suite.app.inject({ method: 'DELETE', url: `/api/admin/signups/${idA}`, headers: { cookie } })).statusCode).toBe(204);
      await suite.app.inject({
        method: 'POST',
        url: '/manage/erase',
        payload: 'token=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const after = await get<AdminStats>('/api/admin/stats');
      expect(after).toEqual(before);
    });
  });
});

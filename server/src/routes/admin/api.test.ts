import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, SIGNUPS_PATH, type AdminSignupPage, type AdminStats } from '@waitlist/contract';
import { LOCKOUT_FAILURES } from '../../db/stores/sign-in-throttle';
import { sha256 } from '../../lib/crypto';
import { expectApiError, useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { apiHeaders } from '../../test/fixtures';
import { ADMIN_TEST_ENV, OPERATOR_PASSWORD, addOperator, seedSignup, signIn } from './test-helpers';

describe.each(DIALECTS)('admin API on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);
  let cookie: string;
  const operatorEmail = `ops-${dialect}@example.com`;

  const get = (url: string, headers: Record<string, string> = { cookie }) => suite.app.inject({ method: 'GET', url, headers });
  const list = async (query: string) => {
    const res = await get(`/api/admin/signups?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminSignupPage>();
  };
  const auditRows = () => suite.app.database.db.selectFrom('admin_audit_log').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    await addOperator(suite.app, operatorEmail);
    cookie = await signIn(suite.app, operatorEmail);
  });

  describe('without a session', () => {
    it.each([
      ['GET', '/api/admin/session'],
      ['DELETE', '/api/admin/session'],
      ['GET', '/api/admin/signups'],
      ['GET', '/api/admin/signups?q=a'],
      ['GET', '/api/admin/signups/1'],
      ['GET', '/api/admin/signups/1/export.json'],
      ['PATCH', '/api/admin/signups/1'],
      ['DELETE', '/api/admin/signups/1'],
      ['GET', '/api/admin/signups/export.csv'],
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/no-such-thing'],
      ['POST', '/api/admin/signups'],
      ['GET', '/api/admin/'],
    ])('%s %s answers 401 with the error shape', async (method, url) => {
      for (const headers of [{}, { cookie: `${ADMIN_SESSION_COOKIE}=forged-token` }]) {
        const res = await suite.app.inject({
          method: method as 'GET',
          url,
          headers,
          ...(method === 'PATCH' ? { payload: { role: 'Other' } } : {}),
        });
        expect(res.statusCode).toBe(401);
        expectApiError(res.json());
        expect(res.headers['cache-control']).toBe('no-store');
      }
    });
  });

  describe('sign-in and sessions', () => {
    it('sets an HttpOnly, SameSite=Strict, Path=/ cookie (not Secure over plain http) and stores only the token hash', async () => {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: ` ${operatorEmail.toUpperCase()} `, password: OPERATOR_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().operator.email).toBe(operatorEmail);
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/HttpOnly/);
      expect(setCookie).toMatch(/SameSite=Strict/);
      expect(setCookie).toMatch(/Path=\//);
      expect(setCookie).not.toMatch(/Secure/);
      const token = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value;
      expect(token.length).toBeGreaterThanOrEqual(43); // 32 random bytes
      const rows = await suite.app.database.db.selectFrom('operator_sessions').select('token_hash').execute();
      expect(rows.map((r) => r.token_hash)).toContain(sha256(token));
      expect(rows.map((r) => r.token_hash)).not.toContain(token);
    });

    it('marks the cookie Secure when the request came over TLS through a trusted proxy', async () => {
      const tlsApp = await suite.makeApp({ TRUST_PROXY: 'true' });
      const res = await tlsApp.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: operatorEmail, password: OPERATOR_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['set-cookie'])).toMatch(/Secure/);
    });

    it('answers the same 401 for a wrong password and an unknown e-mail', async () => {
      const wrong = await suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: operatorEmail, password: 'not the password!' },
      });
      const unknown = await suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: 'nobody@example.com', password: 'not the password!' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.json()).toEqual(unknown.json());
      expect(wrong.headers['set-cookie']).toBeUndefined();
      await suite.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: operatorEmail, password: OPERATOR_PASSWORD } }); // clears the count
    });

    it('answers 400 for a malformed sign-in body', async () => {
      const res = await suite.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: operatorEmail } });
      expect(res.statusCode).toBe(400);
      expectApiError(res.json());
    });

    it('gives a new token on every sign-in and revokes the one the browser came with (no fixation)', async () => {
      const first = await signIn(suite.app, operatorEmail);
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: { cookie: first },
        payload: { email: operatorEmail, password: OPERATOR_PASSWORD },
      });
      const second = `${ADMIN_SESSION_COOKIE}=${res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value}`;
      expect(second).not.toBe(first);
      expect((await get('/api/admin/session', { cookie: first })).statusCode).toBe(401);
      expect((await get('/api/admin/session', { cookie: second })).statusCode).toBe(200);
    });

    it('signs out: the session row is deleted and the cookie no longer works', async () => {
      const mine = await signIn(suite.app, operatorEmail);
      const out = await suite.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie: mine } });
      expect(out.statusCode).toBe(204);
      expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`${ADMIN_SESSION_COOKIE}=;`));
      const token = mine.split('=')[1]!;
      expect(
        await suite.app.database.db.selectFrom('operator_sessions').select('token_hash').where('token_hash', '=', sha256(token)).execute(),
      ).toEqual([]);
      expect((await get('/api/admin/signups', { cookie: mine })).statusCode).toBe(401);
    });

    it('expires after the idle time and slides the expiry forward while in use', async () => {
      const mine = await signIn(suite.app, operatorEmail);
      const hash = sha256(mine.split('=')[1]!);
      const setTimes = (lastSeen: number, expires: number) =>
        suite.app.database.db
          .updateTable('operator_sessions')
          .set({ last_seen_at: new Date(lastSeen).toISOString(), expires_at: new Date(expires).toISOString() })
          .where('token_hash', '=', hash)
          .execute();
      // Last used two hours ago, still valid for ten: a request slides it to a full 12 h from now.
      await setTimes(Date.now() - 2 * 3600_000, Date.now() + 10 * 3600_000);
      expect((await get('/api/admin/session', { cookie: mine })).statusCode).toBe(200);
      const row = await suite.app.database.db
        .selectFrom('operator_sessions')
        .select('expires_at')
        .where('token_hash', '=', hash)
        .executeTakeFirstOrThrow();
      expect(new Date(row.expires_at).getTime()).toBeGreaterThan(Date.now() + 11.9 * 3600_000);
      // Idle beyond the limit: refused and removed.
      await setTimes(Date.now() - 13 * 3600_000, Date.now() - 3600_000);
      expect((await get('/api/admin/session', { cookie: mine })).statusCode).toBe(401);
      expect(
        await suite.app.database.db.selectFrom('operator_sessions').select('token_hash').where('token_hash', '=', hash).execute(),
      ).toEqual([]);
    });

    it(`locks an account for 15 minutes after ${LOCKOUT_FAILURES} failures, even for the right password, for known and unknown e-mails alike`, async () => {
      const victim = `locked-${dialect}@example.com`;
      await addOperator(suite.app, victim);
      for (let i = 0; i < LOCKOUT_FAILURES; i++) {
        const res = await suite.app.inject({
          method: 'POST',
          url: '/api/admin/session',
          payload: { email: victim, password: 'wrong password!!' },
        });
        expect(res.statusCode).toBe(401);
      }
      const locked = await suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: victim, password: OPERATOR_PASSWORD },
      });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(locked.headers['set-cookie']).toBeUndefined();
      const ghost = 'ghost@example.com';
      for (let i = 0; i < LOCKOUT_FAILURES; i++)
        await suite.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: ghost, password: 'wrong password!!' } });
      const ghostLocked = await suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: ghost, password: 'wrong password!!' },
      });
      expect(ghostLocked.statusCode).toBe(429);
      expect(ghostLocked.json()).toEqual(locked.json());
      // Other accounts are unaffected; once the lock has run out, the right password works again.
      expect(
        (
          await suite.app.inject({
            method: 'POST',
            url: '/api/admin/session',
            payload: { email: operatorEmail, password: OPERATOR_PASSWORD },
          })
        ).statusCode,
      ).toBe(200);
      await suite.app.database.db
        .updateTable('operator_login_throttle')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .where('account_key', '=', sha256(victim))
        .execute();
      expect(
        (await suite.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: victim, password: OPERATOR_PASSWORD } }))
          .statusCode,
      ).toBe(200);
    });

    it('counts parallel guesses atomically: at most 5 are checked, the rest are refused, none fails with 500', async () => {
      const email = `parallel-${dialect}@example.com`;
      await addOperator(suite.app, email);
      const results = await Promise.all(
        Array.from({ length: 12 }, () =>
          suite.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password: 'wrong password!!' } }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 401)).toHaveLength(LOCKOUT_FAILURES);
      expect(codes.filter((c) => c === 429)).toHaveLength(12 - LOCKOUT_FAILURES);
      expect(
        (await suite.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password: OPERATOR_PASSWORD } })).statusCode,
      ).toBe(429);
    });

    it('rate-limits sign-in attempts per client IP', async () => {
      const limited = await suite.makeApp({ ADMIN_SIGNIN_RATE_LIMIT: '3' });
      const attempt = (ip: string) =>
        limited.inject({
          method: 'POST',
          url: '/api/admin/session',
          remoteAddress: ip,
          payload: { email: `someone-${ip}@example.com`, password: 'wrong password!!' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('10.0.0.1')).statusCode).toBe(401);
      const blocked = await attempt('10.0.0.1');
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect((await attempt('10.0.0.2')).statusCode).toBe(401);
    });

    it('refuses state-changing requests from a foreign Origin with 403, and accepts its own origin', async () => {
      const mine = await signIn(suite.app, operatorEmail);
      const target = await seedSignup(suite.app);
      const foreign = { cookie: mine, origin: 'https://evil.example' };
      for (const req of [
        { method: 'DELETE' as const, url: `/api/admin/signups/${target.id}` },
        { method: 'PATCH' as const, url: `/api/admin/signups/${target.id}`, payload: { role: 'Other' } },
        { method: 'DELETE' as const, url: '/api/admin/session' },
        { method: 'POST' as const, url: '/api/admin/session', payload: { email: operatorEmail, password: OPERATOR_PASSWORD } },
      ]) {
        const res = await suite.app.inject({ ...req, headers: foreign });
        expect(res.statusCode, req.url).toBe(403);
        expectApiError(res.json());
      }
      const crossSite = await suite.app.inject({
        method: 'DELETE',
        url: `/api/admin/signups/${target.id}`,
        headers: { cookie: mine, 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.statusCode).toBe(403);
      expect((await get(`/api/admin/signups/${target.id}`, { cookie: mine })).statusCode).toBe(200);
      const own = await suite.app.inject({
        method: 'PATCH',
        url: `/api/admin/signups/${target.id}`,
        headers: { cookie: mine, origin: 'http://localhost:80', host: 'localhost:80' },
        payload: { role: 'Other' },
      });
      expect(own.statusCode, own.body).toBe(200);
      // Behind a TLS proxy that does not forward the scheme, the browser's https origin is still our own host.
      const viaProxy = await suite.app.inject({
        method: 'PATCH',
        url: `/api/admin/signups/${target.id}`,
        headers: { cookie: mine, origin: 'https://admin.example.com', host: 'admin.example.com' },
        payload: { role: 'Other' },
      });
      expect(viaProxy.statusCode, viaProxy.body).toBe(200);
      for (const origin of ['null', 'https://admin.example.com.evil.example', 'file://', 'https://admin.example.com:8443']) {
        const res = await suite.app.inject({
          method: 'PATCH',
          url: `/api/admin/signups/${target.id}`,
          headers: { cookie: mine, origin, host: 'admin.example.com' },
          payload: { role: 'Other' },
        });
        expect(res.statusCode, origin).toBe(403);
      }
    });
  });

  describe('list, search, filters, sorting and paging', () => {
    const tag = `${dialect}-${Date.now()}`;
    let seeded: Awaited<ReturnType<typeof seedSignup>>[];

    beforeAll(async () => {
      seeded = [];
      for (let i = 0; i < 7; i++) {
        seeded.push(
          await seedSignup(
            suite.app,
            {
              email: `${i % 2 ? 'ada' : 'grace'}.${i}.${tag}@example.com`,
              role: i < 3 ? 'Product Manager' : 'Project Manager',
              company_size: i === 6 ? '11-50 employees' : '1000+ employees',
              desired_outcomes: i === 5 ? ['Other', 'Reuse insights'] : ['Reuse insights'],
              other_outcome: i === 5 ? '=HYPERLINK("http://evil.example")' : null,
            },
            new Date(Date.UTC(2026, 0, 10 + i, 12)).toISOString(),
          ),
        );
      }
    });

    it('finds sign-ups by part of the e-mail, case-insensitively, with the total count', async () => {
      const page = await list(`q=ADA.&q_unused=&sort=email`.replace('&q_unused=', ''));
      const mine = page.items.filter((r) => r.email.endsWith(`${tag}@example.com`));
      expect(mine.map((r) => r.email)).toEqual([1, 3, 5].map((i) => `ada.${i}.${tag}@example.com`));
      const exact = await list(`q=${encodeURIComponent(`grace.4.${tag}`)}`);
      expect(exact.total).toBe(1);
      expect(exact.items[0]).toMatchObject({
        email: `grace.4.${tag}@example.com`,
        role: 'Project Manager',
        desired_outcomes: ['Reuse insights'],
      });
    });

    it('treats LIKE wildcards in the search text literally', async () => {
      expect((await list('q=%25')).total).toBe(0);
      expect((await list('q=_')).total).toBe(0);
    });

    it('filters by role, company size, outcome and date range (inclusive), combined with search', async () => {
      const q = `q=${tag}`;
      expect((await list(`${q}&role=${encodeURIComponent('Product Manager')}`)).total).toBe(3);
      expect((await list(`${q}&company_size=${encodeURIComponent('11-50 employees')}`)).items.map((r) => r.id)).toEqual([seeded[6]!.id]);
      expect((await list(`${q}&outcome=Other`)).items.map((r) => r.id)).toEqual([seeded[5]!.id]);
      const ranged = await list(`${q}&from=2026-01-11&to=2026-01-13&sort=created_at`);
      expect(ranged.items.map((r) => r.id)).toEqual([seeded[1]!.id, seeded[2]!.id, seeded[3]!.id]);
    });

    it('pages with a keyset cursor in every sort order, without gaps or repeats', async () => {
      for (const sort of ['-created_at', 'created_at', 'email', '-email']) {
        const ids: number[] = [];
        let cursor = '';
        let pages = 0;
        do {
          const page = await list(`q=${tag}&sort=${sort}&limit=3${cursor ? `&cursor=${cursor}` : ''}`);
          expect(page.total).toBe(7);
          ids.push(...page.items.map((r) => r.id));
          cursor = page.next_cursor ?? '';
          pages++;
        } while (cursor);
        expect(pages).toBe(3);
        const expected = [...seeded].sort((a, b) => (sort.endsWith('email') ? a.email.localeCompare(b.email) : a.id - b.id));
        if (sort.startsWith('-')) expected.reverse();
        expect(ids, sort).toEqual(expected.map((r) => r.id));
      }
    });

    it.each([
      ['role=CEO'],
      ['company_size=5'],
      ['outcome=World%20peace'],
      ['from=2026-13-45'],
      ['sort=password'],
      ['limit=1000'],
      ['cursor=not-a-cursor'],
      ['role=Other&role=Other'],
    ])('answers 400 for %s', async (query) => {
      const res = await get(`/api/admin/signups?${query}`);
      expect(res.statusCode).toBe(400);
      expectApiError(res.json());
    });

    it('exports the filtered list as RFC 4180 CSV with a BOM, CRLF and neutralised formulas, and audits the export', async () => {
      const before = (await auditRows()).length;
      const res = await get(`/api/admin/signups/export.csv?q=${tag}&sort=created_at`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="waitlist-signups-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(
        'id,email,role,company_size,desired_outcomes,other_outcome,created_at,consented_at,privacy_policy_version,status,confirmed_at,marketing_opt_out_at,company_domain,free_mail,utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_origin,landing_path',
      );
      expect(lines.filter(Boolean)).toHaveLength(8);
      expect(lines[1]).toContain(`grace.0.${tag}@example.com`);
      const withFormula = lines.find((l) => l.startsWith(`${seeded[5]!.id},`))!;
      expect(withFormula).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
      expect(withFormula).toContain('Other; Reuse insights');
      const audit = await auditRows();
      expect(audit).toHaveLength(before + 1);
      expect(audit.at(-1)).toMatchObject({ action: 'export', signup_id: null, fields: 'q' });
      const filtered = await get(`/api/admin/signups/export.csv?q=${tag}&outcome=Other`);
      expect(filtered.rawPayload.toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(2);
    });
  });

  describe('one person: read, download, correct, erase', () => {
    it('reads one sign-up and downloads it as a JSON file; 404 for an unknown id, 400 for a bad one', async () => {
      const person = await seedSignup(suite.app);
      const res = await get(`/api/admin/signups/${person.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        id: person.id,
        email: person.email,
        role: person.role,
        desired_outcomes: person.desired_outcomes,
      });
      const file = await get(`/api/admin/signups/${person.id}/export.json`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toBe(`attachment; filename="waitlist-signup-${person.id}.json"`);
      expect(JSON.parse(file.body)).toMatchObject({ id: person.id, email: person.email, consented_at: expect.any(String) });
      expect((await get('/api/admin/signups/999999999')).statusCode).toBe(404);
      expect((await get('/api/admin/signups/abc')).statusCode).toBe(400);
    });

    it('corrects fields, audits the changed field names only, and refuses a duplicate or invalid value', async () => {
      const person = await seedSignup(suite.app);
      const other = await seedSignup(suite.app);
      const patch = (payload: unknown) =>
        suite.app.inject({ method: 'PATCH', url: `/api/admin/signups/${person.id}`, headers: { cookie }, payload: payload as object });
      const res = await patch({
        email: `  Fixed.${person.email.toUpperCase()}`,
        role: 'Consultant / Advisor',
        company_size: person.company_size,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ email: `fixed.${person.email}`, role: 'Consultant / Advisor' });
      const audit = (await auditRows()).at(-1)!;
      expect(audit).toMatchObject({ action: 'correct', signup_id: person.id, fields: 'email,role' });
      expect(JSON.stringify(audit)).not.toContain('example.com');
      expect((await patch({ email: other.email })).statusCode).toBe(409);
      for (const bad of [{ role: 'CEO' }, { desired_outcomes: [] }, { email: 'nope' }, {}, { id: 5 }, { other_outcome: 'x'.repeat(501) }]) {
        const r = await patch(bad);
        expect(r.statusCode, JSON.stringify(bad)).toBe(400);
        expectApiError(r.json());
      }
      const notFound = await suite.app.inject({
        method: 'PATCH',
        url: '/api/admin/signups/999999999',
        headers: { cookie },
        payload: { role: 'Other' },
      });
      expect(notFound.statusCode).toBe(404);
    });

    it('erases a sign-up: gone, audited without the address, and the e-mail can sign up again', async () => {
      const person = await seedSignup(suite.app);
      const res = await suite.app.inject({ method: 'DELETE', url: `/api/admin/signups/${person.id}`, headers: { cookie } });
      expect(res.statusCode).toBe(204);
      expect((await get(`/api/admin/signups/${person.id}`)).statusCode).toBe(404);
      expect((await suite.app.inject({ method: 'DELETE', url: `/api/admin/signups/${person.id}`, headers: { cookie } })).statusCode).toBe(
        404,
      );
      const audit = await auditRows();
      expect(audit.at(-1)).toMatchObject({ action: 'erase', signup_id: person.id, fields: null });
      expect(JSON.stringify(audit)).not.toContain(person.email);
      const again = await suite.app.inject({
        method: 'POST',
        url: SIGNUPS_PATH,
        headers: apiHeaders(),
        payload: { email: person.email, role: person.role, company_size: person.company_size, desired_outcomes: person.desired_outcomes },
      });
      expect(again.statusCode).toBe(201);
    });
  });

  describe('stats', () => {
    const fresh = useTestApp(dialect, ADMIN_TEST_ENV);

    it('counts totals, per day, and per role, company size and outcome (every option listed)', async () => {
      const statsApp = fresh.app;
      await addOperator(statsApp, operatorEmail);
      const c = await signIn(statsApp, operatorEmail);
      const empty = (await statsApp.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: c } })).json<AdminStats>();
      expect(empty.total).toBe(0);
      expect(empty.per_day).toHaveLength(90);
      expect(empty.by_role.every((r) => r.count === 0)).toBe(true);
      await seedSignup(statsApp, { role: 'Product Manager', desired_outcomes: ['Reuse insights', 'Other'] });
      await seedSignup(statsApp, { role: 'Product Manager', company_size: '1-10 employees', desired_outcomes: ['Reuse insights'] });
      await seedSignup(statsApp, {}, new Date(Date.now() - 20 * 86_400_000).toISOString());
      const stats = (await statsApp.inject({ method: 'GET', url: '/api/admin/stats', headers: { cookie: c } })).json<AdminStats>();
      expect(stats).toMatchObject({ total: 3, last_7_days: 2, last_30_days: 3 });
      expect(stats.by_role.find((r) => r.label === 'Product Manager')!.count).toBe(2);
      expect(stats.by_company_size.find((r) => r.label === '1-10 employees')!.count).toBe(1);
      expect(stats.by_outcome.find((r) => r.label === 'Reuse insights')!.count).toBe(3);
      expect(stats.by_outcome.find((r) => r.label === 'Other')!.count).toBe(1);
      expect(stats.per_day.at(-1)).toEqual({ day: new Date().toISOString().slice(0, 10), count: 2 });
      expect(stats.per_day.reduce((sum, d) => sum + d.count, 0)).toBe(3);
    });
  });
});

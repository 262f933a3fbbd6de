import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ERROR_CODES, ADMIN_SESSION_COOKIE } from '@waitlist/contract';
import { FREE_ATTEMPTS } from '../../db/stores/sign-in-throttle';
import { sha256 } from '../../lib/crypto';
import { expectApiError, useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { ADMIN_TEST_ENV, OPERATOR_PASSWORD, addOperator, seedSignup, signIn } from '../../test/console';

describe.each(DIALECTS)('admin API, signing in, on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);
  let cookie: string;
  const operatorEmail = `ops-${dialect}@example.com`;

  const get = (url: string, headers: Record<string, string> = { cookie }) => suite.app.inject({ method: 'GET', url, headers });

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

    it(`slows guesses per account and network after ${FREE_ATTEMPTS} failures; the right password from another network still signs in`, async () => {
      const victim = `slowed-${dialect}@example.com`;
      await addOperator(suite.app, victim);
      const attempt = (email: string, password: string, remoteAddress: string) =>
        suite.app.inject({ method: 'POST', url: '/api/admin/session', remoteAddress, payload: { email, password } });

      // A stranger on 198.51.100.0/24: three wrong passwords are checked, then even the right one must wait.
      for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await attempt(victim, 'wrong password!!', '198.51.100.7')).statusCode).toBe(401);
      const slowed = await attempt(victim, OPERATOR_PASSWORD, '198.51.100.7');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.headers['retry-after']).toBe('1');
      expect(slowed.headers['set-cookie']).toBeUndefined();
      expectApiError(slowed.json(), {
        code: ADMIN_ERROR_CODES.locked,
        message: 'Too many failed sign-ins for this account from your network. Try again in 1 second.',
      });
      // The same network, another address: the same wait.
      expect((await attempt(victim, OPERATOR_PASSWORD, '198.51.100.200')).statusCode).toBe(429);
      // The founder at home (another network) signs in at once, IPv4 or IPv6.
      expect((await attempt(victim, OPERATOR_PASSWORD, '203.0.113.9')).statusCode).toBe(200);
      expect((await attempt(victim, OPERATOR_PASSWORD, '2001:db8:5:6::1')).statusCode).toBe(200);

      // An unknown account is slowed the same way, with the same answer, so the answers tell nothing.
      const ghost = `ghost-${dialect}@example.com`;
      for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await attempt(ghost, 'wrong password!!', '198.51.100.7')).statusCode).toBe(401);
      const ghostSlowed = await attempt(ghost, 'wrong password!!', '198.51.100.7');
      expect(ghostSlowed.statusCode).toBe(429);
      expect(ghostSlowed.json()).toEqual(slowed.json());

      // Once the wait is over, the right password from the stranger's network works again, and forgets its count.
      await suite.app.database.db
        .updateTable('operator_login_throttle')
        .set({ locked_until: new Date(Date.now() - 1000).toISOString() })
        .execute();
      expect((await attempt(victim, OPERATOR_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
      for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await attempt(victim, 'wrong password!!', '198.51.100.7')).statusCode).toBe(401);
      // No row holds an address or an e-mail.
      const keys = await suite.app.database.db.selectFrom('operator_login_throttle').select('account_key').execute();
      expect(keys.map((k) => k.account_key).join(' ')).not.toMatch(/198\.51|slowed|ghost/);
    });

    it(`counts parallel guesses atomically: of 12 at once from one network, ${FREE_ATTEMPTS} are checked, none fails with 500`, async () => {
      const email = `parallel-${dialect}@example.com`;
      await addOperator(suite.app, email);
      const results = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          suite.app.inject({
            method: 'POST',
            url: '/api/admin/session',
            remoteAddress: `192.0.2.${i + 1}`,
            payload: { email, password: 'wrong password!!' },
          }),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 401)).toHaveLength(FREE_ATTEMPTS);
      expect(codes.filter((c) => c === 429)).toHaveLength(12 - FREE_ATTEMPTS);
      const right = await suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        remoteAddress: '192.0.2.50',
        payload: { email, password: OPERATOR_PASSWORD },
      });
      expect(right.statusCode).toBe(429);
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
});

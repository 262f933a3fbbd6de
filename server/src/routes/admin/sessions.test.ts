import { describe, expect, it } from 'vitest';
import { SECURE_ADMIN_SESSION_COOKIE, type AdminSessionList } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { servicesOn, useTestApp, useTestDatabase } from '../../test/app';
import { ADMIN_TEST_ENV, OPERATOR_PASSWORD, addOperator, signIn } from '../../test/console';
import { createOperatorAccounts } from '../../db/stores/operator-accounts';

const HOUR = 60 * 60 * 1000;

describe.each(DIALECTS)('the session cookie on an https site behind a proxy that says nothing (TRUST_PROXY unset) on %s', (dialect) => {
  const suite = useTestApp(dialect, { ...ADMIN_TEST_ENV, SITE_URL: 'https://waitlist.example.se' });

  it('is Secure and __Host- prefixed, HSTS is sent, and the session works from that cookie', async () => {
    await addOperator(suite.app, 'tls-op@example.com');
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: 'tls-op@example.com', password: OPERATOR_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SECURE_ADMIN_SESSION_COOKIE}=`));
    expect(setCookie).toMatch(/; Secure/i);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
    expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const cookie = res.cookies.find((c) => c.name === SECURE_ADMIN_SESSION_COOKIE)!;
    const me = await suite.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: `${cookie.name}=${cookie.value}` } });
    expect(me.statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('an operator’s sessions on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);

  it('are listed with their start, last use and browser, the one in use marked; the others can be ended', async () => {
    await addOperator(suite.app, 'many@example.com');
    const signInWith = async (userAgent: string) => {
      const res = await suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        headers: { 'user-agent': userAgent },
        payload: { email: 'many@example.com', password: OPERATOR_PASSWORD },
      });
      const c = res.cookies.find((x) => x.name === 'admin_session')!;
      return `${c.name}=${c.value}`;
    };
    const laptop = await signInWith('Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    const phone = await signInWith('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0) Safari/604.1');
    const lost = await signIn(suite.app, 'many@example.com');
    const list = (
      await suite.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: { cookie: laptop } })
    ).json<AdminSessionList>();
    expect(list.items).toHaveLength(3);
    expect(list.items.filter((s) => s.current)).toHaveLength(1);
    expect(list.items.find((s) => s.current)!.browser).toMatch(/Firefox/);
    expect(list.items.some((s) => s.browser?.includes('iPhone'))).toBe(true);

    // End the phone's session by its id, then every other one.
    const phoneId = list.items.find((s) => s.browser?.includes('iPhone'))!.id;
    expect(
      (await suite.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${phoneId}`, headers: { cookie: laptop } })).statusCode,
    ).toBe(204);
    expect((await suite.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: phone } })).statusCode).toBe(401);
    const ended = await suite.app.inject({ method: 'POST', url: '/api/admin/sessions/end-others', headers: { cookie: laptop } });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await suite.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: lost } })).statusCode).toBe(401);
    expect((await suite.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: laptop } })).statusCode).toBe(200);
  });

  it('cannot end another operator’s session', async () => {
    await addOperator(suite.app, 'one@example.com');
    await addOperator(suite.app, 'two@example.com');
    const one = await signIn(suite.app, 'one@example.com');
    const two = await signIn(suite.app, 'two@example.com');
    const twoId = (await suite.app.inject({ method: 'GET', url: '/api/admin/sessions', headers: { cookie: two } })).json<AdminSessionList>()
      .items[0]!.id;
    expect((await suite.app.inject({ method: 'DELETE', url: `/api/admin/sessions/${twoId}`, headers: { cookie: one } })).statusCode).toBe(
      404,
    );
    expect((await suite.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: two } })).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('a session used all the time on %s', (dialect) => {
  const suite = useTestDatabase(dialect);

  it('still ends its absolute lifetime after sign-in (ADMIN_SESSION_MAX_HOURS), though its idle timeout kept sliding', async () => {
    const operator = await createOperatorAccounts(suite.database).add('busy@example.com', 'scrypt$x');
    const sessions = servicesOn(suite.database, { sessionLifetime: { idleMs: 12 * HOUR, maxMs: 168 * HOUR } }).services.operatorSessions;
    const start = Date.parse('2026-11-01T08:00:00Z');
    const { token } = await sessions.open(suite.database.db, operator.id, 'a browser', start);
    // Used every hour for a week less an hour: alive throughout.
    for (let hour = 1; hour < 168; hour++) expect(await sessions.resolve(token, start + hour * HOUR), `hour ${hour}`).toBeDefined();
    expect(await sessions.resolve(token, start + 168 * HOUR + 1000)).toBeUndefined();
  });
});

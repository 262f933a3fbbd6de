import * as OTPAuth from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE } from '@waitlist/contract';
import { FREE_ATTEMPTS } from '../../db/stores/sign-in-throttle';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { WRONG_FACTORS_PER_HOUR } from '../../services/sign-in';
import { adminRouteTable } from './routes';
import { ADMIN_TEST_ENV, OPERATOR_PASSWORD, addOperator, queuedMail, seedSignup, signIn } from '../../test/console';

/**
 * The operator surface seen by an attacker. The route list is the app's own table of registered admin routes, so a
 * route added later is covered without editing this file.
 */
const SIGN_IN = { method: 'POST', url: '/api/admin/session' };
const isSignIn = (r: { method: string; url: string }) => r.method === SIGN_IN.method && r.url === SIGN_IN.url;

const tokenOf = (cookie: string) => cookie.split('=')[1]!;

describe.each(DIALECTS)('operator surface under attack on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);
  const operator = `sec-ops-${dialect}@example.com`;

  const routes = () =>
    adminRouteTable(suite.app)
      // Not the catch-alls for unknown paths (every method, 404 with a session).
      .filter((r) => !r.url.endsWith('*') && r.url !== '/api/admin' && r.url !== '/api/admin/')
      .map((r) => ({ ...r, method: r.method as 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: r.url.replaceAll(':id', '1') }));
  let ROUTES: ReturnType<typeof routes> = [];
  let STATE_CHANGING: ReturnType<typeof routes> = [];

  beforeAll(async () => {
    await addOperator(suite.app, operator);
    await seedSignup(suite.app);
    ROUTES = routes();
    STATE_CHANGING = ROUTES.filter((r) => r.method !== 'GET');
  });

  it('reads the route list from the app (sanity check of this test)', () => {
    expect(ROUTES.length).toBeGreaterThanOrEqual(10);
    expect(ROUTES.some(isSignIn)).toBe(true);
  });

  it('answers 401 on every admin route without a session, with a forged cookie, and with a signed-out session', async () => {
    const signedOut = await signIn(suite.app, operator);
    expect((await suite.app.inject({ method: 'DELETE', url: '/api/admin/session', headers: { cookie: signedOut } })).statusCode).toBe(204);
    const cookies = [undefined, `${ADMIN_SESSION_COOKIE}=${'A'.repeat(43)}`, `${ADMIN_SESSION_COOKIE}=${'x'.repeat(5000)}`, signedOut];
    // Routes reachable signed out (signing in, with a passkey, accepting an invitation) answer on their own terms.
    for (const route of ROUTES.filter((r) => !r.signedOut)) {
      for (const cookie of cookies) {
        const res = await suite.app.inject({
          method: route.method,
          url: route.url,
          headers: cookie ? { cookie } : {},
          ...(route.method === 'PATCH' || route.method === 'PUT' ? { payload: { role: 'Other' } } : {}),
        });
        expect(res.statusCode, `${route.method} ${route.url} with ${cookie?.slice(0, 30) ?? 'no cookie'}`).toBe(401);
        expect(res.json().code).toBeTypeOf('string');
        expect(res.body).not.toContain('@example.com');
      }
    }
  });

  it('no session fixation: a cookie planted before sign-in is replaced, and is never accepted', async () => {
    const planted = `${ADMIN_SESSION_COOKIE}=attacker-chosen-${'z'.repeat(30)}`;
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { cookie: planted },
      payload: { email: operator, password: OPERATOR_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const issued = res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!;
    expect(issued.value).not.toBe(tokenOf(planted));
    expect(issued.value.length).toBeGreaterThanOrEqual(32);
    expect((await suite.app.inject({ url: '/api/admin/session', headers: { cookie: planted } })).statusCode).toBe(401);
    expect(
      (await suite.app.inject({ url: '/api/admin/session', headers: { cookie: `${ADMIN_SESSION_COOKIE}=${issued.value}` } })).statusCode,
    ).toBe(200);

    // A real session the attacker got hold of (and planted) is revoked by the victim's sign-in.
    const stolen = await signIn(suite.app, operator);
    const victim = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      headers: { cookie: stolen },
      payload: { email: operator, password: OPERATOR_PASSWORD },
    });
    expect(victim.statusCode).toBe(200);
    expect(victim.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value).not.toBe(tokenOf(stolen));
    expect((await suite.app.inject({ url: '/api/admin/session', headers: { cookie: stolen } })).statusCode).toBe(401);
  });

  it('refuses every state-changing admin request from a foreign origin with 403, even with a valid session', async () => {
    const cookie = await signIn(suite.app, operator);
    const foreign = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: `http://localhost:80.evil.example` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://sub.localhost' },
    ];
    for (const route of STATE_CHANGING) {
      for (const headers of foreign) {
        const res = await suite.app.inject({
          method: route.method,
          url: route.url,
          headers: { cookie, host: 'localhost', ...headers },
          payload: isSignIn(route)
            ? { email: operator, password: OPERATOR_PASSWORD }
            : route.method === 'PATCH'
              ? { role: 'Other' }
              : undefined,
        });
        expect(res.statusCode, `${route.method} ${route.url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    // Nothing was changed or erased, and the session still works.
    expect((await suite.app.inject({ url: '/api/admin/signups/1', headers: { cookie } })).statusCode).toBe(200);
    expect((await suite.app.inject({ url: '/api/admin/session', headers: { cookie } })).statusCode).toBe(200);
  });

  it('slows a brute force per IP (429) and per account and network, so a botnet is slowed and the owner still signs in', async () => {
    const limited = await suite.makeApp({ ADMIN_SIGNIN_RATE_LIMIT: '5' });
    const victim = `victim-${dialect}@example.com`;
    const bystander = `bystander-${dialect}@example.com`;
    await addOperator(limited, victim);
    await addOperator(limited, bystander);
    const attempt = (email: string, password: string, ip: string) =>
      limited.inject({ method: 'POST', url: '/api/admin/session', payload: { email, password }, remoteAddress: ip });

    // One IP: the sixth attempt within a minute is refused before any password is checked.
    const fromOne = [];
    for (let i = 0; i < 7; i++) fromOne.push((await attempt(`nobody-${i}@example.com`, 'guess', '192.0.2.1')).statusCode);
    expect(fromOne.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(fromOne.slice(5)).toEqual([429, 429]);

    // A botnet of 40 addresses in 8 networks against one account, each address under its own limit: every
    // network has its 3 checks and then waits, so 24 passwords are checked and 16 refused (429) at once. (Each
    // network's five tries come back to back: a refusal costs no hash, so none of them outlasts the 1 s wait, however
    // slow the machine.)
    const codes: number[] = [];
    for (let network = 0; network < 8; network++) {
      for (let k = 0; k < 5; k++) {
        codes.push((await attempt(victim, `guess-${network}-${k}`, `198.51.${100 + network}.${10 + k}`)).statusCode);
      }
    }
    expect(codes.filter((c) => c === 401)).toHaveLength(8 * FREE_ATTEMPTS);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - 8 * FREE_ATTEMPTS);
    // Meanwhile the owner signs in from their own network, and another operator is untouched.
    const owner = await attempt(victim, OPERATOR_PASSWORD, '203.0.113.99');
    expect(owner.statusCode).toBe(200);
    expect(owner.headers['set-cookie']).toBeDefined();
    expect((await attempt(bystander, OPERATOR_PASSWORD, '198.51.100.10')).statusCode).toBe(200);
  });

  it('never signs a passkey-only operator in with the password alone: 401 passkey_required, no session, recorded', async () => {
    const email = `passkey-only-${dialect}@example.com`;
    const member = await addOperator(suite.app, email, OPERATOR_PASSWORD, 'member');
    // A passkey as registration leaves it (the sign-in only asks whether the operator has one).
    await suite.app.stores.operatorCredentials.addPasskey(suite.app.database.db, {
      operatorId: member.id,
      credentialId: `credential-${dialect}`,
      publicKey: 'public-key',
      counter: 0,
      transports: ['internal'],
      name: 'Laptop',
      at: new Date().toISOString(),
    });
    const attempt = (payload: Record<string, string>) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        remoteAddress: '203.0.113.77',
        payload: { email, password: OPERATOR_PASSWORD, ...payload },
      });

    const bare = await attempt({});
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'passkey_required' });
    expect(bare.headers['set-cookie']).toBeUndefined();
    // An authenticator code cannot stand in for a passkey the account does not pair with an app.
    const code = await attempt({ totp: '123456' });
    expect(code.statusCode).toBe(401);
    expect(code.json()).toMatchObject({ code: 'totp_invalid' });
    expect(code.headers['set-cookie']).toBeUndefined();
    const entries = await suite.app.database.db
      .selectFrom('audit_trail')
      .select(['outcome', 'detail'])
      .where('action', '=', 'session.sign-in')
      .where('operator_id', '=', member.id)
      .execute();
    expect(entries).toEqual([
      { outcome: 'failed', detail: 'passkey needed' },
      { outcome: 'failed', detail: 'wrong or used second factor' },
    ]);
  });

  it(`takes at most ${WRONG_FACTORS_PER_HOUR} wrong codes an hour per account from all networks, then only a recovery code or passkey, and mails the operator once`, async () => {
    const email = `guessed-${dialect}@example.com`;
    const owner = await addOperator(suite.app, email);
    const { secondFactors } = suite.app.services;
    const { secret } = await secondFactors.startTotp({ operatorId: owner.id, email });
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const codes = await secondFactors.confirmTotp({ operatorId: owner.id, email }, totp.generate({ timestamp: Date.now() - 30_000 }));
    // Ten codes of 80 random bits each (16 characters of Crockford's base32), none alike.
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}(-[0-9a-hjkmnp-tv-z]{4}){3}$/);
    const [recoveryCode] = codes;
    // Every guess from a network of its own, so the per-network delays never apply: only the account's cap can stop them.
    let network = 0;
    const attempt = (factor: Record<string, string>) =>
      suite.app.inject({
        method: 'POST',
        url: '/api/admin/session',
        remoteAddress: `198.18.${network++}.9`,
        payload: { email, password: OPERATOR_PASSWORD, ...factor },
      });
    const wrongCode = () => String((Number(totp.generate()) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < WRONG_FACTORS_PER_HOUR; i++)
      expect((await attempt({ totp: wrongCode() })).json()).toMatchObject({ code: 'totp_invalid' });

    // The right code is refused now too: codes stop counting for the hour.
    const capped = await attempt({ totp: totp.generate() });
    expect(capped.statusCode).toBe(429);
    expect(capped.json()).toMatchObject({ code: 'second_factor_capped' });
    expect(Number(capped.headers['retry-after'])).toBeGreaterThan(3000);
    expect(capped.headers['set-cookie']).toBeUndefined();
    // A recovery code still signs in.
    const recovered = await attempt({ recovery_code: recoveryCode! });
    expect(recovered.statusCode).toBe(200);
    // The operator is told once, whatever more guesses come.
    await attempt({ totp: wrongCode() });
    const alerts = (await queuedMail(suite.app, 'operator-factor-guessing')).filter((m) => m.payload.operatorId === owner.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.payload).toMatchObject({ wrong: WRONG_FACTORS_PER_HOUR });
  });
});

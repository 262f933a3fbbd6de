import { describe, expect, it } from 'vitest';
import { HONEYPOT_FIELD, SIGNUPS_PATH } from '@waitlist/contract';
import { expectApiError, useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { apiHeaders, validSignup } from '../../test/fixtures';

describe.each(DIALECTS)('public sign-up API, Idempotency-Key, on %s', (dialect) => {
  const suite = useTestApp(dialect, { CORS_ORIGINS: 'https://www.example.com' });

  const post = (body: unknown, headers: Record<string, string> = apiHeaders(), url = SIGNUPS_PATH) =>
    suite.app.inject({ method: 'POST', url, headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });

  const rowCount = () => suite.app.stores.signups.count();

  describe('Idempotency-Key', () => {
    it('a replay with the same key and body answers the original 201 and stores one row', async () => {
      const body = validSignup();
      const headers = { ...apiHeaders(), 'idempotency-key': 'b3c1f7e2-1111-4a5b-9c8d-000000000001' };
      const first = await post(body, headers);
      const before = await rowCount();
      const replay = await post({ ...body, email: body.email.toUpperCase() }, headers);
      expect(first.statusCode).toBe(201);
      expect(replay.statusCode).toBe(201);
      expect(replay.body).toBe('');
      expect(await rowCount()).toBe(before);
      // Without the key it is a duplicate, as it should be.
      expect((await post(body)).statusCode).toBe(409);
    });
    it('concurrent retries of one submission give 201s and one row', async () => {
      const body = validSignup();
      const headers = { ...apiHeaders(), 'idempotency-key': 'b3c1f7e2-1111-4a5b-9c8d-000000000002' };
      const results = await Promise.all(Array.from({ length: 10 }, () => post(body, headers)));
      expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
      const rows = await suite.app.database.db.selectFrom('waitlist_signups').select('id').where('email', '=', body.email).execute();
      expect(rows).toHaveLength(1);
    });
    it('the same key with a different body is refused with 422', async () => {
      const headers = { ...apiHeaders(), 'idempotency-key': 'b3c1f7e2-1111-4a5b-9c8d-000000000003' };
      expect((await post(validSignup(), headers)).statusCode).toBe(201);
      const before = await rowCount();
      const res = await post(validSignup(), headers);
      expect(res.statusCode).toBe(422);
      expectApiError(res.json());
      expect(await rowCount()).toBe(before);
    });
    it('a malformed key is refused', async () => {
      const res = await post(validSignup(), { ...apiHeaders(), 'idempotency-key': 'short' });
      expect(res.statusCode).toBe(400);
      expectApiError(res.json());
    });
  });

  it('the honeypot answers 201 and stores nothing', async () => {
    const body = validSignup();
    const before = await rowCount();
    const res = await post({ ...body, [HONEYPOT_FIELD]: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect(await rowCount()).toBe(before);
    expect(
      await suite.app.database.db.selectFrom('waitlist_signups').select('id').where('email', '=', body.email).executeTakeFirst(),
    ).toBeUndefined();
    // An empty honeypot (a person) is a normal sign-up.
    expect((await post({ ...body, [HONEYPOT_FIELD]: '' })).statusCode).toBe(201);
    expect(await rowCount()).toBe(before + 1);
  });

  it('50 concurrent sign-ups of one e-mail in mixed case give exactly one 201 and one row', async () => {
    const email = `race-${Date.now()}@example.com`;
    const variants = Array.from(
      { length: 50 },
      (_, i) => [...email].map((c, j) => ((i + j) % 2 ? c.toUpperCase() : c)).join('') + (i % 3 ? '' : ' '),
    );
    const results = await Promise.all(variants.map((e) => post(validSignup({ email: e }))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    const rows = await suite.app.database.db.selectFrom('waitlist_signups').select('email').where('email', '=', email).execute();
    expect(rows).toEqual([{ email }]);
  });

  it('answers CORS preflights for the supabase-js headers from allowed origins only', async () => {
    const preflight = (origin: string) =>
      suite.app.inject({
        method: 'OPTIONS',
        url: SIGNUPS_PATH,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, authorization, content-type, x-client-info, prefer, content-profile',
        },
      });
    const allowed = await preflight('https://www.example.com');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://www.example.com');
    const allowedHeaders = String(allowed.headers['access-control-allow-headers']).toLowerCase();
    for (const h of ['apikey', 'authorization', 'content-type', 'x-client-info', 'prefer', 'content-profile'])
      expect(allowedHeaders).toContain(h);
    const foreign = await preflight('https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('rate-limits sign-ups per client IP with 429 and Retry-After', async () => {
    const limited = await suite.makeApp({ SIGNUP_RATE_LIMIT: '3' });
    const send = (ip: string) =>
      limited.inject({
        method: 'POST',
        url: SIGNUPS_PATH,
        headers: apiHeaders(),
        payload: JSON.stringify(validSignup()),
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await send('10.0.0.1')).statusCode).toBe(201);
    const res = await send('10.0.0.1');
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expectApiError(res.json());
    expect((await send('10.0.0.2')).statusCode).toBe(201);
  });

  it('reports liveness and readiness', async () => {
    expect((await suite.app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await suite.app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: dialect });
  });

  it('survives a restart: migrations are idempotent and rows persist', async () => {
    const body = validSignup();
    expect((await post(body)).statusCode).toBe(201);
    const second = await suite.makeApp();
    const res = await second.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: JSON.stringify(body) });
    expect(res.statusCode).toBe(409);
  });
});

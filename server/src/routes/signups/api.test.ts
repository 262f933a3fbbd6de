import { describe, expect, it } from 'vitest';
import {
  CHECK_CONSTRAINTS,
  DUPLICATE_EMAIL_MESSAGE,
  EMAIL_DOMAIN_REFUSED_MESSAGE,
  HONEYPOT_FIELD,
  PRIVACY_POLICY_VERSION,
  SIGNUPS_PATH,
  checkViolationMessage,
} from '@waitlist/contract';
import { expectApiError, useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { startTestDnsServer } from '../../test/dns';
import { apiHeaders, validSignup } from '../../test/fixtures';

describe.each(DIALECTS)('public sign-up API on %s', (dialect) => {
  const suite = useTestApp(dialect, { CORS_ORIGINS: 'https://www.example.com' });

  const post = (body: unknown, headers: Record<string, string> = apiHeaders(), url = SIGNUPS_PATH) =>
    suite.app.inject({ method: 'POST', url, headers, payload: typeof body === 'string' ? body : JSON.stringify(body) });

  const rowCount = () => suite.app.stores.signups.count();
  const stored = (email: string) =>
    suite.app.database.db.selectFrom('waitlist_signups').select('email').where('email', '=', email).execute();

  it('stores a valid sign-up, answers 201 with an empty body, e-mail trimmed and lower-cased', async () => {
    const body = validSignup({ email: '  Grace.Hopper@Example.COM ', other_outcome: 'A portfolio view' });
    body.desired_outcomes = ['Other', 'Reuse insights'];
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    expect(res.body).toBe('');
    const row = await suite.app.database.db
      .selectFrom('waitlist_signups')
      .selectAll()
      .where('email', '=', 'grace.hopper@example.com')
      .executeTakeFirstOrThrow();
    expect(row.role).toBe(body.role);
    expect(row.company_size).toBe(body.company_size);
    expect(suite.app.database.decodeList(row.desired_outcomes)).toEqual(['Other', 'Reuse insights']);
    expect(row.other_outcome).toBe('A portfolio view');
    expect(row.privacy_policy_version).toBe(PRIVACY_POLICY_VERSION);
    expect(Date.now() - new Date(row.consented_at).getTime()).toBeLessThan(60_000);
  });

  it('stores the language a sign-up was made in (English when absent); an unknown language is a CHECK error that stores nothing', async () => {
    expect((await post(validSignup({ email: 'sv.api@example.se', locale: 'sv' }))).statusCode).toBe(201);
    expect((await post(validSignup({ email: 'no.locale@example.com' }))).statusCode).toBe(201);
    const localeOf = async (email: string) =>
      (await suite.app.database.db.selectFrom('waitlist_signups').select('locale').where('email', '=', email).executeTakeFirstOrThrow())
        .locale;
    expect(await localeOf('sv.api@example.se')).toBe('sv');
    expect(await localeOf('no.locale@example.com')).toBe('en');
    for (const locale of ['de', 'SV', 5]) {
      const res = await post({ ...validSignup({ email: 'bad.locale@example.com' }), locale });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: '23514', message: checkViolationMessage(CHECK_CONSTRAINTS.locale), details: null, hint: null });
    }
    expect(await stored('bad.locale@example.com')).toEqual([]);
  });

  describe('API key', () => {
    it('answers 401 without an apikey header and stores nothing', async () => {
      const before = await rowCount();
      const res = await post(validSignup(), { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(401);
      expectApiError(res.json());
      expect(await rowCount()).toBe(before);
    });
    it('answers 401 for a wrong apikey', async () => {
      const res = await post(validSignup(), apiHeaders('wrong-key-000'));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('PGRST301');
    });
    it('answers 401 when the Bearer token is not the public key', async () => {
      const res = await post(validSignup(), { ...apiHeaders(), authorization: 'Bearer something-else' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('duplicates', () => {
    it.each([
      ['same case', (e: string) => e],
      ['upper case', (e: string) => e.toUpperCase()],
      ['surrounding spaces', (e: string) => `  ${e}\t`],
    ])('answers 409 / 23505 for a duplicate (%s)', async (_label, variant) => {
      const first = validSignup();
      expect((await post(first)).statusCode).toBe(201);
      const before = await rowCount();
      const res = await post({ ...first, email: variant(first.email) });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: '23505', message: DUPLICATE_EMAIL_MESSAGE, details: null, hint: null });
      expect(await rowCount()).toBe(before);
    });
  });

  describe('refused e-mail domains', () => {
    it('answers 400 / P0001 for a temporary-inbox address, says why in details, and stores and sends nothing', async () => {
      const before = await rowCount();
      const outbox = () => suite.app.database.db.selectFrom('outbox').select('id').execute();
      const queued = (await outbox()).length;
      for (const email of ['ada@mailinator.com', 'Ada@Sub.Guerrillamail.com ']) {
        const res = await post(validSignup({ email }));
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'P0001',
          message: EMAIL_DOMAIN_REFUSED_MESSAGE,
          details: 'disposable',
          hint: 'Use your work e-mail address: temporary addresses cannot receive our updates.',
        });
      }
      expect(await rowCount()).toBe(before);
      expect(await outbox()).toHaveLength(queued);
    });

    it("refuses the operators' blocked domains and lets their allowed ones through", async () => {
      const app = await suite.makeApp({ BLOCKED_EMAIL_DOMAINS: 'rival.example, @spam.example', ALLOWED_EMAIL_DOMAINS: 'yopmail.com' });
      const send = (email: string) =>
        app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup({ email }) });
      const blocked = await send('x@mail.rival.example');
      expect(blocked.statusCode).toBe(400);
      expect(blocked.json()).toMatchObject({ code: 'P0001', details: 'blocked' });
      expect((await send('x@spam.example')).statusCode).toBe(400);
      expect((await send('x@yopmail.com')).statusCode).toBe(201);
      expect((await send('x@rival-not.example')).statusCode).toBe(201);
    });

    it('with EMAIL_DOMAIN_CHECK=mx, refuses a domain DNS says has no mail server, and lets a slow DNS through', async () => {
      const dns = await startTestDnsServer({
        mx: { 'volvo.example': 'mx.volvo.example' },
        a: { 'firm.example': '192.0.2.1' },
        hang: ['slow.example'],
      });
      try {
        const app = await suite.makeApp({ EMAIL_DOMAIN_CHECK: 'mx', DNS_SERVERS: dns.server });
        const send = (email: string) =>
          app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup({ email }) });
        const nowhere = await send(`x-${dialect}@no-such-domain.example`);
        expect(nowhere.statusCode).toBe(400);
        expect(nowhere.json()).toMatchObject({ code: 'P0001', details: 'undeliverable' });
        expect((await send(`x-${dialect}@volvo.example`)).statusCode).toBe(201);
        expect((await send(`x-${dialect}@firm.example`)).statusCode).toBe(201);
        expect((await send(`x-${dialect}@slow.example`)).statusCode).toBe(201);
      } finally {
        await dns.close();
      }
    });

    it('refuses a malformed domain setting at start-up, naming it', async () => {
      await expect(suite.makeApp({ BLOCKED_EMAIL_DOMAINS: 'not a domain' })).rejects.toThrow(/BLOCKED_EMAIL_DOMAINS/);
    });
  });

  describe('check violations answer 400 / 23514 naming the check, and store nothing', () => {
    const long = (n: number) => 'a'.repeat(n);
    it.each([
      ['role outside the list', { role: 'CEO' }, CHECK_CONSTRAINTS.role],
      ['company size outside the list', { company_size: '5 employees' }, CHECK_CONSTRAINTS.company_size],
      ['outcome outside the list', { desired_outcomes: ['World peace'] }, CHECK_CONSTRAINTS.desired_outcomes],
      ['empty outcomes', { desired_outcomes: [] }, CHECK_CONSTRAINTS.desired_outcomes],
      ['bad e-mail', { email: 'not-an-email' }, CHECK_CONSTRAINTS.email],
      ['e-mail with a space inside', { email: 'a b@example.com' }, CHECK_CONSTRAINTS.email],
      ['e-mail over 254 characters', { email: `${long(250)}@example.com` }, CHECK_CONSTRAINTS.email],
      ['other outcome over 500 characters', { other_outcome: long(501) }, CHECK_CONSTRAINTS.other_outcome],
    ])('%s', async (_label, override, constraint) => {
      const before = await rowCount();
      const res = await post({ ...validSignup(), ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: '23514', message: checkViolationMessage(constraint), details: null, hint: null });
      expect(await rowCount()).toBe(before);
    });

    it('the database itself enforces every check, not only the API', async () => {
      const { db } = suite.app.database;
      const base = {
        email: 'direct@example.com',
        role: 'Product Manager',
        company_size: '1-10 employees',
        desired_outcomes: suite.app.database.encodeList(['Reuse insights']),
        privacy_policy_version: PRIVACY_POLICY_VERSION,
      };
      const attempts = [
        { ...base, role: 'CEO' },
        { ...base, company_size: 'lots' },
        { ...base, desired_outcomes: suite.app.database.encodeList([]) },
        { ...base, desired_outcomes: suite.app.database.encodeList(['Nope']) },
        { ...base, email: 'NotLower@Example.com' },
        { ...base, email: 'no-at-sign' },
        { ...base, other_outcome: 'x'.repeat(501) },
      ];
      for (const values of attempts) {
        await expect(db.insertInto('waitlist_signups').values(values).execute()).rejects.toThrow(/check constraint|CHECK constraint/i);
      }
    });
  });

  describe('malformed requests answer 400 with a PostgREST-style code', () => {
    it.each([
      ['malformed JSON', '{"email": ', 'PGRST102'],
      ['an empty body', '', 'PGRST102'],
      ['an array of two rows', JSON.stringify([validSignup(), validSignup()]), 'PGRST102'],
      ['an empty array', '[]', 'PGRST102'],
      ['an array holding a string', '["hello"]', 'PGRST102'],
      ['a string body', '"hello"', 'PGRST102'],
      ['a number body', '42', 'PGRST102'],
      ['null', 'null', 'PGRST102'],
      ['a __proto__ key', '{"__proto__": {"admin": true}, "email": "a@b.se"}', 'PGRST102'],
      ['an unknown column', JSON.stringify({ ...validSignup(), is_admin: true }), 'PGRST204'],
      ['email as a number', JSON.stringify({ ...validSignup(), email: 12 }), '22P02'],
      ['outcomes as a string', JSON.stringify({ ...validSignup(), desired_outcomes: 'Reuse insights' }), '22P02'],
      ['outcomes with a number', JSON.stringify({ ...validSignup(), desired_outcomes: [1] }), '22P02'],
      ['other_outcome as an object', JSON.stringify({ ...validSignup(), other_outcome: {} }), '22P02'],
      ['a missing role', JSON.stringify({ ...validSignup(), role: undefined }), '23502'],
      ['a null e-mail', JSON.stringify({ ...validSignup(), email: null }), '23502'],
    ])('%s', async (_label, payload, code) => {
      const before = await rowCount();
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expectApiError(res.json());
      expect(res.json().code).toBe(code);
      expect(await rowCount()).toBe(before);
    });

    it('answers 415 for a non-JSON content type', async () => {
      const res = await post('email=a@b.se', { ...apiHeaders(), 'content-type': 'application/x-www-form-urlencoded' });
      expect(res.statusCode).toBe(415);
      expectApiError(res.json());
    });

    it('answers 413 for a body over 16 KiB', async () => {
      const res = await post({ ...validSignup(), other_outcome: 'x'.repeat(17 * 1024) });
      expect(res.statusCode).toBe(413);
      expectApiError(res.json());
    });
  });

  describe('a JSON array (PostgREST bulk insert, as supabase-js sends it)', () => {
    it('stores a one-row array exactly like the bare object', async () => {
      const body = validSignup({ email: '  Array.Row@Example.COM ' });
      const res = await post([body]);
      expect(res.statusCode).toBe(201);
      expect(res.body).toBe('');
      expect(await stored('array.row@example.com')).toEqual([{ email: 'array.row@example.com' }]);
    });

    it('answers a one-row array with the bare object’s errors: 409 / 23505, 400 / 23514, 22P02, and stores nothing', async () => {
      const first = validSignup();
      expect((await post(first)).statusCode).toBe(201);
      const before = await rowCount();
      const duplicate = await post([{ ...first, email: first.email.toUpperCase() }]);
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ code: '23505', message: DUPLICATE_EMAIL_MESSAGE, details: null, hint: null });
      const check = await post([{ ...validSignup(), role: 'CEO' }]);
      expect(check.statusCode).toBe(400);
      expect(check.json()).toEqual({ code: '23514', message: checkViolationMessage(CHECK_CONSTRAINTS.role), details: null, hint: null });
      const type = await post([{ ...validSignup(), email: 12 }]);
      expectApiError(type.json(), { code: '22P02' });
      expect(await rowCount()).toBe(before);
    });

    it('refuses more than one row with a 400 that names the limit, storing none of them', async () => {
      const rows = [validSignup(), validSignup(), validSignup()];
      const res = await post(rows);
      expect(res.statusCode).toBe(400);
      expectApiError(res.json(), { code: 'PGRST102', message: 'Expected 1 row per request, got 3' });
      for (const row of rows) expect(await stored(row.email)).toEqual([]);
    });

    it('treats a one-row array with the honeypot filled like the bare object: 201, nothing stored', async () => {
      const body = validSignup();
      expect((await post([{ ...body, [HONEYPOT_FIELD]: 'https://spam.example' }])).statusCode).toBe(201);
      expect(await stored(body.email)).toEqual([]);
    });

    it.each([
      ['Prefer: return=representation', { prefer: 'return=representation' }, SIGNUPS_PATH],
      ['?select=*', {}, `${SIGNUPS_PATH}?select=*`],
    ])('refuses an insert that asks for the row back (%s) with 401 / 42501 and stores nothing', async (_label, headers, url) => {
      const body = validSignup();
      const res = await post([body], { ...apiHeaders(), ...headers }, url);
      expect(res.statusCode).toBe(401);
      expectApiError(res.json(), { code: '42501' });
      expect(res.body).not.toContain('@example.com');
      expect(await stored(body.email)).toEqual([]);
    });
  });

  describe('anonymous reads and changes are refused without data', () => {
    it.each(['GET', 'PATCH', 'DELETE', 'PUT', 'HEAD'] as const)('%s', async (method) => {
      await post(validSignup());
      const res = await suite.app.inject({
        method,
        url: `${SIGNUPS_PATH}?select=*`,
        headers: apiHeaders(),
        payload: method === 'PATCH' || method === 'PUT' ? '{"role":"Other"}' : undefined,
      });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain('@example.com');
      if (method !== 'HEAD') expect(res.json().code).toBe('42501');
      const noKey = await suite.app.inject({ method, url: SIGNUPS_PATH });
      expect(noKey.statusCode).toBe(401);
    });
    it('other tables do not exist', async () => {
      const res = await suite.app.inject({ method: 'GET', url: '/rest/v1/users', headers: apiHeaders() });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('PGRST205');
    });
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_REDEEM_PATH,
  SIGNUPS_PATH,
  type AdminApiKeyCreated,
  type AdminApiKeyList,
  type AdminSignupPage,
  type ApiScope,
} from '@waitlist/contract';
import { sha256 } from '../../lib/crypto';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { validSignup } from '../../test/fixtures';
import { ADMIN_TEST_ENV, addOperator, adminClient, auditEntries, seedSignup, signIn } from '../../test/console';

/**
 * Scoped API keys (issue 37 item 5), through the server's own routes on both databases: an owner makes a key (shown
 * once, kept hashed), each key works where its scopes allow and answers 403 naming the scope it lacks elsewhere, the
 * keys from the environment keep working and are listed as such, a revoked or expired key is refused, and every
 * change and every read of people with a key is in the audit trail.
 */
const METRICS_TOKEN = 'metrics-token-for-api-keys-0123456789';
const ACCESS_KEY = 'product-key-for-api-keys-0123456789-0123456789';

describe.each(DIALECTS)('scoped API keys on %s', (dialect) => {
  const suite = useTestApp(dialect, { ...ADMIN_TEST_ENV, METRICS_TOKEN, ACCESS_API_KEY: ACCESS_KEY });
  let ownerCookie: string;
  let memberCookie: string;
  const owner = adminClient(
    () => suite.app,
    () => ownerCookie,
  );
  const member = adminClient(
    () => suite.app,
    () => memberCookie,
  );
  const make = async (name: string, scopes: ApiScope[], more: { expires_in_days?: number } = {}) => {
    const res = await owner('POST', '/api-keys', { name, scopes, ...more });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminApiKeyCreated>();
  };
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
  const get = (url: string, key: string) => suite.app.inject({ method: 'GET', url, headers: bearer(key) });

  beforeAll(async () => {
    await addOperator(suite.app, `owner-${dialect}@acme.example`);
    await addOperator(suite.app, `member-${dialect}@acme.example`, undefined, 'member');
    ownerCookie = await signIn(suite.app, `owner-${dialect}@acme.example`);
    memberCookie = await signIn(suite.app, `member-${dialect}@acme.example`);
  });

  it('shows a new key once, keeps only its hash, lists it with the keys of the environment, and audits it', async () => {
    const created = await make('HubSpot sync', ['signups:read'], { expires_in_days: 30 });
    expect(created.key).toMatch(/^wlk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: 'HubSpot sync', scopes: ['signups:read'], state: 'active', hint: created.key.slice(-4) });
    expect(created.created_by).toBe(`owner-${dialect}@acme.example`);
    expect(Date.parse(created.expires_at!) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const stored = await suite.app.database.db.selectFrom('api_keys').selectAll().where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(sha256(created.key));
    expect(JSON.stringify(stored)).not.toContain(created.key);

    const list = await owner('GET', '/api-keys');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.key);
    expect(list.body).not.toContain(METRICS_TOKEN);
    expect(list.body).not.toContain(ACCESS_KEY);
    const { items, environment } = list.json<AdminApiKeyList>();
    expect(items.find((k) => k.id === created.id)).toMatchObject({ name: 'HubSpot sync', last_used_at: null });
    expect(environment.map((k) => [k.setting, k.scopes])).toEqual([
      ['WAITLIST_PUBLIC_KEY', ['signups:write']],
      ['ACCESS_API_KEY', ['access:redeem']],
      ['METRICS_TOKEN', ['metrics:read']],
    ]);
    expect(await auditEntries(suite.app, 'api-key.create')).toContainEqual(
      expect.objectContaining({ target: `api-key:${created.id}`, outcome: 'ok', detail: 'HubSpot sync: signups:read, 30 days' }),
    );

    // Owners only; bad input changes nothing.
    expect((await member('GET', '/api-keys')).statusCode).toBe(403);
    expect((await member('POST', '/api-keys', { name: 'mine', scopes: ['metrics:read'] })).statusCode).toBe(403);
    const before = await suite.app.database.db.selectFrom('api_keys').select('id').execute();
    for (const body of [
      { name: 'no scope', scopes: [] },
      { name: 'odd scope', scopes: ['signups:delete'] },
      { name: 'twice', scopes: ['metrics:read', 'metrics:read'] },
      { name: '   ', scopes: ['metrics:read'] },
      { name: 'forever and more', scopes: ['metrics:read'], expires_in_days: 0 },
      { name: 'extra', scopes: ['metrics:read'], admin: true },
    ]) {
      const res = await owner('POST', '/api-keys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await suite.app.database.db.selectFrom('api_keys').select('id').execute()).toEqual(before);
  });

  it('lets a key do what its scopes allow, and answers 403 with the scope it lacks everywhere else', async () => {
    const person = await seedSignup(suite.app, { email: `reader-${dialect}@volvo.example` });
    const reader = await make('Reader', ['signups:read']);
    const page = await get('/api/admin/signups?limit=5', reader.key);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<AdminSignupPage>().items.map((s) => s.email)).toContain(person.email);
    const one = await get(`/api/admin/signups/${person.id}`, reader.key);
    expect(one.statusCode).toBe(200);
    expect(one.json<{ email: string }>().email).toBe(person.email);
    expect(await auditEntries(suite.app, 'signups.read')).toContainEqual(
      expect.objectContaining({ operator_id: null, target: `api-key:${reader.id}`, detail: expect.stringContaining('“Reader”') }),
    );

    // Outside its scopes: 403 naming the scope (RFC 6750), whichever door it knocks on.
    const lacks = async (res: Awaited<ReturnType<typeof get>>, scope: ApiScope) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'insufficient_scope', details: scope });
      expect(res.headers['www-authenticate']).toBe(`Bearer error="insufficient_scope", scope="${scope}"`);
    };
    await lacks(await get('/metrics', reader.key), 'metrics:read');
    await lacks(
      await suite.app.inject({
        method: 'POST',
        url: ACCESS_REDEEM_PATH,
        headers: bearer(reader.key),
        payload: { code: 'X', email: person.email },
      }),
      'access:redeem',
    );
    await lacks(
      await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: bearer(reader.key), payload: validSignup() }),
      'signups:write',
    );
    const metricsKey = await make('Scraper', ['metrics:read']);
    await lacks(await get('/api/admin/signups', metricsKey.key), 'signups:read');
    await lacks(await get('/api/admin/signups', METRICS_TOKEN), 'signups:read');
    // Console routes that no scope opens, reads or changes: an operator signs in for them.
    for (const url of ['/api/admin/stats', '/api/admin/api-keys', '/api/admin/signups/export.csv']) {
      const res = await get(url, reader.key);
      expect(res.statusCode, url).toBe(403);
    }
    const write = await suite.app.inject({ method: 'POST', url: '/api/admin/api-keys', headers: bearer(reader.key), payload: {} });
    expect(write.statusCode).toBe(403);

    // Metrics with a console key and with the environment's token.
    expect((await get('/metrics', metricsKey.key)).statusCode).toBe(200);
    expect((await get('/metrics', METRICS_TOKEN)).statusCode).toBe(200);
    // Not a key at all: 401 on every door.
    for (const key of ['wlk_' + 'A'.repeat(43), 'nonsense', reader.key + 'x']) {
      expect((await get('/api/admin/signups', key)).statusCode).toBe(401);
      expect((await get('/metrics', key)).statusCode).toBe(401);
    }
    const used = (await owner('GET', '/api-keys')).json<AdminApiKeyList>().items.find((k) => k.id === reader.id)!;
    expect(used.last_used_at).not.toBeNull();
  });

  it('adds a sign-up with a signups:write key alone, and redeems with an access:redeem key as with ACCESS_API_KEY', async () => {
    const writer = await make('Seed client', ['signups:write']);
    const body = validSignup({ email: `seeded-${dialect}@scania.example` });
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: bearer(writer.key), payload: body });
    expect(res.statusCode, res.body).toBe(201);
    expect(
      await suite.app.database.db.selectFrom('waitlist_signups').select('email').where('email', '=', body.email).execute(),
    ).toHaveLength(1);

    const product = await make('Product', ['access:redeem']);
    for (const key of [product.key, ACCESS_KEY]) {
      // Let in (the code is unknown, so 404): the key was accepted.
      const redeem = await suite.app.inject({
        method: 'POST',
        url: ACCESS_REDEEM_PATH,
        headers: bearer(key),
        payload: { code: 'ABCD-EFGH-JKMN-PQRS', email: body.email },
      });
      expect(redeem.statusCode, redeem.body).toBe(404);
    }
    expect(
      (await suite.app.inject({ method: 'POST', url: ACCESS_REDEEM_PATH, payload: { code: 'X', email: body.email } })).statusCode,
    ).toBe(401);
  });

  it('refuses a key once revoked or expired, in every copy', async () => {
    const key = await make('Short-lived', ['signups:read']);
    const copy = await suite.makeApp();
    expect((await get('/api/admin/signups', key.key)).statusCode).toBe(200);
    const revoked = await owner('POST', `/api-keys/${key.id}/revoke`, {});
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toMatchObject({ state: 'revoked' });
    expect((await get('/api/admin/signups', key.key)).statusCode).toBe(401);
    expect((await copy.inject({ method: 'GET', url: '/api/admin/signups', headers: bearer(key.key) })).statusCode).toBe(401);
    expect((await owner('POST', `/api-keys/${key.id}/revoke`, {})).statusCode).toBe(404);
    expect(await auditEntries(suite.app, 'api-key.revoke')).toEqual([
      expect.objectContaining({ target: `api-key:${key.id}`, outcome: 'ok', detail: 'Short-lived' }),
      expect.objectContaining({ target: `api-key:${key.id}`, outcome: 'failed' }),
    ]);

    const expiring = await make('Expiring', ['signups:read'], { expires_in_days: 1 });
    expect((await get('/api/admin/signups', expiring.key)).statusCode).toBe(200);
    await suite.app.database.db
      .updateTable('api_keys')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expiring.id)
      .execute();
    expect((await get('/api/admin/signups', expiring.key)).statusCode).toBe(401);
    const listed = (await owner('GET', '/api-keys')).json<AdminApiKeyList>().items.find((k) => k.id === expiring.id);
    expect(listed?.state).toBe('expired');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { ADMIN_TEST_ENV, addOperator, signIn, OPERATOR_PASSWORD } from '../../test/console';
import { sha256 } from '../../lib/crypto';

/**
 * Issue 34 item 8: authenticator secrets are sealed and recovery codes kept as keyed hashes, under a key outside the
 * database (DATA_DIR/secrets.key, owner-only, or SECRETS_KEY). A copy of the database alone holds neither a secret that
 * makes codes nor a hash to test guesses against; rows written before the key are sealed when the server starts; a
 * copy started with another key refuses to start instead of locking everyone out.
 */
describe.each(DIALECTS)('second factors at rest on %s', (dialect) => {
  let dataDir = '';
  const suite = useTestApp(dialect, (testDb) => {
    dataDir = testDb.dataDir;
    return { ...ADMIN_TEST_ENV };
  });
  const operator = `sealed-${dialect}@acme.example`;
  const api = (url: string, cookie: string, payload?: object) =>
    suite.app.inject({
      method: 'POST',
      url: `/api/admin${url}`,
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      ...(payload ? { payload } : {}),
    });
  const totpOf = (secret: string) =>
    new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

  it('keeps the key beside the data, owner-only; the database holds the secret sealed and the codes as keyed hashes', async () => {
    const keyFile = path.join(dataDir, 'secrets.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    await addOperator(suite.app, operator);
    const cookie = await signIn(suite.app, operator);
    const { secret } = (await api('/me/totp', cookie)).json<{ secret: string }>();
    const confirmed = await api('/me/totp/confirm', cookie, { code: totpOf(secret).generate() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;

    const row = await suite.app.database.db
      .selectFrom('operators')
      .select('totp_secret')
      .where('email', '=', operator)
      .executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^enc1:/);
    expect(row.totp_secret).not.toContain(secret);
    const stored = (await suite.app.database.db.selectFrom('operator_recovery_codes').select('code_hash').execute()).map(
      (r) => r.code_hash,
    );
    expect(stored).toHaveLength(10);
    for (const hash of stored) expect(hash).toMatch(/^k1:[0-9a-f]{64}$/);
    // Without the key, the database's hashes say nothing: the plain SHA-256 of a code is not among them.
    expect(stored).not.toContain(sha256(codes[0]!));
    expect(stored).not.toContain(`k1:${sha256(codes[0]!)}`);

    const withCode = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: operator, password: OPERATOR_PASSWORD, totp: totpOf(secret).generate({ timestamp: Date.now() + 30_000 }) },
    });
    expect(withCode.statusCode, withCode.body).toBe(200);
    const withRecovery = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: operator, password: OPERATOR_PASSWORD, recovery_code: codes[1] },
    });
    expect(withRecovery.statusCode, withRecovery.body).toBe(200);
  });

  it('seals what was stored before the key when it starts, and a copy with another key refuses to start', async () => {
    const legacy = `legacy-${dialect}@acme.example`;
    await addOperator(suite.app, legacy);
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const code = 'abcd-efgh-jkmn-pqrs';
    const { db } = suite.app.database;
    const id = Number((await db.selectFrom('operators').select('id').where('email', '=', legacy).executeTakeFirstOrThrow()).id);
    // As a server before this change stored them: the secret in the clear, the code as its plain SHA-256.
    await db.updateTable('operators').set({ totp_secret: secret, totp_last_step: 0 }).where('id', '=', id).execute();
    await db
      .insertInto('operator_recovery_codes')
      .values({ code_hash: sha256(code), operator_id: id, created_at: new Date().toISOString() })
      .execute();

    const restarted = await suite.makeApp();
    const row = await db.selectFrom('operators').select('totp_secret').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toMatch(/^enc1:/);
    const hashes = (await db.selectFrom('operator_recovery_codes').select('code_hash').where('operator_id', '=', id).execute()).map(
      (r) => r.code_hash,
    );
    expect(hashes).toEqual([expect.stringMatching(/^k1:/)]);
    const sign = (payload: object) =>
      restarted.inject({ method: 'POST', url: '/api/admin/session', payload: { email: legacy, password: OPERATOR_PASSWORD, ...payload } });
    expect((await sign({ totp: totpOf(secret).generate() })).statusCode).toBe(200);
    expect((await sign({ recovery_code: code })).statusCode).toBe(200);

    await expect(suite.makeApp({ SECRETS_KEY: randomBytes(32).toString('base64') })).rejects.toThrow(/secrets key differs/);
    await expect(suite.makeApp({ SECRETS_KEY: 'too short' })).rejects.toThrow(/SECRETS_KEY/);

    // The key lost with the old machine: once every operator's factors are reset, a new key takes over.
    await db.updateTable('operators').set({ totp_secret: null, totp_pending_secret: null }).execute();
    await db.deleteFrom('operator_recovery_codes').execute();
    const fingerprint = () =>
      db.selectFrom('server_secrets').select('value').where('name', '=', 'secrets-key-fingerprint').executeTakeFirstOrThrow();
    const before = (await fingerprint()).value;
    await suite.makeApp({ SECRETS_KEY: randomBytes(32).toString('base64') });
    expect((await fingerprint()).value).not.toBe(before);
  });
});

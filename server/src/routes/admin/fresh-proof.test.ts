import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, type AdminAuditPage, type AdminSessionInfo } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { OPERATOR_PASSWORD, addOperator, signIn, useConsoleAppWithMail } from '../../test/console';

/**
 * Issue 34 item 3: changing how one signs in needs the operator, not only their session. A session whose sign-in is
 * more than five minutes old cannot add a passkey, set up or turn off the authenticator, make new recovery codes or
 * change the password until the operator proves who they are again (POST /me/proof, or the sign-in's fields in the
 * change's body); each change is mailed to the operator, with the owners to tell if it was not them. Real SMTP server.
 */
const NEW_PASSWORD = 'a brand new passphrase for me';

describe.each(DIALECTS)('a fresh proof before changing how one signs in, on %s', (dialect) => {
  const { smtp, suite } = useConsoleAppWithMail(dialect);
  const me = `proving-${dialect}@acme.example`;
  const otherOwner = `other-owner-${dialect}@acme.example`;

  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    suite.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      ...(payload ? { payload } : {}),
    });
  /** The session's sign-in happened `minutes` ago (as if the operator had walked away from the laptop since). */
  const age = async (cookie: string, minutes: number) => {
    const at = new Date(Date.now() - minutes * 60_000).toISOString();
    await suite.app.database.db.updateTable('operator_sessions').set({ created_at: at, proved_at: null }).execute();
    return cookie;
  };
  const refusedForProof = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'proof_required' });
  };

  it('refuses every change from a session signed in over five minutes ago; the password in the body or POST /me/proof lets it through', async () => {
    await addOperator(suite.app, otherOwner);
    await addOperator(suite.app, me);
    const cookie = await age(await signIn(suite.app, me), 6);
    expect(Date.parse((await api('GET', '/session', cookie)).json<AdminSessionInfo>().fresh_until)).toBeLessThan(Date.now());

    refusedForProof(await api('POST', '/me/totp', cookie));
    refusedForProof(await api('POST', '/me/recovery-codes', cookie));
    refusedForProof(await api('POST', '/me/passkeys/options', cookie));
    refusedForProof(await api('DELETE', '/me/passkeys/1', cookie));
    refusedForProof(await api('POST', '/me/password', cookie, { new_password: NEW_PASSWORD }));
    refusedForProof(await api('POST', '/me/totp/off', cookie, { code: '123456' }));
    // Reads are not changes.
    expect((await api('GET', '/me/passkeys', cookie)).statusCode).toBe(200);

    // A wrong password in the body is a failed sign-in (counted like one); the right one lets the change through.
    const wrong = await api('POST', '/me/totp', cookie, { password: 'not my password at all' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'ADMIN401C' });
    const started = await api('POST', '/me/totp', cookie, { password: OPERATOR_PASSWORD });
    expect(started.statusCode, started.body).toBe(200);
    // ... and counts for the next five minutes (confirming the app is the second half of the same change).
    const secret = started.json<{ secret: string }>().secret;
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const confirmed = await api('POST', '/me/totp/confirm', cookie, { code: totp.generate({ timestamp: Date.now() - 30_000 }) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const onMail = await smtp.nextMailTo(me, { timeoutMs: 15_000 });
    expect(onMail.subject).toMatch(/sign in .* changed/i);
    expect(onMail.text).toMatch(/authenticator app was set up/i);
    expect(onMail.text).toContain(otherOwner);

    // Now that the account has an app, the password alone is no proof: the code (or a recovery code) comes with it.
    await age(cookie, 6);
    const passwordOnly = await api('POST', '/me/proof', cookie, { password: OPERATOR_PASSWORD });
    expect(passwordOnly.statusCode).toBe(401);
    expect(passwordOnly.json()).toMatchObject({ code: 'totp_required' });
    const proved = await api('POST', '/me/proof', cookie, { password: OPERATOR_PASSWORD, totp: totp.generate() });
    expect(proved.statusCode, proved.body).toBe(200);
    expect(Date.parse(proved.json<{ fresh_until: string }>().fresh_until)).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(Date.parse((await api('GET', '/session', cookie)).json<AdminSessionInfo>().fresh_until)).toBeGreaterThan(Date.now());

    const renewed = await api('POST', '/me/recovery-codes', cookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await smtp.nextMailTo(me, { timeoutMs: 15_000 })).text).toMatch(/new recovery codes/i);

    // The password: other sessions end, the new one signs in, the old one no longer does, and the operator is told.
    const elsewhere = await signIn(suite.app, me, OPERATOR_PASSWORD, { totp: totp.generate({ timestamp: Date.now() + 30_000 }) });
    const changed = await api('POST', '/me/password', cookie, { new_password: NEW_PASSWORD });
    expect(changed.statusCode, changed.body).toBe(204);
    expect((await api('GET', '/session', elsewhere)).statusCode).toBe(401);
    expect((await api('GET', '/session', cookie)).statusCode).toBe(200);
    const passwordMail = await smtp.nextMailTo(me, { timeoutMs: 15_000 });
    expect(passwordMail.text).toMatch(/password of your account was changed/i);
    expect(passwordMail.text).toContain(otherOwner);
    const old = await suite.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: me, password: OPERATOR_PASSWORD } });
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'ADMIN401C' });

    // The trail has the proofs and the changes, and the refusals.
    const trail = (await api('GET', '/audit', cookie)).json<AdminAuditPage>().items.map((e) => `${e.action} ${e.outcome}`);
    expect(trail).toEqual(
      expect.arrayContaining(['session.proof ok', 'session.proof failed', 'operator.password ok', 'two-factor.totp-on ok']),
    );
  });

  it('a proof is good for its own session only, and a fresh sign-in counts as one', async () => {
    const mate = `mate-${dialect}@acme.example`;
    await addOperator(suite.app, mate);
    const stale = await age(await signIn(suite.app, mate), 6);
    const fresh = await signIn(suite.app, mate);
    expect((await api('POST', '/me/passkeys/options', fresh)).statusCode).toBe(200);
    refusedForProof(await api('POST', '/me/passkeys/options', stale));
    const cookieName = (c: string) => c.split('=')[0];
    expect(cookieName(fresh)).toBe(ADMIN_SESSION_COOKIE);
  });

  it('makes an API key or changes the single sign-on policy only with a fresh proof, and tells every other owner by mail (third review, item 4)', async () => {
    const maker = `key-maker-${dialect}@acme.example`;
    const watcher = `key-watcher-${dialect}@acme.example`;
    await addOperator(suite.app, watcher);
    await addOperator(suite.app, maker);
    const cookie = await age(await signIn(suite.app, maker), 6);
    const keysMade = async () => (await suite.app.database.db.selectFrom('api_keys').select('id').execute()).length;
    const before = await keysMade();

    // A stolen or unattended session: refused, and nothing is made.
    refusedForProof(await api('POST', '/api-keys', cookie, { name: 'exfiltration', scopes: ['signups:read'] }));
    const policy = { required: false, break_glass_operator_id: null, domain_roles: [{ domain: 'acme.example', role: 'owner' }] };
    refusedForProof(await api('PUT', '/sso', cookie, policy));
    expect(await keysMade()).toBe(before);
    expect((await api('GET', '/sso', cookie)).json<{ domain_roles: unknown[] }>().domain_roles).toEqual([]);
    const wrong = await api('POST', '/api-keys', cookie, { name: 'exfiltration', scopes: ['signups:read'], password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(await keysMade()).toBe(before);

    // With the password: made, and the other owners are told who made what.
    const made = await api('POST', '/api-keys', cookie, { name: 'CRM sync', scopes: ['signups:read'], password: OPERATOR_PASSWORD });
    expect(made.statusCode, made.body).toBe(201);
    const keyMail = await smtp.nextMailTo(watcher, { timeoutMs: 15_000 });
    expect(keyMail.subject).toMatch(/An API key was made/);
    expect(keyMail.text).toContain(maker);
    expect(keyMail.text).toContain('CRM sync: signups:read');
    // The proof counts for five minutes: the policy goes through without it in the body, and is mailed too.
    const changed = await api('PUT', '/sso', cookie, policy);
    expect(changed.statusCode, changed.body).toBe(200);
    const policyMail = await smtp.nextMailTo(watcher, { timeoutMs: 15_000 });
    expect(policyMail.subject).toMatch(/single sign-on policy changed/i);
    expect(policyMail.text).toContain('acme.example owner');
    await api('PUT', '/sso', cookie, { ...policy, domain_roles: [] });

    // The maker is not mailed about their own change; each other owner is, once per change.
    const notices = await suite.app.database.db
      .selectFrom('outbox')
      .select('payload')
      .where('topic', '=', 'operator-credential-made')
      .execute();
    const makerId = Number(
      (await suite.app.database.db.selectFrom('operators').select('id').where('email', '=', maker).executeTakeFirstOrThrow()).id,
    );
    const recipients = notices.map((n) => (typeof n.payload === 'string' ? JSON.parse(n.payload) : n.payload) as { operatorId: number });
    expect(recipients.some((p) => p.operatorId === makerId)).toBe(false);
  });
});

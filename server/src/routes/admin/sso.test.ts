import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as OTPAuth from 'otpauth';
import { ADMIN_SESSION_COOKIE, SSO_CALLBACK_PATH, type AdminSso } from '@waitlist/contract';
import type { FastifyInstance } from 'fastify';
import { useTestApp } from '../../test/app';
import { DIALECTS } from '../../test/databases';
import { startTestProvider, type TestProvider } from '../../test/oidc-provider';
import { freePort } from '../../test/free-port';
import { ADMIN_TEST_ENV, addOperator, adminClient, auditEntries, signIn } from '../../test/console';
import { sha256 } from '../../lib/crypto';
import { softwarePasskey } from '../../test/software-passkey';

/**
 * Single sign-on to the console (issue 37 item 4) against a real OpenID provider on loopback (oidc-provider): the
 * authorization code flow with PKCE, state and nonce; who may come in (allowed domains, invited addresses, operators
 * already) and with which role; the operator's own second factor after the provider; an owner requiring it for
 * everybody but the break-glass owner; and the refusals: a wrong nonce, a wrong audience, an expired ID token, a domain
 * that is not allowed, a browser that did not start the sign-in. Each refusal lands on the sign-in page with its
 * reason, starts no session, and is in the audit trail.
 */
const SITE = 'http://localhost:3000';
const ORIGIN = { origin: 'http://localhost:80', host: 'localhost:80' };

describe.each(DIALECTS)('single sign-on on %s', (dialect) => {
  let provider: TestProvider;
  const suite = useTestApp(
    dialect,
    () => ({
      ...ADMIN_TEST_ENV,
      SITE_URL: SITE,
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: provider.clientId,
      OIDC_CLIENT_SECRET: provider.clientSecret,
      OIDC_ALLOWED_DOMAINS: 'acme.example, @subsidiary.example',
      OIDC_DEFAULT_ROLE: 'viewer',
    }),
    {
      beforeBuild: async () => {
        provider = await startTestProvider({ redirectUri: `${SITE}${SSO_CALLBACK_PATH}` });
      },
    },
  );
  afterAll(async () => provider?.close());
  beforeAll(async () => {
    await addOperator(suite.app, `owner-${dialect}@acme.example`);
  });

  /** The browser's way: our start, the provider, back to our callback; answers where it lands and the session cookie. */
  async function signInThroughProvider(app: FastifyInstance = suite.app, tamper?: (providerUrl: URL) => URL, invitation?: string) {
    // From the sign-in page's link, or from an invitation's Join page (its token in the body, never in an address).
    const start = invitation
      ? await app.inject({ method: 'POST', url: '/api/admin/sso/start', headers: ORIGIN, payload: { invitation } })
      : await app.inject({ method: 'GET', url: '/api/admin/sso/start' });
    expect(start.statusCode, start.body).toBe(invitation ? 200 : 303);
    const handle = start.cookies.find((c) => c.name === 'wl_sso');
    expect(handle).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/admin/sso' });
    let authorize = new URL(invitation ? start.json<{ url: string }>().url : start.headers.location!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    if (tamper) authorize = tamper(authorize);
    const back = await provider.authorize(authorize.toString());
    expect(back.pathname).toBe(SSO_CALLBACK_PATH);
    const callback = await app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies: { wl_sso: handle!.value } });
    expect(callback.statusCode, callback.body).toBe(303);
    const session = callback.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE && c.value);
    return { location: callback.headers.location!, session, callback };
  }
  const whoAmI = async (session: { value: string } | undefined) =>
    (
      await suite.app.inject({
        method: 'GET',
        url: '/api/admin/session',
        cookies: session ? { [ADMIN_SESSION_COOKIE]: session.value } : {},
      })
    ).json<{
      operator?: { email: string; role: string };
    }>();

  it('lets an address of an allowed domain join with the role an owner set for the domain, and signs it in again by its subject', async () => {
    const cookie = await signIn(suite.app, `owner-${dialect}@acme.example`);
    const admin = adminClient(
      () => suite.app,
      () => cookie,
    );
    const set = await admin('PUT', '/sso', {
      required: false,
      break_glass_operator_id: null,
      domain_roles: [{ domain: 'subsidiary.example', role: 'member' }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<AdminSso>()).toMatchObject({ configured: true, issuer: provider.issuer, default_role: 'viewer' });

    provider.signInAs({ sub: `anna-${dialect}`, email: `anna-${dialect}@acme.example` });
    const first = await signInThroughProvider();
    expect(first.location).toBe('/admin');
    expect((await whoAmI(first.session)).operator).toMatchObject({ email: `anna-${dialect}@acme.example`, role: 'viewer' });

    provider.signInAs({ sub: `bo-${dialect}`, email: `bo-${dialect}@subsidiary.example` });
    const member = await signInThroughProvider();
    expect((await whoAmI(member.session)).operator).toMatchObject({ role: 'member' });

    // Anna's address changes at the provider: the subject is still hers.
    provider.signInAs({ sub: `anna-${dialect}`, email: `anna.new-${dialect}@acme.example` });
    expect((await whoAmI((await signInThroughProvider()).session)).operator?.email).toBe(`anna-${dialect}@acme.example`);
    // Someone else at the provider with Anna's old address is not Anna.
    provider.signInAs({ sub: `not-anna-${dialect}`, email: `anna-${dialect}@acme.example` });
    const other = await signInThroughProvider();
    expect(other.location).toBe('/admin?sso=other-subject');
    expect(other.session).toBeUndefined();

    const joins = await auditEntries(suite.app, 'operator.join');
    expect(joins.map((j) => [j.target, j.detail])).toEqual([
      ['domain:acme.example', 'viewer, through the identity provider'],
      ['domain:subsidiary.example', 'member, through the identity provider'],
    ]);
    expect(await auditEntries(suite.app, 'sso.policy')).toHaveLength(1);
  });

  it('refuses a domain that is not allowed (unless invited), an unverified address, a wrong nonce, audience or expiry, and a browser that did not start', async () => {
    const refusals: string[] = [];
    provider.signInAs({ sub: `eve-${dialect}`, email: `eve-${dialect}@elsewhere.example` });
    refusals.push((await signInThroughProvider()).location);

    provider.signInAs({ sub: `unverified-${dialect}`, email: `carl-${dialect}@acme.example`, emailVerified: false });
    refusals.push((await signInThroughProvider()).location);

    provider.signInAs({ sub: `dora-${dialect}`, email: `dora-${dialect}@acme.example` });
    const wrongNonce = await signInThroughProvider(suite.app, (url) => {
      url.searchParams.set('nonce', 'a-nonce-this-browser-never-got');
      return url;
    });
    refusals.push(wrongNonce.location);
    for (const how of ['audience', 'expired'] as const) {
      provider.misbehave(how);
      try {
        refusals.push((await signInThroughProvider()).location);
      } finally {
        provider.misbehave(null);
      }
    }
    expect(refusals).toEqual([
      '/admin?sso=not-allowed',
      '/admin?sso=unverified-email',
      '/admin?sso=provider',
      '/admin?sso=provider',
      '/admin?sso=provider',
    ]);
    const failures = (await auditEntries(suite.app, 'session.sign-in')).filter((e) => e.outcome === 'failed').map((e) => e.detail ?? '');
    expect(failures.some((d) => /elsewhere\.example is not an allowed domain/.test(d))).toBe(true);
    expect(
      failures.some((d) => /nonce/i.test(d)),
      failures.join('\n'),
    ).toBe(true);
    expect(failures.some((d) => /aud/i.test(d))).toBe(true);
    expect(failures.some((d) => /exp/i.test(d))).toBe(true);
    expect(
      await suite.app.database.db
        .selectFrom('operators')
        .select('email')
        .where('email', 'like', `%-${dialect}@elsewhere.example`)
        .execute(),
    ).toEqual([]);

    // A callback this browser did not start (no cookie, or one used already): refused before the provider is asked.
    const start = await suite.app.inject({ method: 'GET', url: '/api/admin/sso/start' });
    const back = await provider.authorize(start.headers.location!);
    const stranger = await suite.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(stranger.headers.location).toBe('/admin?sso=expired');

    // A provider that is down: the person lands on the sign-in page, told so; nothing else happens.
    const down = await suite.makeApp({ OIDC_ISSUER: `http://127.0.0.1:${await freePort()}` });
    const unreachable = await down.inject({ method: 'GET', url: '/api/admin/sso/start' });
    expect(unreachable.statusCode).toBe(303);
    expect(unreachable.headers.location).toBe('/admin?sso=unreachable');

    // Invited from another domain: the provider's address alone does not join them (the domain is not allowed); the
    // invitation's own link does, with the invitation's role.
    const token = await invite(`eve-${dialect}@elsewhere.example`, 'member');
    provider.signInAs({ sub: `eve-${dialect}`, email: `eve-${dialect}@elsewhere.example` });
    expect((await signInThroughProvider()).location).toBe('/admin?sso=link-needed');
    const invited = await signInThroughProvider(suite.app, undefined, token);
    expect((await whoAmI(invited.session)).operator).toMatchObject({ email: `eve-${dialect}@elsewhere.example`, role: 'member' });
  });

  /** An owner invites `email` with `role`; answers the token of the invitation's link (as its mail carries it). */
  async function invite(email: string, role: 'owner' | 'member' | 'viewer') {
    const ownerCookie = await signIn(suite.app, `owner-${dialect}@acme.example`);
    const made = await adminClient(
      () => suite.app,
      () => ownerCookie,
    )('POST', '/operators', { email, role });
    expect(made.statusCode, made.body).toBe(201);
    const token = `the-link-of-the-invitation-mail-${email}`;
    await suite.app.stores.operatorInvitations.setTokenHash(suite.app.database.db, made.json<{ id: number }>().id, sha256(token));
    return token;
  }
  const subjectOf = async (email: string) =>
    (await suite.app.database.db.selectFrom('operators').select('sso_subject').where('email', '=', email).executeTakeFirst())?.sso_subject;

  it('links an address to an operator or an invitation only when the provider verified it and its domain is allowed (third review, item 1)', async () => {
    // A founder on a public mail domain: a tenant's admin who sets that address on an account of theirs is refused.
    await addOperator(suite.app, `founder-${dialect}@gmail.example`);
    provider.signInAs({ sub: `tenant-admin-${dialect}`, email: `founder-${dialect}@gmail.example` });
    const borrowed = await signInThroughProvider();
    expect(borrowed).toMatchObject({ location: '/admin?sso=link-needed', session: undefined });
    expect(await subjectOf(`founder-${dialect}@gmail.example`)).toBeNull();

    // An allowed domain, but no email_verified (as Entra ID sends): not linked; verified: linked, then by subject only.
    await addOperator(suite.app, `pat-${dialect}@acme.example`, undefined, 'member');
    provider.signInAs({ sub: `pat-${dialect}`, email: `pat-${dialect}@acme.example`, emailVerified: undefined });
    expect(await signInThroughProvider()).toMatchObject({ location: '/admin?sso=link-needed', session: undefined });
    expect(await subjectOf(`pat-${dialect}@acme.example`)).toBeNull();
    provider.signInAs({ sub: `pat-${dialect}`, email: `pat-${dialect}@acme.example` });
    expect((await whoAmI((await signInThroughProvider()).session)).operator).toMatchObject({ email: `pat-${dialect}@acme.example` });
    provider.signInAs({ sub: `pat-${dialect}`, email: `pat-${dialect}@acme.example`, emailVerified: false });
    expect((await whoAmI((await signInThroughProvider()).session)).operator).toMatchObject({ email: `pat-${dialect}@acme.example` });
    expect((await auditEntries(suite.app, 'operator.sso-link')).map((e) => e.detail)).toContain('domain:acme.example');

    // A newcomer of an allowed domain without a verified address does not join either.
    provider.signInAs({ sub: `nobody-${dialect}`, email: `nobody-${dialect}@acme.example`, emailVerified: undefined });
    expect((await signInThroughProvider()).location).toBe('/admin?sso=unverified-email');
    expect(await subjectOf(`nobody-${dialect}@acme.example`)).toBeUndefined();

    // A partner consultant invited as owner: their provider's address is not enough, the invitation's link is needed.
    const token = await invite(`consultant-${dialect}@partner.example`, 'owner');
    provider.signInAs({ sub: `consultant-${dialect}`, email: `consultant-${dialect}@partner.example` });
    expect(await signInThroughProvider()).toMatchObject({ location: '/admin?sso=link-needed', session: undefined });
    expect(await subjectOf(`consultant-${dialect}@partner.example`)).toBeUndefined();
    // Someone else with the address cannot use the invitation through the provider either; the link joins its holder.
    const joined = await signInThroughProvider(suite.app, undefined, token);
    expect((await whoAmI(joined.session)).operator).toMatchObject({ email: `consultant-${dialect}@partner.example`, role: 'owner' });
    // The link works once.
    const again = await suite.app.inject({ method: 'POST', url: '/api/admin/sso/start', headers: ORIGIN, payload: { invitation: token } });
    expect(again.statusCode).toBe(410);

    // An invitation that expired is not joined through the provider, even by a verified address of an allowed domain.
    await invite(`late-${dialect}@acme.example`, 'owner');
    await suite.app.database.db
      .updateTable('operator_invitations')
      .set({ expires_at: new Date(Date.now() - 60_000).toISOString() })
      .where('email', '=', `late-${dialect}@acme.example`)
      .execute();
    provider.signInAs({ sub: `late-${dialect}`, email: `late-${dialect}@acme.example` });
    const late = await signInThroughProvider();
    expect((await whoAmI(late.session)).operator).toMatchObject({ email: `late-${dialect}@acme.example`, role: 'viewer' });
  });

  it('keeps a removed operator out of joining by domain until an owner invites them again (third review, item 2)', async () => {
    provider.signInAs({ sub: `leaver-${dialect}`, email: `leaver-${dialect}@acme.example` });
    expect((await whoAmI((await signInThroughProvider()).session)).operator).toMatchObject({ role: 'viewer' });
    const ownerCookie = await signIn(suite.app, `owner-${dialect}@acme.example`);
    const admin = adminClient(
      () => suite.app,
      () => ownerCookie,
    );
    const id = Number(
      (
        await suite.app.database.db
          .selectFrom('operators')
          .select('id')
          .where('email', '=', `leaver-${dialect}@acme.example`)
          .executeTakeFirstOrThrow()
      ).id,
    );
    expect((await admin('DELETE', `/operators/${id}`)).statusCode).toBe(204);

    // The same provider account, and the same address on a new account: both stay out.
    const back = await signInThroughProvider();
    expect(back).toMatchObject({ location: '/admin?sso=removed', session: undefined });
    provider.signInAs({ sub: `leaver-new-${dialect}`, email: `leaver-${dialect}@acme.example` });
    expect((await signInThroughProvider()).location).toBe('/admin?sso=removed');
    provider.signInAs({ sub: `leaver-${dialect}`, email: `leaver.renamed-${dialect}@acme.example` });
    expect((await signInThroughProvider()).location).toBe('/admin?sso=removed');
    expect(await subjectOf(`leaver-${dialect}@acme.example`)).toBeUndefined();

    // Invited again: they join, with the invitation's role.
    await invite(`leaver-${dialect}@acme.example`, 'member');
    provider.signInAs({ sub: `leaver-${dialect}`, email: `leaver-${dialect}@acme.example` });
    expect((await whoAmI((await signInThroughProvider()).session)).operator).toMatchObject({ role: 'member' });
  });

  it("asks for the operator's own code after the provider, and keeps only the break-glass owner on passwords when required", async () => {
    // An owner with an authenticator app (turned on the console's way).
    const email = `owner-${dialect}@acme.example`;
    const cookie = await signIn(suite.app, email);
    const admin = adminClient(
      () => suite.app,
      () => cookie,
    );
    const proof = { password: 'a long operator passphrase' };
    const started = await admin('POST', '/me/totp', proof);
    expect(started.statusCode, started.body).toBe(200);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(started.json<{ secret: string }>().secret) });
    const confirmed = await admin('POST', '/me/totp/confirm', { code: totp.generate() });
    expect(confirmed.statusCode).toBe(200);
    const [recoveryCode] = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;

    const ownerId = Number(
      (await suite.app.database.db.selectFrom('operators').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id,
    );
    provider.signInAs({ sub: `owner-${dialect}`, email });
    const back = await signInThroughProvider();
    expect(back.location).toBe('/admin?sso=code');
    expect(back.session).toBeUndefined();
    const ticket = back.callback.cookies.find((c) => c.name === 'wl_sso_code')!;
    const origin = { origin: 'http://localhost:80', host: 'localhost:80' };
    const wrong = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session/sso-code',
      headers: origin,
      cookies: { wl_sso_code: ticket.value },
      payload: { totp: '000000' },
    });
    expect(wrong.statusCode).toBe(401);
    // One try: the ticket is gone; through the provider again, then the right code.
    const again = await signInThroughProvider();
    const code = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session/sso-code',
      headers: origin,
      cookies: { wl_sso_code: again.callback.cookies.find((c) => c.name === 'wl_sso_code')!.value },
      payload: { totp: totp.generate({ timestamp: Date.now() + 30_000 }) },
    });
    expect(code.statusCode, code.body).toBe(200);
    expect(code.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)?.value).toBeTruthy();

    // Required for everybody but the break-glass owner: the others' passwords no longer sign in.
    await addOperator(suite.app, `pw-${dialect}@acme.example`, undefined, 'member');
    const required = await admin('PUT', '/sso', { required: true, break_glass_operator_id: ownerId, domain_roles: [] });
    expect(required.statusCode, required.body).toBe(200);
    const refused = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: `pw-${dialect}@acme.example`, password: 'a long operator passphrase' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'sso_required' });
    const breakGlass = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email, password: 'a long operator passphrase', recovery_code: recoveryCode },
    });
    expect(breakGlass.statusCode, breakGlass.body).toBe(200);
    // A wrong password is answered as always: the policy tells a stranger nothing about the account.
    const stranger = await suite.app.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: `pw-${dialect}@acme.example`, password: 'not the password at all' },
    });
    expect(stranger.statusCode).toBe(401);
    // Requiring it without a break-glass owner is refused, and changes nothing.
    expect((await admin('PUT', '/sso', { required: true, break_glass_operator_id: null, domain_roles: [] })).statusCode).toBe(400);
    expect((await admin('GET', '/sso')).json<AdminSso>()).toMatchObject({ required: true, break_glass_operator_id: ownerId });
    await admin('PUT', '/sso', { required: false, break_glass_operator_id: null, domain_roles: [] });
  });

  it('signs in once when the button is pressed twice: the browser follows the later start; the earlier answer, or a replay, is refused', async () => {
    provider.signInAs({ sub: `twice-${dialect}`, email: `twice-${dialect}@acme.example` });
    const first = await suite.app.inject({ method: 'GET', url: '/api/admin/sso/start' });
    const second = await suite.app.inject({ method: 'GET', url: '/api/admin/sso/start' });
    // The browser's cookie jar holds the later start's cookie (the same name and path replace the first), and it follows
    // the later answer's redirect: the first navigation is abandoned.
    const kept = second.cookies.find((c) => c.name === 'wl_sso')!;
    expect(first.cookies.find((c) => c.name === 'wl_sso')!.value).not.toBe(kept.value);
    const back = await provider.authorize(second.headers.location!);
    const callback = await suite.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, cookies: { wl_sso: kept.value } });
    const session = callback.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE && c.value);
    expect((await whoAmI(session)).operator).toMatchObject({ email: `twice-${dialect}@acme.example`, role: 'viewer' });
    // Had the first navigation gone on, its answer, and a replay of the used one, are refused: no second session.
    const stale = await provider.authorize(first.headers.location!);
    for (const answer of [stale, back]) {
      const refused = await suite.app.inject({ method: 'GET', url: `${answer.pathname}${answer.search}`, cookies: { wl_sso: kept.value } });
      expect(refused.headers.location).toMatch(/^\/admin\?sso=/);
      expect(refused.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE && c.value)).toBeUndefined();
    }
  });

  it('lets an operator whose second factor is a passkey finish a required sign-in through the provider with it (third review, item 7)', async () => {
    const boss = `boss-${dialect}@acme.example`;
    await addOperator(suite.app, boss);
    const cookie = await signIn(suite.app, boss);
    const admin = adminClient(
      () => suite.app,
      () => cookie,
    );
    const email = `pk-${dialect}@acme.example`;
    await addOperator(suite.app, email, undefined, 'member');
    const idOf = async (address: string) =>
      Number((await suite.app.database.db.selectFrom('operators').select('id').where('email', '=', address).executeTakeFirstOrThrow()).id);
    const passkey = softwarePasskey();
    await suite.app.stores.operatorCredentials.addPasskey(suite.app.database.db, {
      operatorId: await idOf(email),
      credentialId: passkey.credentialId,
      publicKey: passkey.publicKey,
      counter: 0,
      transports: ['internal'],
      name: 'Laptop',
      at: new Date().toISOString(),
    });
    expect((await admin('PUT', '/sso', { required: true, break_glass_operator_id: await idOf(boss), domain_roles: [] })).statusCode).toBe(
      200,
    );
    const withPasskey = async (ticket?: string) => {
      const options = await suite.app.inject({ method: 'POST', url: '/api/admin/session/passkey/options', headers: ORIGIN });
      const { handle, options: challenge } = options.json<{ handle: string; options: { challenge: string } }>();
      return suite.app.inject({
        method: 'POST',
        url: '/api/admin/session/passkey',
        headers: ORIGIN,
        cookies: ticket ? { wl_sso_passkey: ticket } : {},
        payload: { handle, response: passkey.assert(challenge, SITE) },
      });
    };

    // The passkey alone, without the provider: refused, as single sign-on is required.
    const alone = await withPasskey();
    expect(alone.statusCode).toBe(403);
    expect(alone.json()).toMatchObject({ code: 'sso_required' });

    // Through the provider, then the passkey: signed in (it was a lock-out before).
    provider.signInAs({ sub: `pk-${dialect}`, email });
    const back = await signInThroughProvider();
    expect(back).toMatchObject({ location: '/admin?sso=passkey', session: undefined });
    const ticket = back.callback.cookies.find((c) => c.name === 'wl_sso_passkey');
    expect(ticket).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin/session/passkey' });
    const done = await withPasskey(ticket!.value);
    expect(done.statusCode, done.body).toBe(200);
    expect((await whoAmI(done.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE))).operator).toMatchObject({ email });
    // The ticket works once.
    expect((await withPasskey(ticket!.value)).statusCode).toBe(403);
    const signIns = (await auditEntries(suite.app, 'session.sign-in')).filter((e) => e.outcome === 'ok').map((e) => e.detail);
    expect(signIns.some((d) => /^single sign-on and passkey:\d+$/.test(d ?? ''))).toBe(true);
    await admin('PUT', '/sso', { required: false, break_glass_operator_id: null, domain_roles: [] });
  });
});

import * as OTPAuth from 'otpauth';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SESSION_COOKIE, type AdminAuditPage, type AdminOperatorList, type AdminSessionInfo } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { OPERATOR_PASSWORD, addOperator, signIn, useConsoleAppWithMail } from '../../test/console';

/**
 * A console for a team (issue 25), with a real SMTP server: an owner invites a teammate, who sets a password from the
 * mail and signs in with the role given; roles change and operators go (their sessions end at once), never the last
 * owner; TOTP enrolment, sign-in with a code, a replayed code refused, a recovery code good once; REQUIRE_2FA leads to
 * enrolment first; every action is in the audit trail with its operator, and PostgreSQL refuses to change it.
 */
const NEW_PASSWORD = 'a teammate passphrase of her own';

describe.each(DIALECTS)('the team on %s', (dialect) => {
  const { smtp, suite } = useConsoleAppWithMail(dialect);
  const owner = `owner-${dialect}@acme.example`;
  let cookie: string;
  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, as = cookie) =>
    suite.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { ...(as ? { cookie: as } : {}), origin: 'http://localhost:80', host: 'localhost:80' },
      ...(payload ? { payload } : {}),
    });
  const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
    `${ADMIN_SESSION_COOKIE}=${res.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)!.value}`;
  const audit = async (query = '') => (await api('GET', `/audit${query}`)).json<AdminAuditPage>().items;

  beforeAll(async () => {
    await addOperator(suite.app, owner);
    cookie = await signIn(suite.app, owner);
  });

  it('invites a teammate by mail; they set a password from the link (once) and work with the role given', async () => {
    const mate = `sales-${dialect}@acme.example`;
    const invited = await api('POST', '/operators', { email: ` Sales-${dialect}@ACME.example `, role: 'member' });
    expect(invited.statusCode, invited.body).toBe(201);
    expect((await api('POST', '/operators', { email: mate, role: 'viewer' })).statusCode).toBe(409);
    const mail = await smtp.nextMailTo(mate, { timeoutMs: 15_000 });
    expect(mail.subject).toMatch(/invited/i);
    expect(mail.text).toContain(owner);
    const link = /https?:\/\/\S+\/admin\/join#([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const token = link![1]!;
    // The token is kept as its hash only.
    expect(JSON.stringify(await suite.app.database.db.selectFrom('operator_invitations').selectAll().execute())).not.toContain(token);

    expect((await api('POST', '/invitations/accept', { token, password: 'short' }, '')).statusCode).toBe(400);
    const accepted = await api('POST', '/invitations/accept', { token, password: NEW_PASSWORD }, '');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<AdminSessionInfo>().operator).toMatchObject({ email: mate, role: 'member' });
    expect((await api('POST', '/invitations/accept', { token, password: NEW_PASSWORD }, '')).statusCode).toBe(410);

    const mateCookie = await signIn(suite.app, mate, NEW_PASSWORD);
    expect((await api('GET', '/signups', undefined, mateCookie)).statusCode).toBe(200);
    const refused = await api('GET', '/operators', undefined, mateCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden' });
    const team = (await api('GET', '/operators')).json<AdminOperatorList>();
    expect(team.items.map((m) => [m.email, m.role])).toEqual([
      [owner, 'owner'],
      [mate, 'member'],
    ]);
    expect(team.invitations).toEqual([]);
  });

  it('changes roles and removes operators at once, and never leaves the console without an owner', async () => {
    const mate = `assistant-${dialect}@acme.example`;
    const added = await addOperator(suite.app, mate, undefined, 'member');
    const mateCookie = await signIn(suite.app, mate);
    expect((await api('PATCH', `/operators/${added.id}`, { role: 'viewer' })).statusCode).toBe(204);
    // Their session ended with the change: they sign in again, as a viewer.
    expect((await api('GET', '/session', undefined, mateCookie)).statusCode).toBe(401);
    const again = await signIn(suite.app, mate);
    expect((await api('GET', '/session', undefined, again)).json<AdminSessionInfo>().operator.role).toBe('viewer');

    const me = (await api('GET', '/session')).json<AdminSessionInfo>().operator.id;
    const demote = await api('PATCH', `/operators/${me}`, { role: 'member' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: 'last_owner' });
    expect((await api('DELETE', `/operators/${me}`)).json()).toMatchObject({ code: 'last_owner' });

    expect((await api('DELETE', `/operators/${added.id}`)).statusCode).toBe(204);
    expect((await api('GET', '/session', undefined, again)).statusCode).toBe(401);
    expect((await api('DELETE', `/operators/${added.id}`)).statusCode).toBe(404);
  });

  it('turns TOTP on with a code; then a sign-in needs a code, refuses it replayed, and takes a recovery code once', async () => {
    const started = await api('POST', '/me/totp');
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauth_url, qr_svg } = started.json<{ secret: string; otpauth_url: string; qr_svg: string }>();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(qr_svg).toMatch(/^<svg/);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    expect((await api('POST', '/me/totp/confirm', { code: '000000' })).statusCode).toBe(400);
    // The code of the step before: clocks drift, one step either way is accepted.
    const confirmed = await api('POST', '/me/totp/confirm', { code: totp.generate({ timestamp: Date.now() - 30_000 }) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const signIn2 = (extra: object) =>
      suite.app.inject({ method: 'POST', url: '/api/admin/session', payload: { email: owner, password: OPERATOR_PASSWORD, ...extra } });
    const bare = await signIn2({});
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toMatchObject({ code: 'totp_required' });
    expect(bare.cookies.find((c) => c.name === ADMIN_SESSION_COOKIE)).toBeUndefined();
    expect((await signIn2({ totp: '123456' })).json()).toMatchObject({ code: 'totp_invalid' });
    const code = totp.generate();
    const withCode = await signIn2({ totp: code });
    expect(withCode.statusCode, withCode.body).toBe(200);
    cookie = cookieOf(withCode);
    // The same code again, within its 30 seconds: refused (a code is good once).
    const replayed = await signIn2({ totp: code });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ code: 'totp_invalid' });
    const recovery = await signIn2({ recovery_code: ` ${codes[3]!.toUpperCase()} ` });
    expect(recovery.statusCode).toBe(200);
    expect((await signIn2({ recovery_code: codes[3] })).statusCode).toBe(401);
    // The recovery codes are stored as hashes only.
    expect(JSON.stringify(await suite.app.database.db.selectFrom('operator_recovery_codes').selectAll().execute())).not.toContain(codes[0]);
    const session = (await api('GET', '/session')).json<AdminSessionInfo>();
    expect(session.two_factor).toEqual({ totp: true, passkeys: 0 });
  });

  it('with REQUIRE_2FA=owners, leads an owner without a second factor to enrol before anything else', async () => {
    const strict = await suite.makeApp({ REQUIRE_2FA: 'owners' });
    const newOwner = `second-owner-${dialect}@acme.example`;
    await addOperator(strict, newOwner);
    const res = await strict.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: newOwner, password: OPERATOR_PASSWORD },
    });
    expect(res.json<AdminSessionInfo>().enrolment_required).toBe(true);
    const asNew = { cookie: cookieOf(res), origin: 'http://localhost:80', host: 'localhost:80' };
    const blocked = await strict.inject({ method: 'GET', url: '/api/admin/signups', headers: asNew });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toMatchObject({ code: 'enrolment_required' });
    expect((await strict.inject({ method: 'POST', url: '/api/admin/me/totp', headers: asNew })).statusCode).toBe(200);
    // A member is not asked (owners only).
    await addOperator(strict, `member-${dialect}@acme.example`, undefined, 'member');
    const member = await strict.inject({
      method: 'POST',
      url: '/api/admin/session',
      payload: { email: `member-${dialect}@acme.example`, password: OPERATOR_PASSWORD },
    });
    expect(member.json<AdminSessionInfo>().enrolment_required).toBe(false);
  });

  it('keeps every action in the audit trail with its operator and outcome, as JSON and CSV; nobody can change it', async () => {
    const entries = await audit();
    const actions = entries.map((e) => `${e.action} ${e.outcome}`);
    for (const expected of [
      'operator.invite ok',
      'operator.join ok',
      'operator.role ok',
      'operator.remove ok',
      'operator.role failed',
      'two-factor.totp-on ok',
      'session.sign-in ok',
      'session.sign-in failed',
      'GET /api/admin/operators refused',
    ]) {
      expect(actions).toContain(expected);
    }
    const invite = entries.find((e) => e.action === 'operator.invite' && e.outcome === 'ok')!;
    expect(invite).toMatchObject({ operator_email: owner, outcome: 'ok' });
    expect(invite.target).toContain(`sales-${dialect}@acme.example`);
    const refusal = entries.find((e) => e.outcome === 'refused' && e.action === 'GET /api/admin/operators')!;
    expect(refusal.operator_email).toBe(`sales-${dialect}@acme.example`);
    // Filters.
    const byOwner = await audit(`?operator=${invite.operator_id}&action=operator.invite`);
    expect(new Set(byOwner.map((e) => e.action))).toEqual(new Set(['operator.invite']));
    const today = new Date().toISOString().slice(0, 10);
    expect((await audit(`?from=${today}&to=${today}&outcome=refused`)).length).toBeGreaterThan(0);
    expect((await audit('?from=2000-01-01&to=2000-01-02')).length).toBe(0);
    const csv = await api('GET', '/audit.csv?action=operator.invite');
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    expect(csv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe('at,operator_id,operator_email,action,outcome,signup_id,target,detail');
    expect(csv.body).toContain('operator.invite');
    // Nothing that is an admin route changes it; on PostgreSQL a trigger refuses UPDATE and DELETE.
    const db = suite.app.database.db;
    await expect(db.updateTable('audit_trail').set({ action: 'nothing.happened' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('audit_trail').execute()).rejects.toThrow(/append-only/);
    if (dialect === 'postgres') await expect(sql`TRUNCATE audit_trail`.execute(db)).rejects.toThrow(/append-only/);
    // The retention job removes what is past AUDIT_RETENTION_DAYS, and only that.
    await db
      .insertInto('audit_trail')
      .values({ action: 'ancient.history', outcome: 'ok', operator_id: null, created_at: '2020-01-01T00:00:00.000Z' })
      .execute();
    const before = (await db.selectFrom('audit_trail').select('id').execute()).length;
    expect(await suite.app.services.auditRetention.prune(400)).toBe(1);
    expect((await db.selectFrom('audit_trail').select('id').execute()).length).toBe(before - 1);
  });
});

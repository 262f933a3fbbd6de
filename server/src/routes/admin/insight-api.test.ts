import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  SIGNUPS_PATH,
  VISIT_PATH,
  type AdminCompanies,
  type AdminFollowUp,
  type AdminFunnel,
  type AdminSignupPage,
} from '@waitlist/contract';
import { useTestApp } from '../../test/app';
import { DIALECTS, type TestDatabase } from '../../test/databases';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { ADMIN_TEST_ENV, addOperator, auditEntries, signIn } from '../../test/console';

const siteDir = (testDb: TestDatabase) => path.join(testDb.dataDir, 'site');
/** A built site of two pages: the beacon accepts their paths only. */
function writeSite(testDb: TestDatabase) {
  fs.mkdirSync(path.join(siteDir(testDb), 'about'), { recursive: true });
  fs.writeFileSync(path.join(siteDir(testDb), 'index.html'), '<!doctype html><title>Home</title>');
  fs.writeFileSync(path.join(siteDir(testDb), 'about', 'index.html'), '<!doctype html><title>About</title>');
}

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const today = () => new Date().toISOString().slice(0, 10);

describe.each(DIALECTS)('operator insight on %s', (dialect) => {
  const suite = useTestApp(
    dialect,
    (testDb) => ({ ...ADMIN_TEST_ENV, WEB_DIST_DIR: siteDir(testDb), VISIT_RATE_LIMIT: '120', TRUST_PROXY: '1' }),
    {
      beforeBuild: writeSite,
    },
  );
  let cookie: string;
  const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    suite.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      ...(payload ? { payload: payload as object } : {}),
    });
  const signUp = async (overrides: Parameters<typeof validSignup>[0]) => {
    const res = await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: validSignup(overrides) });
    expect(res.statusCode, res.body).toBe(201);
  };
  const beacon = (body: unknown, { ip = '203.0.113.7', ua = BROWSER, type = 'text/plain;charset=UTF-8' } = {}) =>
    suite.app.inject({
      method: 'POST',
      url: VISIT_PATH,
      headers: { 'content-type': type, 'user-agent': ua, 'x-forwarded-for': ip },
      payload: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const visitRows = () => suite.app.database.db.selectFrom('visit_counts').selectAll().where('dimension', '=', 'all').execute();

  beforeAll(async () => {
    await addOperator(suite.app, 'founder@acme.example');
    cookie = await signIn(suite.app, 'founder@acme.example');
  });

  it('stores attribution from the API body, caps nothing silently there (too long is a 400) and keeps only an origin', async () => {
    await signUp({
      email: 'ada@ericsson.com',
      utm_source: 'linkedin',
      utm_campaign: 'launch',
      referrer_origin: 'https://www.linkedin.com',
      landing_path: '/',
    });
    const tooLong = await suite.app.inject({
      method: 'POST',
      url: SIGNUPS_PATH,
      headers: apiHeaders(),
      payload: validSignup({ utm_source: 'x'.repeat(201) }),
    });
    expect(tooLong.statusCode).toBe(400);
    const { items } = (await admin('GET', '/signups?q=ada@ericsson.com')).json<AdminSignupPage>();
    expect(items[0]).toMatchObject({
      utm_source: 'linkedin',
      utm_campaign: 'launch',
      utm_medium: null,
      referrer_origin: 'https://www.linkedin.com',
      landing_path: '/',
      company_domain: 'ericsson.com',
      free_mail: false,
      status: 'new',
    });
  });

  it('groups companies by registrable domain, whatever the case or sub-domain, and never groups free mail', async () => {
    await signUp({ email: 'Bo@Mail.Ericsson.COM', role: 'Project Manager', company_size: '501-1000 employees' });
    await signUp({ email: 'cecilia@volvocars.se' });
    await signUp({ email: 'dan@gmail.com' });
    await signUp({ email: 'eva@Telia.com' });
    await signUp({ email: 'frida@hotmail.se' });
    await signUp({ email: 'gustav@research.example.co.uk' });
    const companies = (await admin('GET', '/companies')).json<AdminCompanies>();
    expect(companies.free_mail_people).toBe(3);
    expect(companies.items.map((c) => [c.domain, c.people])).toEqual([
      ['ericsson.com', 2],
      ['example.co.uk', 1],
      ['volvocars.se', 1],
    ]);
    expect(companies.items[0]).toMatchObject({
      roles: ['Head of Innovation / Innovation Director', 'Project Manager'],
      largest_size: '1000+ employees',
      statuses: { new: 2 },
    });
    // A company opens the list filtered to it.
    const list = (await admin('GET', '/signups?company=ericsson.com')).json<AdminSignupPage>();
    expect(list.items.map((i) => i.email).sort()).toEqual(['ada@ericsson.com', 'bo@mail.ericsson.com']);
    expect((await admin('GET', '/signups?q=dan@gmail.com')).json<AdminSignupPage>().items[0]).toMatchObject({
      company_domain: 'gmail.com',
      free_mail: true,
    });
  });

  it('changes follow-up status one by one or for a selection, logs each change with its operator, filters and exports by status', async () => {
    const { items } = (await admin('GET', '/signups?company=ericsson.com')).json<AdminSignupPage>();
    const ids = items.map((i) => i.id);
    const bulk = await admin('POST', '/signups/status', { ids: [...ids, 999_999], status: 'contacted' });
    expect(bulk.statusCode).toBe(200);
    expect(bulk.json()).toEqual({ changed: ids, missing: [999_999] });
    expect((await admin('POST', '/signups/status', { ids: [ids[0]], status: 'invited' })).json()).toEqual({
      changed: [ids[0]],
      missing: [],
    });
    expect((await admin('POST', '/signups/status', { ids: [ids[0]], status: 'invited' })).json()).toEqual({ changed: [], missing: [] });
    const bad = await admin('POST', '/signups/status', { ids: [ids[0]], status: 'hired' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/status must be one of: new, contacted, invited, joined, declined/);
    expect((await admin('POST', '/signups/status', { ids: [], status: 'joined' })).statusCode).toBe(400);

    const followUp = (await admin('GET', `/signups/${ids[0]}/follow-up`)).json<AdminFollowUp>();
    expect(followUp.history.map((h) => [h.from_status, h.to_status, h.operator])).toEqual([
      ['contacted', 'invited', 'founder@acme.example'],
      ['new', 'contacted', 'founder@acme.example'],
    ]);
    const invited = (await admin('GET', '/signups?status=invited')).json<AdminSignupPage>();
    expect(invited.items.map((i) => i.id)).toEqual([ids[0]]);
    const csv = await admin('GET', '/signups/export.csv?status=contacted');
    const [header, ...lines] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(header).toBe(
      'id,email,role,company_size,desired_outcomes,other_outcome,created_at,consented_at,privacy_policy_version,status,confirmed_at,marketing_opt_out_at,company_domain,free_mail,utm_source,utm_medium,utm_campaign,utm_content,utm_term,referrer_origin,landing_path,partner_code,flags,wave,invited_at,accepted_at,redeemed_at,fit_score,fit_reasons,meeting_at,answers',
    );
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(',contacted,,,ericsson.com,false,');
  });

  it('keeps notes with author and time, refuses empty ones and notes on nobody', async () => {
    const { items } = (await admin('GET', '/signups?q=cecilia@volvocars.se')).json<AdminSignupPage>();
    const id = items[0]!.id;
    expect((await admin('POST', `/signups/${id}/notes`, { body: '  Met at the Stockholm innovation breakfast  ' })).statusCode).toBe(201);
    expect((await admin('POST', `/signups/${id}/notes`, { body: 'Wants a pilot in Q1' })).statusCode).toBe(201);
    expect((await admin('POST', `/signups/${id}/notes`, { body: '   ' })).statusCode).toBe(400);
    expect((await admin('POST', `/signups/${id}/notes`, { body: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await admin('POST', '/signups/999999/notes', { body: 'Ghost' })).statusCode).toBe(404);
    const { notes } = (await admin('GET', `/signups/${id}/follow-up`)).json<AdminFollowUp>();
    expect(notes.map((n) => [n.body, n.author])).toEqual([
      ['Wants a pilot in Q1', 'founder@acme.example'],
      ['Met at the Stockholm innovation breakfast', 'founder@acme.example'],
    ]);
    expect(notes[0]!.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('counts page views and distinct visitors per day without cookies, and skips bots', async () => {
    const visit = { url: '/?utm_source=linkedin&utm_campaign=launch', referrer: 'https://www.linkedin.com/feed/' };
    const first = await beacon(visit);
    expect(first.statusCode).toBe(204);
    expect(first.headers['set-cookie']).toBeUndefined();
    expect((await beacon({ url: '/about', referrer: 'http://localhost:3000/' })).statusCode).toBe(204);
    expect((await beacon(visit, { ip: '198.51.100.9' })).statusCode).toBe(204);
    expect((await beacon(visit, { ua: 'Googlebot/2.1 (+http://www.google.com/bot.html)' })).statusCode).toBe(204);
    expect(await visitRows()).toEqual([expect.objectContaining({ day: today(), views: 3, visitors: 2 })]);
    // The visitor hash is unreadable without the day's salt, which goes when the day ends.
    const seen = await suite.app.database.db.selectFrom('visit_seen').select('visitor').execute();
    expect(seen.every((s) => !s.visitor.includes('203.0.113.7') && s.visitor.length === 32)).toBe(true);
    expect(await suite.app.stores.visits.forgetPastDays(new Date(Date.now() + 86_400_000))).toBe(1);
    expect(await suite.app.database.db.selectFrom('visit_seen').selectAll().execute()).toEqual([]);
    expect(await suite.app.database.db.selectFrom('visit_salts').selectAll().execute()).toEqual([]);
  });

  it('refuses unknown paths, over-long fields, foreign URLs and floods, storing nothing for them', async () => {
    const before = JSON.stringify(await visitRows());
    expect((await beacon({ url: '/wp-login.php' })).statusCode).toBe(400);
    expect((await beacon({ url: '//evil.example/' })).statusCode).toBe(400);
    // A backslash is a slash to a URL parser: `/\\evil.example` is another site's root.
    expect((await beacon({ url: '/\\evil.example' })).statusCode).toBe(400);
    expect((await beacon({ url: '/\\evil.example/about' })).statusCode).toBe(400);
    expect((await beacon({ url: 'https://evil.example/' })).statusCode).toBe(400);
    expect((await beacon({ url: '/', referrer: 'https://example.com/?q=' + 'a'.repeat(10 * 1024) })).statusCode).toBe(413);
    expect((await beacon({ url: '/', referrer: 'https://example.com/' + 'a'.repeat(1100) })).statusCode).toBe(400);
    expect((await beacon('not json')).statusCode).toBe(400);
    expect((await beacon({ url: '/', extra: 'field' })).statusCode).toBe(400);
    expect(JSON.stringify(await visitRows())).toBe(before);

    // 1,000 beacons in one go from one address: the first 120 are counted, the rest refused.
    const flood = await Promise.all(Array.from({ length: 1_000 }, () => beacon({ url: '/about' }, { ip: '192.0.2.50' })));
    const counts = flood.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.statusCode]: (acc[r.statusCode] ?? 0) + 1 }), {});
    expect(counts).toEqual({ 204: 120, 429: 880 });
    const about = await suite.app.database.db
      .selectFrom('visit_counts')
      .selectAll()
      .where('dimension', '=', 'path')
      .where('value', '=', '/about')
      .executeTakeFirstOrThrow();
    expect(Number(about.views)).toBe(1 + 120);
  });

  it('shows the funnel: visitors → sign-ups → confirmed, per day and per source, for a chosen period', async () => {
    const byDay = (await admin('GET', `/funnel?from=${today()}&to=${today()}`)).json<AdminFunnel>();
    expect(byDay.rows).toHaveLength(1);
    expect(byDay.totals).toMatchObject({ signups: 7, confirmed: 0 });
    expect(byDay.totals.visitors).toBe(3);
    const bySource = (await admin('GET', `/funnel?from=${today()}&to=${today()}&by=source`)).json<AdminFunnel>();
    expect(bySource.rows.find((r) => r.key === 'linkedin')).toMatchObject({ signups: 1, visitors: 2, views: 2 });
    expect((await admin('GET', '/funnel?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
    expect((await admin('GET', `/funnel?from=${today()}&to=2020-01-01`)).statusCode).toBe(400);
    expect((await suite.app.inject({ method: 'GET', url: `/api/admin/funnel?from=${today()}&to=${today()}` })).statusCode).toBe(401);
  });

  it('lets each operator opt in or out of instant mail and the digest', async () => {
    expect((await admin('GET', '/mail-settings')).json()).toEqual({ notify_on_confirm: true, notify_digest: true });
    expect((await admin('PUT', '/mail-settings', { notify_on_confirm: false, notify_digest: true })).statusCode).toBe(200);
    expect((await admin('GET', '/mail-settings')).json()).toEqual({ notify_on_confirm: false, notify_digest: true });
    expect(await suite.app.stores.operatorRecipients.recipients('confirmations')).toEqual([]);
    expect(await suite.app.stores.operatorRecipients.recipients('digest')).toEqual(['founder@acme.example']);
    expect((await admin('PUT', '/mail-settings', { notify_on_confirm: 'yes' })).statusCode).toBe(400);
  });

  it('keeps the console language each operator chose with their account, their mail settings untouched (issue 48 item 4)', async () => {
    const settings = (await admin('GET', '/mail-settings')).json();
    expect((await admin('GET', '/account/language')).json()).toEqual({ locale: null });
    expect((await admin('PUT', '/account/language', { locale: 'sv' })).json()).toEqual({ locale: 'sv' });
    expect((await admin('GET', '/account/language')).json()).toEqual({ locale: 'sv' });
    expect((await admin('GET', '/mail-settings')).json()).toEqual(settings);
    // A language the console does not speak, or no choice at all, changes nothing.
    expect((await admin('PUT', '/account/language', { locale: 'de' })).statusCode).toBe(400);
    expect((await admin('PUT', '/account/language', {})).statusCode).toBe(400);
    expect((await admin('GET', '/account/language')).json()).toEqual({ locale: 'sv' });
    // Back to the browser's language.
    expect((await admin('PUT', '/account/language', { locale: null })).json()).toEqual({ locale: null });
    expect((await admin('GET', '/account/language')).json()).toEqual({ locale: null });
    expect((await auditEntries(suite.app, 'settings.own-language')).map((e) => e.target)).toEqual(['locale:sv', 'locale:browser']);
    expect((await suite.app.inject({ method: 'GET', url: '/api/admin/account/language' })).statusCode).toBe(401);
  });
});

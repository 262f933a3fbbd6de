import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminCrmState, AdminCrmTest } from '@waitlist/contract';
import { issueToken } from '../../lib/tokens';
import { DIALECTS } from '../../test/databases';
import { BUILT_RENDERER_DIR } from '../../test/fixtures';
import { useTestApp } from '../../test/app';
import { ADMIN_TEST_ENV, OPERATOR_PASSWORD, addOperator, adminClient, auditEntries, seedSignup, signIn } from '../../test/console';
import { startFakeHubSpot, type FakeHubSpot } from '../../test/crm-vendors/hubspot';
import { startFakePipedrive, type FakePipedrive } from '../../test/crm-vendors/pipedrive';

/**
 * Issue 49: qualified people into the founders' CRM and out of it when they erase themselves, against HubSpot's and
 * Pipedrive's documented APIs served on loopback (server/src/test/crm-vendors.ts), on both databases.
 */
const HUBSPOT_TOKEN = 'pat-eu1-0a1b2c3d-4e5f-6789-abcd-ef0123456789';
const PIPEDRIVE_TOKEN = '0123456789abcdef0123456789abcdef01234567';

async function until<T>(what: string, read: () => Promise<T | undefined | false> | T | undefined | false, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.each(DIALECTS)('the founders’ CRM on %s', (dialect) => {
  let hubspot: FakeHubSpot;
  let pipedrive: FakePipedrive;
  beforeAll(async () => {
    hubspot = await startFakeHubSpot(HUBSPOT_TOKEN);
    pipedrive = await startFakePipedrive(PIPEDRIVE_TOKEN);
  });
  afterAll(async () => {
    await hubspot.close();
    await pipedrive.close();
  });
  const suite = useTestApp(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '50',
    OUTBOX_FIRST_RETRY_MS: '200',
    HUBSPOT_API_URL: hubspot.url,
    PIPEDRIVE_API_URL: pipedrive.url,
    // The built site: the privacy page is served as visitors get it.
    WEB_DIST_DIR: path.join(BUILT_RENDERER_DIR, '..', 'dist'),
  }));
  const owner = `crm-owner-${dialect}@acme.example`;
  let cookie = '';
  const admin = adminClient(
    () => suite.app,
    () => cookie,
  );
  const state = async () => (await admin('GET', '/crm')).json<AdminCrmState>();
  const confirm = async (id: number) => {
    const token = issueToken('confirm');
    await suite.app.stores.personTokens.save(id, [token]);
    expect(await suite.app.services.signups.confirm(token.hash, id)).toBe(true);
  };
  const crmRows = () => suite.app.database.db.selectFrom('outbox').selectAll().where('kind', '=', 'crm').orderBy('id').execute();
  // The sweep a connection queues for later (services/crm.ts) is not waited for: it finds nothing new here.
  const settled = () =>
    until('the CRM rows to settle', async () => (await crmRows()).every((r) => r.status !== 'pending' || r.topic === 'crm.sweep') && true);

  beforeAll(async () => {
    await addOperator(suite.app, owner);
    cookie = await signIn(suite.app, owner);
  });

  it('connects HubSpot with a fresh proof, pushes the people the rule chooses with their company, keeps them current and erases them there', async () => {
    const ebba = await seedSignup(suite.app, {
      email: `ebba.strand-${dialect}@scania.com`,
      role: 'Head of Innovation / Innovation Director',
      company_size: '1000+ employees',
    });
    const olle = await seedSignup(suite.app, {
      email: `olle-${dialect}@scania.com`,
      role: 'Project Manager',
      company_size: '1000+ employees',
    });
    const unconfirmed = await seedSignup(suite.app, { email: `karin-${dialect}@volvo.com` });
    await confirm(ebba.id);
    await confirm(olle.id);

    // Bad input changes nothing: Pipedrive without its domain, two fields on one property, a segment before segments exist.
    expect((await admin('PUT', '/crm', { provider: 'pipedrive', token: PIPEDRIVE_TOKEN, rule: {} })).statusCode).toBe(400);
    const clash = await admin('PUT', '/crm', {
      provider: 'hubspot',
      token: HUBSPOT_TOKEN,
      rule: {},
      fields: { role: 'jobtitle', campaign: 'jobtitle' },
    });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toMatchObject({ message: expect.stringMatching(/two fields/i) });
    expect((await admin('PUT', '/crm', { provider: 'hubspot', token: HUBSPOT_TOKEN, segment: 3 })).statusCode).toBe(422);
    expect((await state()).connected).toBe(false);

    // A session signed in over five minutes ago needs the password again: the token reaches the whole list.
    await suite.app.database.db
      .updateTable('operator_sessions')
      .set({ created_at: new Date(Date.now() - 6 * 60_000).toISOString(), proved_at: null })
      .execute();
    const connect = { provider: 'hubspot', token: HUBSPOT_TOKEN, rule: { confirmed: true }, fields: { role: 'jobtitle', campaign: null } };
    const stale = await admin('PUT', '/crm', connect);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ code: 'proof_required' });
    const connected = await admin('PUT', '/crm', { ...connect, password: OPERATOR_PASSWORD });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json<AdminCrmState>()).toMatchObject({
      provider: 'hubspot',
      connected: true,
      token_hint: HUBSPOT_TOKEN.slice(-4),
      rule: { confirmed: true },
      fields: { role: 'jobtitle', campaign: null, fit_score: 'waitlist_fit_score' },
      connected_by: owner,
    });
    // The token is sealed at rest, never stored or answered as it is.
    const stored = await suite.app.database.db.selectFrom('crm_connections').select('token').executeTakeFirstOrThrow();
    expect(stored.token).toMatch(/^enc1:/);
    expect(JSON.stringify(await suite.app.database.db.selectFrom('crm_connections').selectAll().execute())).not.toContain(HUBSPOT_TOKEN);
    expect(connected.body).not.toContain(HUBSPOT_TOKEN);

    // The privacy page names the CRM as a recipient while it is connected, in both languages.
    const privacy = await suite.app.inject({ method: 'GET', url: '/privacy' });
    expect(privacy.statusCode).toBe(200);
    expect(privacy.body).toMatch(/We keep track of the waitlist in HubSpot \(HubSpot, Inc\.\)/);
    expect((await suite.app.inject({ method: 'GET', url: '/sv/privacy' })).body).toMatch(/Vi håller ordning på väntelistan i HubSpot/);

    const tested = await admin('POST', '/crm/test');
    expect(tested.json<AdminCrmTest>()).toMatchObject({
      ok: true,
      checks: [
        { name: 'Contacts', ok: true },
        { name: 'Companies', ok: true },
        { name: 'Contact properties', ok: true },
      ],
    });

    // The confirmed two arrive as one batch upsert by e-mail, with their company found or made by domain and associated.
    await until('both confirmed people in HubSpot', () => hubspot.contacts.size >= 2);
    await settled();
    expect(hubspot.contacts.has(unconfirmed.email)).toBe(false);
    const upserts = hubspot.requests.filter((r) => r.path === '/crm/v3/objects/contacts/batch/upsert');
    expect(upserts).toHaveLength(1);
    expect(upserts[0]!.body).toMatchObject({
      inputs: expect.arrayContaining([expect.objectContaining({ idProperty: 'email', id: ebba.email })]),
    });
    const ebbaThere = hubspot.contacts.get(ebba.email)!;
    expect(ebbaThere.properties).toMatchObject({
      email: ebba.email,
      jobtitle: 'Head of Innovation / Innovation Director',
      waitlist_company_size: '1000+ employees',
      waitlist_status: 'confirmed',
    });
    expect(Number(ebbaThere.properties.waitlist_fit_score)).toBeGreaterThan(0);
    expect(ebbaThere.properties.waitlist_fit_reasons).toBeTruthy();
    expect(ebbaThere.properties).not.toHaveProperty('waitlist_campaign');
    // Our properties were made in the contact information group; HubSpot's own jobtitle was not made again.
    const made = hubspot.requests.find((r) => r.path === '/crm/v3/properties/contacts/batch/create')!.body as {
      inputs: { name: string; type: string; fieldType: string }[];
    };
    expect(made.inputs.map((i) => i.name)).toContain('waitlist_fit_score');
    expect(made.inputs.map((i) => i.name)).not.toContain('jobtitle');
    expect(made.inputs.find((i) => i.name === 'waitlist_fit_score')).toMatchObject({ type: 'number', fieldType: 'number' });
    const scania = [...hubspot.companies.values()].filter((c) => c.properties.domain === 'scania.com');
    expect(scania).toHaveLength(1);
    expect(scania[0]!.properties.name).toBe('Scania');
    expect(hubspot.associations.get(ebbaThere.id)).toEqual(new Set([scania[0]!.id]));
    expect(hubspot.associations.get(hubspot.contacts.get(olle.email)!.id)).toEqual(new Set([scania[0]!.id]));

    // A correction goes out as an update of the same contact, never a second one.
    const corrected = await admin('PATCH', `/signups/${ebba.id}`, { role: 'R&D Manager / Lead' });
    expect(corrected.statusCode, corrected.body).toBe(200);
    await until('the correction in HubSpot', () => hubspot.contacts.get(ebba.email)?.properties.jobtitle === 'R&D Manager / Lead');
    expect(hubspot.contacts.get(ebba.email)!.id).toBe(ebbaThere.id);
    expect(hubspot.contacts.size).toBe(2);

    // A follow-up status set on the list goes too.
    expect((await admin('POST', '/signups/status', { ids: [ebba.id], status: 'contacted' })).statusCode).toBe(200);
    await until('the follow-up in HubSpot', () => hubspot.contacts.get(ebba.email)?.properties.waitlist_follow_up === 'Contacted');

    // Withdrawn consent is written there.
    expect(await suite.app.services.signups.unsubscribe(olle.id)).toBe(true);
    await until('the opt-out in HubSpot', () => hubspot.contacts.get(olle.email)?.properties.waitlist_status === 'unsubscribed');

    // HubSpot says slow down: the push waits and nothing is lost.
    hubspot.rateLimitNext(1);
    await admin('PATCH', `/signups/${ebba.id}`, { company_size: '501-1000 employees' });
    const waiting = await until('the push waiting after the 429', async () =>
      (await crmRows()).find((r) => r.status === 'pending' && r.attempts === 1 && r.last_error?.includes('429')),
    );
    expect(Date.parse(String(waiting.next_attempt_at)) - Date.now()).toBeGreaterThan(5_000);
    await suite.app.database.db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date().toISOString() })
      .where('id', '=', waiting.id)
      .execute();
    await until(
      'the size in HubSpot after the wait',
      () => hubspot.contacts.get(ebba.email)?.properties.waitlist_company_size === '501-1000 employees',
    );

    // What changed without announcing itself (a row written outside a use case, new fit weights' rescoring) goes with the
    // daily catch-up; people whose record there says the same cost no request.
    await suite.app.database.db.updateTable('waitlist_signups').set({ utm_source: 'linkedin' }).where('id', '=', olle.id).execute();
    const writes = () => hubspot.requests.filter((r) => /^\/crm\/v3\/objects\/contacts\/batch\/(upsert|update)$/.test(r.path));
    const writesBefore = writes().length;
    expect(await suite.app.services.crm.sweep()).toBe(true);
    await until('the new source in HubSpot', () => hubspot.contacts.get(olle.email)?.properties.waitlist_source === 'linkedin');
    await settled();
    const writes2 = writes();
    expect(writes2.length).toBe(writesBefore + 1);
    expect(writes2.at(-1)!.path).toBe('/crm/v3/objects/contacts/batch/update');
    expect((writes2.at(-1)!.body as { inputs: unknown[] }).inputs).toHaveLength(1);
    expect(await suite.app.services.crm.sweep()).toBe(true);
    await until(
      'the second sweep to be queued',
      async () => (await crmRows()).filter((r) => r.topic === 'crm.sweep' && r.status === 'sent').length >= 2,
    );
    await settled();
    expect(writes()).toHaveLength(writesBefore + 1);

    // A corrected address moves with the contact (updated by its id): no second contact, the old address gone there.
    const newAddress = `ebba.strand-${dialect}@scania.se`;
    expect((await admin('PATCH', `/signups/${ebba.id}`, { email: newAddress })).statusCode).toBe(200);
    await until('the new address in HubSpot', () => hubspot.contacts.get(newAddress)?.id === ebbaThere.id);
    expect(hubspot.contacts.has(ebba.email)).toBe(false);
    expect(hubspot.contacts.size).toBe(2);

    // Someone deleted people in HubSpot by hand. Karin (confirmed now) is made again at her next change; Olle, who
    // unsubscribed, is not: only his link there is forgotten.
    await confirm(unconfirmed.id);
    await until('Karin in HubSpot', () => hubspot.contacts.has(unconfirmed.email));
    const karinId = hubspot.contacts.get(unconfirmed.email)!.id;
    await settled();
    hubspot.contacts.delete(unconfirmed.email);
    hubspot.contacts.delete(olle.email);
    expect((await admin('POST', '/signups/status', { ids: [unconfirmed.id, olle.id], status: 'declined' })).statusCode).toBe(200);
    await until('Karin made again', () => hubspot.contacts.get(unconfirmed.email)?.properties.waitlist_follow_up === 'Declined');
    expect(hubspot.contacts.get(unconfirmed.email)!.id).not.toBe(karinId);
    await settled();
    expect(hubspot.contacts.has(olle.email)).toBe(false);
    expect(await suite.app.database.db.selectFrom('crm_contacts').select('signup_id').where('signup_id', '=', olle.id).execute()).toEqual(
      [],
    );

    // The person erases themselves: their contact is deleted through HubSpot's GDPR delete, by its id, not the address.
    expect(await suite.app.services.signups.erase(ebba.id, { kind: 'person' })).toBe(true);
    await until('the GDPR delete', () => hubspot.gdprDeleted.includes(ebbaThere.id));
    const deletion = hubspot.requests.find((r) => r.path === '/crm/v3/objects/contacts/gdpr-delete')!;
    expect(deletion.body).toEqual({ objectId: ebbaThere.id });
    expect(hubspot.contacts.has(ebba.email)).toBe(false);
    await settled();
    expect(JSON.stringify(await crmRows())).not.toContain(ebba.email);

    const after = await state();
    expect(after).toMatchObject({ pending: 0, pending_erasures: 0, failed: 0, synced: 1, last_error: null });
    expect(after.recent.map((a) => a.action)).toEqual(expect.arrayContaining(['check', 'properties', 'push', 'delete']));
    expect(after.recent.some((a) => a.action === 'push' && a.outcome === 'retry' && /^HTTP 429: /.test(a.answer))).toBe(true);
    expect(after.recent.some((a) => a.action === 'push' && /Object not found/.test(a.answer))).toBe(true);
    expect(JSON.stringify(after)).not.toContain('@scania.com');
    expect((await auditEntries(suite.app, 'crm.connect')).at(-1)).toMatchObject({ outcome: 'ok', target: 'crm:hubspot' });

    const metrics = await suite.app.metrics.registry.metrics();
    expect(metrics).toMatch(/crm_people_total\{event="pushed"\} [1-9]/);
    expect(metrics).toMatch(/crm_people_total\{event="deleted"\} 1/);
  });

  it('moves to Pipedrive: finds the person the founders made by hand, waits out a 429, and loses nothing while Pipedrive is down', async () => {
    const anna = await seedSignup(suite.app, { email: `anna-${dialect}@ericsson.com`, role: 'Innovation Manager / Program Manager' });
    const bo = await seedSignup(suite.app, { email: `bo-${dialect}@ericsson.com` });
    // The founders met Anna at a fair and typed her in themselves.
    pipedrive.persons.set(900, {
      id: 900,
      name: 'Anna from the fair',
      emails: [{ value: anna.email, primary: true, label: 'work' }],
      org_id: null,
      custom_fields: {},
    });

    const connected = await admin('PUT', '/crm', {
      provider: 'pipedrive',
      token: PIPEDRIVE_TOKEN,
      company_domain: 'Acme',
      rule: {},
      password: OPERATOR_PASSWORD,
    });
    expect(connected.statusCode, connected.body).toBe(200);
    expect(connected.json<AdminCrmState>()).toMatchObject({ provider: 'pipedrive', company_domain: 'acme', rule: {} });
    expect((await auditEntries(suite.app, 'crm.connect')).at(-1)?.detail).toMatch(/records left in HubSpot/);
    await until('everyone on the list in Pipedrive', () => [...pipedrive.persons.values()].some((p) => p.emails[0]?.value === bo.email));
    await settled();

    // Anna is the person the founders made (updated by id, name kept), not a second Anna.
    expect([...pipedrive.persons.values()].filter((p) => p.emails.some((e) => e.value === anna.email))).toHaveLength(1);
    expect(pipedrive.persons.get(900)!.name).toBe('Anna from the fair');
    const roleKey = pipedrive.fields.get('waitlist_role')!.key;
    expect(pipedrive.persons.get(900)!.custom_fields[roleKey]).toBe('Innovation Manager / Program Manager');
    expect(pipedrive.fields.get('waitlist_fit_score')).toMatchObject({ field_type: 'double' });
    const ericsson = [...pipedrive.organizations.values()].find((o) => o.name === 'Ericsson')!;
    expect(pipedrive.persons.get(900)!.org_id).toBe(ericsson.id);
    expect(pipedrive.requests.every((r) => r.headers['x-api-token'] === PIPEDRIVE_TOKEN && !r.query.has('api_token'))).toBe(true);

    // A 429 with x-ratelimit-reset: the push waits that long and goes.
    pipedrive.rateLimitNext(1);
    await admin('PATCH', `/signups/${bo.id}`, { role: 'Product Manager' });
    await until(
      'Bo’s new role after the 429',
      () => [...pipedrive.persons.values()].find((p) => p.emails[0]?.value === bo.email)?.custom_fields[roleKey] === 'Product Manager',
    );

    // Pipedrive is down: a new sign-up and an erasure wait; nothing is lost; both reach it when it is back.
    await pipedrive.stop();
    const cecilia = await seedSignup(suite.app, { email: `cecilia-${dialect}@ericsson.com` });
    expect(await suite.app.services.signups.erase(anna.id, { kind: 'person' })).toBe(true);
    await until('the failures recorded', async () => (await crmRows()).filter((r) => r.status === 'pending' && r.attempts > 0).length >= 2);
    expect((await state()).pending_erasures).toBe(1);
    await pipedrive.start();
    await until('Cecilia in Pipedrive', () => [...pipedrive.persons.values()].some((p) => p.emails[0]?.value === cecilia.email), 20_000);
    await until('Anna deleted there', () => pipedrive.deleted.includes(900), 20_000);
    await settled();
    expect((await state()).pending_erasures).toBe(0);

    // Disconnecting forgets the token and says so.
    const gone = await admin('DELETE', '/crm');
    expect(gone.json()).toEqual({ disconnected: true, erasures_not_sent: 0 });
    expect(await suite.app.database.db.selectFrom('crm_connections').selectAll().execute()).toEqual([]);
    expect((await state()).connected).toBe(false);
    suite.app.services.crm.forgetCachedConnection();
    expect((await suite.app.inject({ method: 'GET', url: '/privacy' })).body).not.toMatch(/We keep track of the waitlist in/);
  });
});

import { describe, expect, it } from 'vitest';
import type { AdminCrmState, AdminSavedSegmentList } from '@waitlist/contract';
import { DIALECTS } from '../../test/databases';
import { useTestApp } from '../../test/app';
import { ADMIN_TEST_ENV, OPERATOR_PASSWORD, addOperator, adminClient, auditEntries, seedSignup, signIn } from '../../test/console';

/**
 * Saved segments (issue 48 item 2): a member names a filter, everyone sees it with its live count, a viewer uses it but
 * cannot save one, a segment never holds an address search, and one the CRM sends to (issue 49) cannot be deleted.
 */
describe.each(DIALECTS)('saved segments on %s', (dialect) => {
  // No HubSpot answers here: what the CRM is sent is crm.test.ts's; this file checks who it would be.
  const suite = useTestApp(dialect, () => ({ ...ADMIN_TEST_ENV, HUBSPOT_API_URL: 'http://127.0.0.1:9' }));
  let member = '';
  let viewer = '';
  let owner = '';
  const as = (cookie: () => string) => adminClient(() => suite.app, cookie);

  it('saves a filter under a name, counts it live, and keeps every rule about who may do what', async () => {
    await addOperator(suite.app, `seg-owner-${dialect}@acme.example`);
    await addOperator(suite.app, `seg-member-${dialect}@acme.example`, OPERATOR_PASSWORD, 'member');
    await addOperator(suite.app, `seg-viewer-${dialect}@acme.example`, OPERATOR_PASSWORD, 'viewer');
    owner = await signIn(suite.app, `seg-owner-${dialect}@acme.example`);
    member = await signIn(suite.app, `seg-member-${dialect}@acme.example`);
    viewer = await signIn(suite.app, `seg-viewer-${dialect}@acme.example`);
    for (const [email, role] of [
      ['a@scania.com', 'Head of Innovation / Innovation Director'],
      ['b@volvo.com', 'Head of Innovation / Innovation Director'],
      ['c@abb.com', 'Project Manager'],
    ] as const)
      await seedSignup(suite.app, { email: `${dialect}-${email}`, role, company_size: '1000+ employees' });

    const filter = { role: 'Head of Innovation / Innovation Director', company_size: '1000+ employees' } as const;
    const made = await as(() => member)('POST', '/segments', { name: 'Enterprise innovation leads', filter });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json<{ id: number }>().id;

    const listed = (await as(() => viewer)('GET', '/segments')).json<AdminSavedSegmentList>();
    expect(listed.items).toEqual([
      expect.objectContaining({
        id,
        name: 'Enterprise innovation leads',
        filter,
        in_words: 'Role Head of Innovation / Innovation Director · size 1000+ employees',
        count: 2,
        capped: false,
        created_by: `seg-member-${dialect}@acme.example`,
        used_by: [],
      }),
    ]);
    // Live: a new match counts at once.
    await seedSignup(suite.app, { email: `${dialect}-d@ericsson.com`, role: filter.role, company_size: '1000+ employees' });
    expect((await as(() => viewer)('GET', '/segments')).json<AdminSavedSegmentList>().items[0]!.count).toBe(3);

    // Bad input changes nothing: the same name in another case, an address search, no filter at all, a viewer.
    const twice = await as(() => member)('POST', '/segments', { name: 'ENTERPRISE innovation leads', filter: { confirmed: 'yes' } });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'Another segment has this name: choose another' });
    const withAddress = await as(() => member)('POST', '/segments', { name: 'One person', filter: { q: 'a@scania.com' } });
    expect(withAddress.statusCode).toBe(400);
    expect(withAddress.body).toMatch(/cannot search by address/);
    expect((await as(() => member)('POST', '/segments', { name: 'Everyone', filter: {} })).statusCode).toBe(400);
    expect((await as(() => viewer)('POST', '/segments', { name: 'Mine', filter: { confirmed: 'yes' } })).statusCode).toBe(403);
    expect((await as(() => viewer)('GET', '/segments')).json<AdminSavedSegmentList>().items).toHaveLength(1);

    // A wave and an update sent to it keep who they went to, in words, on their rows and in the audit trail.
    await suite.app.database.db.updateTable('waitlist_signups').set({ confirmed_at: new Date().toISOString() }).execute();
    const wave = await as(() => member)('POST', '/waves', { name: 'Leads first', segment: id, limit: 2, order: 'best_fit' });
    expect(wave.statusCode, wave.body).toBe(201);
    expect(wave.json()).toMatchObject({ invited: 2 });
    const words = 'the segment “Enterprise innovation leads”: Role Head of Innovation / Innovation Director · size 1000+ employees';
    expect((await as(() => viewer)('GET', '/waves')).json<{ items: { name: string; audience: string | null }[] }>().items[0]).toMatchObject(
      {
        name: 'Leads first',
        audience: words,
      },
    );
    const update = await as(() => member)('POST', '/campaigns', {
      name: 'December news',
      segment: id,
      message: { en: { subject: 'News', body: 'Hello.' } },
    });
    expect(update.statusCode, update.body).toBe(201);
    expect(update.json()).toMatchObject({ recipients: 3 });
    const updates = (await as(() => viewer)('GET', '/campaigns')).json<{ items: { name: string; audience: string | null }[] }>().items;
    expect(updates.find((c) => c.name === 'December news')?.audience).toBe(words);
    expect((await auditEntries(suite.app, 'wave.create')).at(-1)?.detail).toBe(`2 invited, 0 skipped; to ${words}`);
    expect((await auditEntries(suite.app, 'campaign.create')).at(-1)?.detail).toBe(`to ${words}`);
    // The Sign-ups filter says so too; a segment that is not there changes nothing.
    const byFilter = await as(() => member)('POST', '/campaigns', {
      name: 'By filter',
      filter: { confirmed: 'yes' },
      message: { en: { subject: 'S', body: 'B' } },
    });
    expect(byFilter.statusCode).toBe(201);
    expect((await auditEntries(suite.app, 'campaign.create')).at(-1)?.detail).toBe('to the Sign-ups filter: Confirmed');
    // A segment of "fit 60 or more" (the console sends the score as a number; a link's query as text) lists, and so
    // do the sends made to it: the answers once failed to serialize the score (500).
    const fit = await as(() => member)('POST', '/segments', { name: 'Good fits', filter: { min_score: 60, confirmed: 'yes' } });
    expect(fit.statusCode, fit.body).toBe(201);
    const fitList = await as(() => viewer)('GET', '/segments');
    expect(fitList.statusCode, fitList.body).toBe(200);
    expect(fitList.json<AdminSavedSegmentList>().items.find((g) => g.name === 'Good fits')).toMatchObject({
      filter: { min_score: 60, confirmed: 'yes' },
      in_words: 'Confirmed · fit 60 or more',
    });
    const toFit = await as(() => member)('POST', '/campaigns', {
      name: 'For good fits',
      filter: { min_score: '60' },
      message: { en: { subject: 'S', body: 'B' } },
    });
    expect(toFit.statusCode, toFit.body).toBe(201);
    const campaigns = await as(() => viewer)('GET', '/campaigns');
    expect(campaigns.statusCode, campaigns.body).toBe(200);
    expect(campaigns.json<{ items: { name: string; filter: object }[] }>().items.find((c) => c.name === 'For good fits')?.filter).toEqual({
      min_score: 60,
    });
    const gone = await as(() => member)('POST', '/campaigns', {
      name: 'Nowhere',
      segment: 999,
      message: { en: { subject: 'S', body: 'B' } },
    });
    expect(gone.statusCode).toBe(404);
    expect((await as(() => member)('POST', '/waves', { name: 'Both', segment: id, filter: { confirmed: 'yes' } })).statusCode).toBe(400);

    // The CRM sends to it: it cannot be deleted until the CRM sends to something else.
    const crm = await as(() => owner)('PUT', '/crm', {
      provider: 'hubspot',
      token: 'pat-eu1-segment-test-token',
      segment: id,
      password: OPERATOR_PASSWORD,
    });
    expect(crm.statusCode, crm.body).toBe(200);
    expect(crm.json<AdminCrmState>()).toMatchObject({ segment: id, segment_name: 'Enterprise innovation leads', rule: null, pending: 3 });
    expect((await as(() => viewer)('GET', '/segments')).json<AdminSavedSegmentList>().items[0]!.used_by).toEqual(['the CRM']);
    const inUse = await as(() => member)('DELETE', `/segments/${id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json()).toMatchObject({ message: 'the CRM sends to this segment: choose another there first' });
    expect(
      (await as(() => owner)('PUT', '/crm', { provider: 'hubspot', token: 'pat-eu1-segment-test-token', segment: 999 })).statusCode,
    ).toBe(422);
    expect((await as(() => owner)('DELETE', '/crm')).statusCode).toBe(200);

    // Renamed, then deleted; each change in the audit trail with the filter in words.
    expect((await as(() => member)('PUT', `/segments/${id}`, { name: 'Innovation leads, large', filter })).statusCode).toBe(204);
    expect((await as(() => member)('DELETE', `/segments/${id}`)).statusCode).toBe(204);
    expect((await as(() => member)('DELETE', `/segments/${id}`)).statusCode).toBe(404);
    expect((await auditEntries(suite.app)).filter((e) => e.action.startsWith('segment.')).map((e) => [e.action, e.detail])).toEqual([
      ['segment.create', 'Enterprise innovation leads: Role Head of Innovation / Innovation Director · size 1000+ employees'],
      ['segment.create', 'Good fits: Confirmed · fit 60 or more'],
      ['segment.update', 'Innovation leads, large: Role Head of Innovation / Innovation Director · size 1000+ employees'],
      ['segment.delete', 'Innovation leads, large'],
    ]);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import { issueToken, type TokenPurpose } from '../lib/tokens';
import { DIALECTS } from '../test/databases';
import { servicesOn, useTestDatabase } from '../test/app';
import { validSignup } from '../test/fixtures';
import type { Services } from './index';
import type { PersonLinks } from './person-links';

const DAY = 24 * 60 * 60 * 1000;

describe.each(DIALECTS)('self-service on %s', (dialect) => {
  let database: Database;
  let stores: Stores;
  let services: Services;
  let service: PersonLinks;
  const personRow = (id: number) => stores.signups.find(database.db, id);

  const person = async () => {
    const signup = validSignup();
    await services.signups.signUp(signup);
    const id = (await stores.signups.idByEmail(database.db, signup.email))!;
    const token = async (purpose: TokenPurpose, issuedAt = new Date()) => {
      const issued = issueToken(purpose, issuedAt);
      await stores.personTokens.save(id, [issued]);
      return issued.token;
    };
    return { id, email: signup.email, token };
  };

  const suite = useTestDatabase(dialect);
  beforeAll(() => {
    database = suite.database;
    ({ stores, services } = servicesOn(database));
    service = services.personLinks;
  });

  it('confirms with a confirm token, once', async () => {
    const p = await person();
    const token = await p.token('confirm');
    // Looking at the link (what a scanner does) changes nothing.
    expect(await service.resolve(token, 'confirm')).toMatchObject({ ok: true });
    expect((await personRow(p.id))!.confirmed_at).toBeNull();
    expect(await service.confirm(token)).toMatchObject({ ok: true, person: { id: p.id } });
    expect((await personRow(p.id))!.confirmed_at).not.toBeNull();
    expect(await service.confirm(token)).toEqual({ ok: false, problem: 'used', status: 410 });
  });

  it.each([
    ['unknown', async () => issueToken('confirm').token, 404, 404],
    ['malformed', async () => 'not-a-token', 400, 400],
    // An expired confirmation link is refused as expired where it belongs, and as not-ours everywhere else.
    ['expired', async (p: Awaited<ReturnType<typeof person>>) => p.token('confirm', new Date(Date.now() - 8 * DAY)), 410, 404],
    ['for another purpose', async (p: Awaited<ReturnType<typeof person>>) => p.token('unsubscribe'), 404, 404],
  ] as const)('refuses a %s token on every action with a 4xx and changes nothing', async (_label, make, status, manageStatus) => {
    const p = await person();
    const token = await make(p);
    const before = await personRow(p.id);
    expect(await service.confirm(token)).toMatchObject({ ok: false, status });
    expect(await service.exportData(token)).toMatchObject({ ok: false, status: manageStatus });
    expect(await service.correct(token, { role: 'Product Manager' })).toMatchObject({ ok: false, status: manageStatus });
    expect(await service.erase(token)).toMatchObject({ ok: false, status: manageStatus });
    expect(await personRow(p.id)).toEqual(before);
  });

  it('refuses an expired manage token as expired', async () => {
    const p = await person();
    const token = await p.token('manage', new Date(Date.now() - 8 * DAY));
    expect(await service.erase(token)).toEqual({ ok: false, problem: 'expired', status: 410 });
    expect(await personRow(p.id)).toBeDefined();
  });

  it('exports everything stored, corrects, and erases with a manage token', async () => {
    const p = await person();
    const manage = await p.token('manage');
    const exported = await service.exportData(manage);
    expect(exported).toMatchObject({ ok: true, data: { email: p.email, confirmed_at: null, marketing_opt_out_at: null, locale: 'en' } });
    expect(Object.keys(exported.ok ? exported.data : {})).toEqual([
      'email',
      'role',
      'company_size',
      'desired_outcomes',
      'other_outcome',
      'locale',
      'signed_up_at',
      'consented_at',
      'privacy_policy_version',
      'confirmation_sent_at',
      'confirmed_at',
      'marketing_opt_out_at',
      'company_domain',
      'came_from',
      'partner_code',
      'follow_up_status',
      'follow_up_notes',
      'review_flags',
      'invitation',
      'answers',
      'exported_at',
    ]);
    expect(await service.correct(manage, { company_size: '11-50 employees' })).toMatchObject({ ok: true, fields: ['company_size'] });
    expect((await personRow(p.id))!.company_size).toBe('11-50 employees');
    expect(await service.erase(manage)).toEqual({ ok: true });
    expect(await personRow(p.id)).toBeUndefined();
    // The link dies with the row.
    expect(await service.exportData(manage)).toMatchObject({ ok: false, status: 404 });
  });

  it('unsubscribes with an unsubscribe token, idempotently', async () => {
    const p = await person();
    const token = await p.token('unsubscribe');
    const first = await service.unsubscribe(token);
    expect(first).toMatchObject({ ok: true });
    const at = (await personRow(p.id))!.marketing_opt_out_at;
    expect(at).not.toBeNull();
    expect(await service.unsubscribe(token)).toMatchObject({ ok: true });
    expect((await personRow(p.id))!.marketing_opt_out_at).toBe(at);
  });

  it('queues a data link for a known address at most every 10 minutes, nothing for an unknown one', async () => {
    const p = await person();
    expect(await service.requestDataLink(p.email)).toBe(true);
    expect(await service.requestDataLink(p.email)).toBe(false);
    expect((await stores.outboxReports.forSignup(p.id)).map((e) => e.topic)).toEqual(['data-link', 'confirmation']);
    const pending = (await stores.outboxReports.counts()).pending;
    expect(await service.requestDataLink('nobody-here@example.com')).toBe(false);
    expect((await stores.outboxReports.counts()).pending).toBe(pending);
  });
});

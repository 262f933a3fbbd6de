import { describe, expect, it } from 'vitest';
import {
  SIGNUPS_PATH,
  type AdminAuditPage,
  type AdminDocumentRequestList,
  type AdminSignup,
  type AdminSignupPage,
} from '@waitlist/contract';
import { apiHeaders, validSignup } from '../../test/fixtures';
import { useTestAppWithMail } from '../../test/app-with-mail';
import { DIALECTS } from '../../test/databases';
import { ADMIN_TEST_ENV, addOperator, seedSignup, signIn } from '../../test/console';

/**
 * Issue 34 item 5: the list cannot walk out through the console's reads. Each operator may read
 * ADMIN_READ_BUDGET_PER_HOUR people an hour (list pages count the people shown, a person page one); past it their
 * reads answer 429 `read_budget` until the hour ends, the owners are mailed once, and the trail says so. A viewer sees
 * addresses masked (a•••@volvo.com) unless an owner lets them see them whole. Real SMTP server.
 */
const BUDGET = 30;

describe.each(DIALECTS)('reading people in the console on %s', (dialect) => {
  const { smtp, suite } = useTestAppWithMail(dialect, () => ({
    ...ADMIN_TEST_ENV,
    OUTBOX_POLL_MS: '100',
    ADMIN_READ_BUDGET_PER_HOUR: String(BUDGET),
  }));
  const owner = `owner-${dialect}@acme.example`;
  const viewer = `viewer-${dialect}@acme.example`;
  const member = `member-${dialect}@acme.example`;
  const api = (method: 'GET' | 'PATCH', url: string, cookie: string, payload?: object) =>
    suite.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
      ...(payload ? { payload } : {}),
    });

  it('masks addresses for a viewer until an owner lets them see them; owners and members see them whole', async () => {
    await addOperator(suite.app, owner);
    await addOperator(suite.app, viewer, undefined, 'viewer');
    await addOperator(suite.app, member, undefined, 'member');
    const person = await seedSignup(suite.app, { email: `kerstin.lind-${dialect}@volvo.com` });
    const [asOwner, asViewer, asMember] = await Promise.all([
      signIn(suite.app, owner),
      signIn(suite.app, viewer),
      signIn(suite.app, member),
    ]);

    const seen = async (cookie: string) => ({
      list: (await api('GET', '/signups?limit=5', cookie)).json<AdminSignupPage>().items.map((s) => s.email),
      one: (await api('GET', `/signups/${person.id}`, cookie)).json<AdminSignup>().email,
    });
    expect(await seen(asViewer)).toEqual({ list: ['k•••@volvo.com'], one: 'k•••@volvo.com' });
    expect(await seen(asMember)).toEqual({ list: [person.email], one: person.email });
    expect(await seen(asOwner)).toEqual({ list: [person.email], one: person.email });

    const team = (await api('GET', '/operators', asOwner)).json<{ items: { id: number; email: string; sees_addresses: boolean }[] }>();
    const viewerId = team.items.find((o) => o.email === viewer)!.id;
    expect(team.items.find((o) => o.email === viewer)!.sees_addresses).toBe(false);
    // Only an owner grants it; at once, for the viewer's next read.
    expect((await api('PATCH', `/operators/${viewerId}`, asMember, { sees_addresses: true })).statusCode).toBe(403);
    expect((await api('PATCH', `/operators/${viewerId}`, asOwner, { sees_addresses: true })).statusCode).toBe(204);
    expect(await seen(asViewer)).toEqual({ list: [person.email], one: person.email });
    expect((await api('PATCH', `/operators/${viewerId}`, asOwner, { sees_addresses: false })).statusCode).toBe(204);
    expect((await seen(asViewer)).one).toBe('k•••@volvo.com');
    const trail = (await api('GET', '/audit?action=operator.addresses', asOwner)).json<AdminAuditPage>().items;
    expect(trail.map((e) => e.detail)).toEqual(['masked addresses', 'whole addresses']);
  });

  it(`answers 429 past ${BUDGET} people an hour per operator, tells the owners once, and records it`, async () => {
    for (let i = 0; i < 45; i++) await seedSignup(suite.app, { email: `reader-${i}-${dialect}@scania.com` });
    const asViewer = await signIn(suite.app, viewer);
    // The first test read 4 people (2 list rows, 2 person pages). A page of 20: 24; the next 20 spends the budget and
    // is still served; after that the viewer's reads wait for the hour.
    const first = await api('GET', '/signups?limit=20', asViewer);
    expect(first.statusCode).toBe(200);
    const second = await api('GET', `/signups?limit=20&cursor=${encodeURIComponent(first.json<AdminSignupPage>().next_cursor!)}`, asViewer);
    expect(second.statusCode, second.body).toBe(200);
    const refused = await api('GET', '/signups?limit=20', asViewer);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'read_budget' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    expect((await api('GET', '/signups/1', asViewer)).statusCode).toBe(429);

    // The owner is told, once, who it was.
    const mail = await smtp.nextMailTo(owner, { timeoutMs: 15_000, subject: /read many people/ });
    expect(mail.text).toContain(viewer);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.mailsTo(owner).filter((m) => /read many people/.test(m.subject))).toHaveLength(1);

    // Another operator's budget is their own.
    const asOwner = await signIn(suite.app, owner);
    expect((await api('GET', '/signups?limit=20', asOwner)).statusCode).toBe(200);
    const trail = (await api('GET', '/audit', asOwner)).json<AdminAuditPage>().items;
    expect(trail.filter((e) => e.action === 'reads.budget')).toHaveLength(1);
    expect(trail.filter((e) => e.action === 'signups.read' && e.outcome === 'refused')).toHaveLength(1);
    expect(trail.filter((e) => e.action === 'signup.read' && e.outcome === 'refused')).toHaveLength(1);
  });

  it('masks addresses for a viewer everywhere: in the notice mail, on document requests (counted and recorded), and allows no search by address (third review, item 3)', async () => {
    const watcher = `watching-viewer-${dialect}@acme.example`;
    await addOperator(suite.app, watcher, undefined, 'viewer');
    await addOperator(suite.app, owner).catch(() => undefined);
    const [asWatcher, asOwner] = await Promise.all([signIn(suite.app, watcher), signIn(suite.app, owner)]);

    // Someone confirms: the viewer's "someone confirmed" mail (on by default) names them masked, in subject and body.
    const person = validSignup({ email: `ebba.strand-${dialect}@scania.com` });
    expect((await suite.app.inject({ method: 'POST', url: SIGNUPS_PATH, headers: apiHeaders(), payload: person })).statusCode).toBe(201);
    const confirmation = await smtp.nextMailTo(person.email, { timeoutMs: 15_000 });
    const token = /\/confirm\?token=([A-Za-z0-9_-]{43})/.exec(confirmation.text)![1]!;
    const confirmed = await suite.app.inject({
      method: 'POST',
      url: '/confirm',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ token }).toString(),
    });
    expect(confirmed.statusCode).toBe(200);
    const notice = await smtp.nextMailTo(watcher, { timeoutMs: 15_000 });
    expect(`${notice.subject}\n${notice.text}\n${notice.html}`).not.toContain(person.email);
    expect(`${notice.subject}\n${notice.text}`).toContain('e•••@scania.com');
    const ownersNotice = await smtp.nextMailTo(owner, { timeoutMs: 15_000 });
    expect(ownersNotice.text).toContain(person.email);

    // A buyer's request for our documents: masked for the viewer, whole for an owner; the viewer's read is recorded.
    await suite.app.services.documentRequests.request(
      {
        name: 'Maja Berg',
        email: `maja.berg-${dialect}@ikea.example`,
        company: 'IKEA',
        documents: ['signed-dpa'],
        message: 'Please send the DPA to my colleague',
        locale: 'en',
      },
      undefined,
      undefined,
    );
    const requestsSeenBy = async (cookie: string) =>
      (await api('GET', '/document-requests', cookie)).json<AdminDocumentRequestList>().items.find((r) => r.company === 'IKEA')!;
    expect(await requestsSeenBy(asWatcher)).toMatchObject({ name: 'M•••', email: 'm•••@ikea.example', message: '•••', company: 'IKEA' });
    expect(await requestsSeenBy(asOwner)).toMatchObject({ name: 'Maja Berg', email: `maja.berg-${dialect}@ikea.example` });
    const trail = (await api('GET', '/audit?limit=100', asOwner)).json<AdminAuditPage>().items;
    expect(trail.some((e) => e.action === 'document-requests.read' && e.operator_email === watcher)).toBe(true);

    // No search by address for one who sees addresses masked: it would give a hidden address away a character at a time.
    const search = await api('GET', `/signups?q=${encodeURIComponent('ebba.s')}`, asWatcher);
    expect(search.statusCode).toBe(403);
    expect(search.json<{ message: string }>().message).toMatch(/cannot search by address/);
    expect((await api('GET', `/signups?q=${encodeURIComponent('ebba.s')}`, asOwner)).json<AdminSignupPage>().items).toHaveLength(1);
    // The console knows it from the session, and offers such a reader no search box (signup-filters.tsx).
    expect((await api('GET', '/session', asWatcher)).json()).toMatchObject({ sees_addresses: false });
    expect((await api('GET', '/session', asOwner)).json()).toMatchObject({ sees_addresses: true });
  });
});

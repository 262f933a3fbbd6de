import { describe, expect, it } from 'vitest';
import { ROLE_OPTIONS } from '@waitlist/contract';
import { issueLinkToken } from '../lib/tokens';
import { useTestApp } from '../test/app';
import { addOperator, ADMIN_TEST_ENV, auditEntries, queuedMail, seedSignup } from '../test/console';
import { DIALECTS } from '../test/databases';

/**
 * Waves and access codes called as the console's routes and the product's API call them (services/invitations.ts):
 * a wave invites confirmed people once each, in one change with its mails and its audit entry; the link changes
 * nothing until Accept, which hands over one working code; the code is redeemed once, for its person's address only.
 */
describe.each(DIALECTS)('invitation service on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);
  const invitations = () => suite.app.services.invitations;
  const person = async (email: string, confirmed = true) => {
    const row = await seedSignup(suite.app, { email, role: ROLE_OPTIONS[1] });
    if (confirmed) {
      await suite.app.database.db
        .updateTable('waitlist_signups')
        .set({ confirmed_at: new Date().toISOString() })
        .where('id', '=', row.id)
        .execute();
    }
    return row;
  };
  const statusOf = async (id: number) => (await suite.app.stores.signups.find(suite.app.database.db, id))?.status;

  it('invites the confirmed people of a selection once each, with a bulk-lane mail and one entry, and says who was skipped', async () => {
    const owner = await addOperator(suite.app, 'wave-owner@example.com');
    const [a, b, unconfirmed] = [
      await person('wave-a@example.com'),
      await person('wave-b@example.com'),
      await person('wave-c@example.com', false),
    ];

    const first = await invitations().createWave(
      { name: 'First', ids: [a.id, b.id, unconfirmed.id, 999_999], expires_in_days: 14 },
      owner.id,
    );
    expect(first).toMatchObject({ invited: 2, skipped: 2 });
    expect(first.skips).toEqual(
      expect.arrayContaining([
        { id: unconfirmed.id, reason: 'not-confirmed' },
        { id: 999_999, reason: 'not-found' },
      ]),
    );
    expect((await queuedMail(suite.app, 'invitation')).map((m) => [m.signup_id, m.lane])).toEqual([
      [a.id, 'bulk'],
      [b.id, 'bulk'],
    ]);
    expect(await statusOf(a.id)).toBe('invited');
    expect(await statusOf(unconfirmed.id)).toBe('new');

    const again = await invitations().createWave({ name: 'Again', ids: [a.id], expires_in_days: 14 }, owner.id);
    expect(again).toMatchObject({ invited: 0, skips: [{ id: a.id, reason: 'already-invited' }] });
    expect(await queuedMail(suite.app, 'invitation')).toHaveLength(2);
    expect((await auditEntries(suite.app, 'wave.create')).map((e) => [e.operator_id, e.target, e.detail])).toEqual([
      [owner.id, `wave:${first.id}`, '2 invited, 2 skipped; to 4 people chosen on Sign-ups'],
      [owner.id, `wave:${again.id}`, '0 invited, 1 skipped; to 1 person chosen on Sign-ups'],
    ]);
  });

  it('takes the oldest people of a segment up to its limit', async () => {
    const people = [];
    for (let i = 0; i < 4; i++) people.push(await person(`segment-${i}@limit-wave.example`));
    const wave = await invitations().createWave(
      { name: 'Segment', filter: { q: 'limit-wave.example' }, limit: 3, expires_in_days: 7 },
      null,
    );
    expect(wave.invited).toBe(3);
    const invited = (await queuedMail(suite.app, 'invitation')).map((m) => m.signup_id);
    expect(invited).toEqual(expect.arrayContaining(people.slice(0, 3).map((p) => p.id)));
    expect(invited).not.toContain(people[3]!.id);
  });

  it('accepts from the link (twice leaves one working code) and redeems the code once, for its own address only', async () => {
    const invitee = await person('accepting@example.com');
    await invitations().createWave({ name: 'Accepting', ids: [invitee.id], expires_in_days: 14 }, null);
    const invitation = await suite.app.stores.invitations.forSignup(suite.app.database.db, invitee.id);
    // The mail's renderer stores the link's hash when it sends; here the test plays that part.
    const link = issueLinkToken();
    await suite.app.stores.invitations.saveLink(suite.app.database.db, invitation!.id, link.hash, new Date().toISOString());

    expect(await invitations().resolveLink(link.token)).toMatchObject({ ok: true });
    expect(await statusOf(invitee.id)).toBe('invited');
    expect(await invitations().resolveLink('not-a-token')).toEqual({ ok: false, problem: 'malformed' });

    const first = await invitations().accept(link.token);
    const second = await invitations().accept(link.token);
    if (!first.ok || !second.ok) throw new Error('accept refused');
    expect(await statusOf(invitee.id)).toBe('joined');
    expect(first.code).not.toBe(second.code);

    expect(await invitations().redeem(first.code, invitee.email)).toEqual({ ok: false, reason: 'unknown' });
    expect(await invitations().redeem(second.code, 'someone-else@example.com')).toEqual({ ok: false, reason: 'unknown' });
    expect(await invitations().redeem(second.code, 'Accepting@Example.com')).toMatchObject({
      ok: true,
      redeemed: { email: invitee.email },
    });
    expect(await invitations().redeem(second.code, invitee.email)).toEqual({ ok: false, reason: 'redeemed' });
    expect(await invitations().resolveLink(link.token)).toEqual({ ok: false, problem: 'used' });
  });
});

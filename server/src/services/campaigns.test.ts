import { describe, expect, it } from 'vitest';
import { ROLE_OPTIONS } from '@waitlist/contract';
import { useTestApp } from '../test/app';
import { addOperator, ADMIN_TEST_ENV, auditEntries, queuedMail, seedSignup } from '../test/console';
import { DIALECTS } from '../test/databases';

/**
 * Campaigns called as the console's routes call them (services/campaigns.ts): starting queues one bulk-lane mail per
 * confirmed, not opted-out person of the segment in the change that marks it sending, so it can start once; a
 * cancel stops what is still pending; each use case leaves its entry, a refusal included.
 */
const MESSAGE = { en: { subject: 'News', body: 'Hello **there**.' }, sv: { subject: 'Nyheter', body: 'Hej.' } };

describe.each(DIALECTS)('campaign service on %s', (dialect) => {
  const suite = useTestApp(dialect, ADMIN_TEST_ENV);
  const campaigns = () => suite.app.services.campaigns;
  const person = async (email: string, how: { confirmed?: boolean; optedOut?: boolean } = {}) => {
    const row = await seedSignup(suite.app, { email, role: ROLE_OPTIONS[1] });
    const now = new Date().toISOString();
    await suite.app.database.db
      .updateTable('waitlist_signups')
      .set({ confirmed_at: how.confirmed === false ? null : now, marketing_opt_out_at: how.optedOut ? now : null })
      .where('id', '=', row.id)
      .execute();
    return row;
  };

  it('starts once: one bulk mail per reachable person of the segment, then refuses a second start', async () => {
    const owner = await addOperator(suite.app, 'campaign-owner@example.com');
    const reachable = [await person('a@news-segment.example'), await person('b@news-segment.example')];
    await person('unconfirmed@news-segment.example', { confirmed: false });
    await person('opted-out@news-segment.example', { optedOut: true });
    await person('elsewhere@other-segment.example');

    const draft = await campaigns().create({ name: 'November', filter: { q: 'news-segment.example' }, message: MESSAGE }, owner.id);
    expect(draft.recipients).toBe(2);
    expect(await queuedMail(suite.app, 'campaign')).toEqual([]);

    const [one, two] = await Promise.all([campaigns().start(draft.id, owner.id), campaigns().start(draft.id, owner.id)]);
    expect([one, two]).toEqual(
      expect.arrayContaining([
        { ok: true, recipients: 2 },
        { ok: false, reason: 'not-draft' },
      ]),
    );
    const mails = await queuedMail(suite.app, 'campaign');
    expect(mails.map((m) => [m.signup_id, m.lane, m.campaign_id]).sort()).toEqual(reachable.map((p) => [p.id, 'bulk', draft.id]).sort());
    expect((await campaigns().get(draft.id))?.state).toBe('sending');
    expect((await auditEntries(suite.app, 'campaign.send')).map((e) => [e.outcome, e.detail])).toEqual(
      expect.arrayContaining([
        ['ok', '2 recipients'],
        ['failed', 'not-draft'],
      ]),
    );
    expect(await campaigns().start(999_999, owner.id)).toEqual({ ok: false, reason: 'not-found' });
  });

  it('sends a test copy in the urgent lane, and a cancel stops every mail still pending', async () => {
    await person('c@cancel-segment.example');
    await person('d@cancel-segment.example');
    const draft = await campaigns().create({ name: 'Cancelled', filter: { q: 'cancel-segment.example' }, message: MESSAGE }, null);

    await addOperator(suite.app, 'founder@example.com');
    expect(await campaigns().sendTest(draft.id, 'stranger@example.com')).toEqual({ ok: false, reason: 'not-teammate' });
    expect(await campaigns().sendTest(draft.id, 'founder@example.com', 'sv')).toEqual({ ok: true });
    expect((await queuedMail(suite.app, 'campaign-test')).at(-1)).toMatchObject({
      lane: 'urgent',
      payload: { campaignId: draft.id, to: 'founder@example.com', locale: 'sv' },
    });
    expect(await campaigns().sendTest(999_999, 'founder@example.com')).toEqual({ ok: false, reason: 'not-found' });

    expect(await campaigns().start(draft.id)).toEqual({ ok: true, recipients: 2 });
    expect(await campaigns().cancel(draft.id)).toEqual({ ok: true, cancelled: 2 });
    const mails = (await queuedMail(suite.app, 'campaign')).filter((m) => m.campaign_id === draft.id);
    expect(mails.map((m) => m.status)).toEqual(['cancelled', 'cancelled']);
    expect(await campaigns().cancel(draft.id)).toEqual({ ok: false, reason: 'finished' });
    expect((await auditEntries(suite.app, 'campaign.cancel')).map((e) => [e.outcome, e.detail])).toEqual([
      ['ok', '2 mails stopped'],
      ['failed', 'finished'],
    ]);
  });
});

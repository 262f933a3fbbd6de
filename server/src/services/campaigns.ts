import type { AdminCampaign, AdminCampaignCreate } from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { CampaignRow } from '../db/stores/campaigns';
import { segmentOf, toAdminCampaign } from './pilot-views';
import { MAIL_TOPICS } from './signup-events';
import type { UseCases } from './use-case';
import type { Segments } from './segments';

/**
 * Updates to the list (issue 23): a draft holds the message in each language and a segment of the list; sending
 * selects the segment's confirmed people who have not opted out at that moment and queues one bulk-lane mail per
 * person in the same transaction that marks the campaign as sending, so a double click or a second copy cannot
 * queue it twice. The mails are rendered when they go out (delivery/render-outbox-mail.ts): a person who opted out
 * or was erased meanwhile, or a campaign cancelled meanwhile, gets nothing.
 */
export interface CampaignServiceDeps {
  database: Database;
  stores: Stores;
  useCases: UseCases;
  /** Who a send goes to: a saved segment or the filter given (services/segments.ts). */
  audiences: Pick<Segments, 'audienceOf'>;
  now?: () => Date;
}

/** `not-teammate`: a test copy goes to an operator's address only (anything else would be our domain mailing anyone). */
export type CampaignRefusal = 'not-found' | 'not-draft' | 'finished' | 'not-teammate';

export function createCampaignService({ database, stores, useCases, audiences }: CampaignServiceDeps) {
  const { db } = database;
  const { campaigns, outbox, signupListing } = stores;

  const view = async (row: CampaignRow) =>
    toAdminCampaign(row, await outbox.sendCounts(db, { campaignId: row.id }), await outbox.sendFeedback(db, { campaignId: row.id }));
  /** What a campaign use case records, ok or refused, on the campaign it is about. */
  const entry = (action: string, operatorId: number | null, id: number, reason?: CampaignRefusal, detail?: string) => ({
    action,
    operatorId,
    target: `campaign:${id}`,
    ...(reason ? { outcome: 'failed' as const, detail: reason } : detail ? { detail } : {}),
  });

  return {
    async create(input: AdminCampaignCreate, operatorId: number | null): Promise<{ id: number; recipients: number }> {
      const { filter, words } = await audiences.audienceOf(input);
      const recipients = await signupListing.reachableCount(filter);
      return useCases.run(async (change) => {
        const id = await campaigns.insert(change.trx, {
          name: input.name,
          filter,
          message: input.message,
          recipients,
          createdBy: operatorId,
          at: change.at,
          audience: words,
        });
        await change.audit(entry('campaign.create', operatorId, id, undefined, `to ${words}`));
        return { id, recipients };
      });
    },

    async get(id: number): Promise<AdminCampaign | undefined> {
      const row = await campaigns.find(db, id);
      if (!row) return undefined;
      // A draft shows how many its segment selects now.
      if (row.state === 'draft') row.recipients = await signupListing.reachableCount(segmentOf(row));
      return view(row);
    },

    async list(): Promise<AdminCampaign[]> {
      return Promise.all((await campaigns.list()).map(view));
    },

    /**
     * One copy to `to`, an operator's address, marked as a test, in `locale` (default English); queued in the urgent
     * lane: someone waits. Each one, refused or not, is in the audit trail with its address.
     */
    async sendTest(
      id: number,
      to: string,
      locale: 'en' | 'sv' = 'en',
      operatorId: number | null = null,
    ): Promise<{ ok: true } | { ok: false; reason: CampaignRefusal }> {
      return useCases.run(async (change) => {
        if (!(await campaigns.find(change.trx, id))) {
          await change.audit(entry('campaign.test', operatorId, id, 'not-found'));
          return { ok: false, reason: 'not-found' } as const;
        }
        if ((await stores.operatorAccounts.idByEmail(change.trx, to)) === undefined) {
          await change.audit({ ...entry('campaign.test', operatorId, id, 'not-teammate'), target: `campaign:${id} ${to}` });
          return { ok: false, reason: 'not-teammate' } as const;
        }
        await change.mail([{ signupId: null, topic: MAIL_TOPICS.campaignTest, payload: { campaignId: id, to, locale }, at: change.at }]);
        await change.audit({ ...entry('campaign.test', operatorId, id), target: `campaign:${id} ${to}` });
        return { ok: true } as const;
      });
    },

    /** Queues the mails of a draft: one per reachable person of its segment, now. */
    async start(
      id: number,
      operatorId: number | null = null,
    ): Promise<{ ok: true; recipients: number } | { ok: false; reason: CampaignRefusal }> {
      return useCases.run(async (change) => {
        const { trx, at } = change;
        const row = await campaigns.find(trx, id);
        const refused = async (reason: CampaignRefusal) => {
          await change.audit(entry('campaign.send', operatorId, id, reason));
          return { ok: false, reason } as const;
        };
        if (!row) return refused('not-found');
        if (!(await campaigns.start(trx, id, at))) return refused('not-draft');
        const ids = await signupListing.reachableIds(trx, segmentOf(row));
        await change.mail(
          ids.map((signupId) => ({ signupId, topic: MAIL_TOPICS.campaign, payload: { campaignId: id }, at, lane: 'bulk', campaignId: id })),
        );
        await campaigns.setRecipients(trx, id, ids.length);
        await change.audit(entry('campaign.send', operatorId, id, undefined, `${ids.length} recipients`));
        return { ok: true, recipients: ids.length } as const;
      });
    },

    /** Stops what is not yet sent (a draft simply never goes out). */
    async cancel(
      id: number,
      operatorId: number | null = null,
    ): Promise<{ ok: true; cancelled: number } | { ok: false; reason: CampaignRefusal }> {
      return useCases.run(async (change) => {
        const { trx } = change;
        const refused = async (reason: CampaignRefusal) => {
          await change.audit(entry('campaign.cancel', operatorId, id, reason));
          return { ok: false, reason } as const;
        };
        const row = await campaigns.find(trx, id);
        if (!row) return refused('not-found');
        if (row.state === 'sending' && (await outbox.sendCounts(trx, { campaignId: id })).pending === 0) return refused('finished');
        if (!(await campaigns.cancel(trx, id, change.at))) return refused('finished');
        const cancelled = await outbox.cancelCampaign(trx, id, new Date(change.at));
        await change.audit(entry('campaign.cancel', operatorId, id, undefined, `${cancelled} mails stopped`));
        return { ok: true, cancelled } as const;
      });
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;

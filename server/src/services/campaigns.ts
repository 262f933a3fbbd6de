import {
  adminSegmentSchema,
  campaignMessageSchema,
  type AdminCampaign,
  type AdminCampaignCreate,
  type AdminSegment,
  type CampaignMessage,
} from '@waitlist/contract';
import type { Database } from '../db/connection';
import type { Stores } from '../db/stores';
import type { CampaignRow } from '../db/stores/campaigns';
import { MAIL_TOPICS } from './signup-events';

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
  now?: () => Date;
}

export type CampaignRefusal = 'not-found' | 'not-draft' | 'finished';

/** A stored campaign as the console sees it; its counts come from its outbox rows. */
export function toAdminCampaign(
  row: CampaignRow,
  counts: { pending: number; sent: number; failed: number; cancelled: number },
): AdminCampaign {
  const state = row.state === 'sending' && counts.pending === 0 ? 'sent' : row.state;
  return {
    id: row.id,
    name: row.name,
    state,
    recipients: row.recipients,
    sent: counts.sent,
    failed: counts.failed,
    pending: counts.pending,
    cancelled: counts.cancelled,
    filter: segmentOf(row),
    message: messageOf(row),
    created_at: row.createdAt,
    started_at: row.startedAt,
    cancelled_at: row.cancelledAt,
  };
}

/** What was stored passed the contract on the way in; read back the same way, so a row can never widen it. */
const segmentOf = (row: CampaignRow): AdminSegment => adminSegmentSchema.parse(row.filter);
const messageOf = (row: CampaignRow): CampaignMessage => campaignMessageSchema.parse(row.message);

export function createCampaignService({ database, stores, now = () => new Date() }: CampaignServiceDeps) {
  const { db } = database;
  const { campaigns, outbox, signupListing } = stores;

  const view = async (row: CampaignRow) => toAdminCampaign(row, await outbox.campaignCounts(db, row.id));

  return {
    async create(input: AdminCampaignCreate, operatorId: number | null): Promise<{ id: number; recipients: number }> {
      const filter = input.filter ?? {};
      const recipients = await signupListing.reachableCount(filter);
      const id = await campaigns.insert({
        name: input.name,
        filter,
        message: input.message,
        recipients,
        createdBy: operatorId,
        at: now().toISOString(),
      });
      return { id, recipients };
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

    /** One copy to `to`, marked as a test, in `locale` (default English); queued in the urgent lane: someone waits. */
    async sendTest(id: number, to: string, locale: 'en' | 'sv' = 'en'): Promise<{ ok: true } | { ok: false; reason: CampaignRefusal }> {
      if (!(await campaigns.find(db, id))) return { ok: false, reason: 'not-found' };
      await outbox.queueMail(db, [
        { signupId: null, topic: MAIL_TOPICS.campaignTest, payload: { campaignId: id, to, locale }, at: now().toISOString() },
      ]);
      return { ok: true };
    },

    /** Queues the mails of a draft: one per reachable person of its segment, now. */
    async start(id: number): Promise<{ ok: true; recipients: number } | { ok: false; reason: CampaignRefusal }> {
      return db.transaction().execute(async (trx) => {
        const row = await campaigns.find(trx, id);
        if (!row) return { ok: false, reason: 'not-found' } as const;
        const at = now().toISOString();
        if (!(await campaigns.start(trx, id, at))) return { ok: false, reason: 'not-draft' } as const;
        const ids = await signupListing.reachableIds(trx, segmentOf(row));
        await outbox.queueMail(
          trx,
          ids.map((signupId) => ({ signupId, topic: MAIL_TOPICS.campaign, payload: { campaignId: id }, at, lane: 'bulk', campaignId: id })),
        );
        await campaigns.setRecipients(trx, id, ids.length);
        return { ok: true, recipients: ids.length } as const;
      });
    },

    /** Stops what is not yet sent (a draft simply never goes out). */
    async cancel(id: number): Promise<{ ok: true; cancelled: number } | { ok: false; reason: CampaignRefusal }> {
      return db.transaction().execute(async (trx) => {
        const row = await campaigns.find(trx, id);
        if (!row) return { ok: false, reason: 'not-found' } as const;
        if (row.state === 'sending' && (await outbox.campaignCounts(trx, id)).pending === 0)
          return { ok: false, reason: 'finished' } as const;
        const at = now();
        if (!(await campaigns.cancel(trx, id, at.toISOString()))) return { ok: false, reason: 'finished' } as const;
        return { ok: true, cancelled: await outbox.cancelCampaign(trx, id, at) } as const;
      });
    },
  };
}

export type CampaignService = ReturnType<typeof createCampaignService>;

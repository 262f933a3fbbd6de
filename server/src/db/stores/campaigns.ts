import type { Selectable } from 'kysely';
import type { Database } from '../connection';
import type { Executor } from '../connection';
import type { CampaignState, CampaignsTable } from '../schema';
import { parsePayload } from './outbox';

export interface CampaignRow {
  id: number;
  name: string;
  filter: Record<string, unknown>;
  message: Record<string, unknown>;
  state: CampaignState;
  recipients: number;
  createdBy: number | null;
  createdAt: string;
  startedAt: string | null;
  cancelledAt: string | null;
  /** Set when the send paused itself (too many bounces or complaints); cleared when an owner resumes it. */
  pausedAt: string | null;
  pauseReason: string | null;
  /** The feedback counts when an owner last resumed it (JSON as stored), or null. */
  resumeBaseline: string | null;
  /** Who it was sent to, in words, as made (null before migration 28). */
  audience: string | null;
}

/** The campaigns table: updates to the list and their state. Their mails are outbox rows (outbox.campaign_id). */
export function createCampaignStore(database: Database) {
  const { db } = database;
  const ts = (v: Date | string | null) => (v === null ? null : database.decodeTimestamp(v));
  const decode = (row: Selectable<CampaignsTable>): CampaignRow => ({
    id: Number(row.id),
    name: row.name,
    filter: parsePayload(row.filter),
    message: parsePayload(row.message),
    state: row.state,
    recipients: Number(row.recipients),
    createdBy: row.created_by === null ? null : Number(row.created_by),
    createdAt: database.decodeTimestamp(row.created_at),
    startedAt: ts(row.started_at),
    cancelledAt: ts(row.cancelled_at),
    pausedAt: ts(row.paused_at),
    pauseReason: row.pause_reason,
    resumeBaseline: row.resume_baseline,
    audience: row.audience ?? null,
  });

  return {
    async insert(
      executor: Executor,
      input: {
        name: string;
        filter: unknown;
        message: unknown;
        recipients: number;
        createdBy: number | null;
        at: string;
        audience: string;
      },
    ) {
      const row = await executor
        .insertInto('campaigns')
        .values({
          name: input.name,
          filter: JSON.stringify(input.filter),
          message: JSON.stringify(input.message),
          recipients: input.recipients,
          created_by: input.createdBy,
          created_at: input.at,
          audience: input.audience,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async find(executor: Executor, id: number): Promise<CampaignRow | undefined> {
      const row = await executor.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
      return row && decode(row);
    },

    /** Newest first. */
    async list(limit = 100): Promise<CampaignRow[]> {
      const rows = await db.selectFrom('campaigns').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
      return rows.map(decode);
    },

    /** draft → sending, once: answers false when another request started (or cancelled) it first. */
    async start(trx: Executor, id: number, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('campaigns')
        .set({ state: 'sending', started_at: at })
        .where('id', '=', id)
        .where('state', '=', 'draft')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setRecipients(trx: Executor, id: number, recipients: number): Promise<void> {
      await trx.updateTable('campaigns').set({ recipients }).where('id', '=', id).execute();
    },

    /** Campaigns sending since `since` and not paused: the ones whose bounces are watched. */
    async sendingSince(since: string): Promise<CampaignRow[]> {
      const rows = await db
        .selectFrom('campaigns')
        .selectAll()
        .where('state', '=', 'sending')
        .where('paused_at', 'is', null)
        .where('started_at', '>=', since)
        .execute();
      return rows.map(decode);
    },

    /** sending → paused, once: false when it was paused (or is not sending) already. */
    async pause(trx: Executor, id: number, at: string, reason: string): Promise<boolean> {
      const result = await trx
        .updateTable('campaigns')
        .set({ paused_at: at, pause_reason: reason.slice(0, 300) })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .where('paused_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** paused → sending; false when it was not paused. */
    async resume(trx: Executor, id: number, baseline: string): Promise<boolean> {
      const result = await trx
        .updateTable('campaigns')
        .set({ paused_at: null, pause_reason: null, resume_baseline: baseline })
        .where('id', '=', id)
        .where('state', '=', 'sending')
        .where('paused_at', 'is not', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** draft or sending → cancelled; answers false when it was cancelled already. */
    async cancel(trx: Executor, id: number, at: string): Promise<boolean> {
      const result = await trx
        .updateTable('campaigns')
        .set({ state: 'cancelled', cancelled_at: at })
        .where('id', '=', id)
        .where('state', '<>', 'cancelled')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

export type CampaignStore = ReturnType<typeof createCampaignStore>;

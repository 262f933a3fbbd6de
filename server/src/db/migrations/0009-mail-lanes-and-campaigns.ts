import { type Ddl, PG, SQLITE, type Migration } from './ddl';

// Migration 9: updates to the list and the lane they travel in (issue 23).
// - outbox.lane: `urgent` (a person waits for it) or `bulk` (waves, campaigns: paced, sent by a worker of their own);
//   the claim index leads with it, so the urgent worker never walks past thousands of bulk rows.
// - outbox.campaign_id: which campaign a bulk mail belongs to (its counts, and cancel).
// - campaigns: the message in each language and the filter that selects its recipients when sending starts.
const lanesAndCampaigns = (t: Ddl) => [
  `CREATE TABLE campaigns (
    id ${t.id},
    name ${t.text} NOT NULL CHECK (${t.length}(name) BETWEEN 1 AND 200),
    filter ${t.text} NOT NULL DEFAULT '{}'${t.jsonCheck('filter')},
    message ${t.text} NOT NULL${t.jsonCheck('message')},
    state ${t.text} NOT NULL DEFAULT 'draft' CHECK (state IN ('draft', 'sending', 'cancelled')),
    recipients ${t.int} NOT NULL DEFAULT 0,
    created_by ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    created_at ${t.ts} NOT NULL DEFAULT ${t.now},
    started_at ${t.ts},
    cancelled_at ${t.ts}
  )${t.strict}`,
  `CREATE INDEX campaigns_created_idx ON campaigns (created_at, id)`,
  `ALTER TABLE outbox ADD COLUMN lane ${t.text} NOT NULL DEFAULT 'urgent' CHECK (lane IN ('urgent', 'bulk'))`,
  `ALTER TABLE outbox ADD COLUMN campaign_id ${t.bigint} REFERENCES campaigns (id) ON DELETE SET NULL`,
  `CREATE INDEX outbox_lane_due_idx ON outbox (kind, lane, next_attempt_at, id) WHERE status = 'pending' AND held = 0`,
  `DROP INDEX outbox_due_idx`,
  `CREATE INDEX outbox_campaign_idx ON outbox (campaign_id, status) WHERE campaign_id IS NOT NULL`,
];

export const mailLanesAndCampaigns: Migration = {
  version: 9,
  name: 'outbox lanes (urgent, bulk) and campaigns',
  postgres: lanesAndCampaigns(PG),
  sqlite: lanesAndCampaigns(SQLITE),
};

import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 18: what comes back from a mail (issue 35 items 1-4; docs/decisions/0030).
// - outbox.feedback: the last word a receiver sent about the mail (a bounce, transient or permanent, or a complaint),
//   so a campaign's or a wave's bounce and complaint rates are counts of its own rows.
// - outbox.wave_id: the invitation wave a bulk mail belongs to, as campaign_id says its campaign (pausing a wave).
// - campaigns / invitation_waves: paused_at and pause_reason (a send that bounced too much waits for an owner), and
//   resume_baseline (JSON: what it had tried and what had bounced when an owner resumed it; judged anew from there).
// - mail_soft_bounces: transient bounces by keyed hash (as mail_suppressions), counted until they suppress.
const feedback = (t: Ddl) => [
  `ALTER TABLE outbox ADD COLUMN feedback ${t.text} CHECK (feedback IS NULL OR feedback IN ('hard-bounce', 'soft-bounce', 'complaint'))`,
  `ALTER TABLE outbox ADD COLUMN wave_id ${t.bigint}`,
  `CREATE INDEX outbox_wave_idx ON outbox (wave_id, status) WHERE wave_id IS NOT NULL`,
  `ALTER TABLE campaigns ADD COLUMN paused_at ${t.ts}`,
  `ALTER TABLE campaigns ADD COLUMN pause_reason ${t.text} CHECK (pause_reason IS NULL OR ${t.length}(pause_reason) <= 300)`,
  `ALTER TABLE invitation_waves ADD COLUMN paused_at ${t.ts}`,
  `ALTER TABLE campaigns ADD COLUMN resume_baseline ${t.text}`,
  `ALTER TABLE invitation_waves ADD COLUMN pause_reason ${t.text} CHECK (pause_reason IS NULL OR ${t.length}(pause_reason) <= 300)`,
  `ALTER TABLE invitation_waves ADD COLUMN resume_baseline ${t.text}`,
  `CREATE TABLE mail_soft_bounces (
    id ${t.id},
    address_hash ${t.text} NOT NULL,
    cause ${t.text} CHECK (cause IS NULL OR ${t.length}(cause) <= 300),
    created_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE INDEX mail_soft_bounces_hash_idx ON mail_soft_bounces (address_hash, created_at)`,
];

export const mailFeedback: Migration = {
  version: 18,
  name: 'outbox.feedback and wave_id, paused sends, mail_soft_bounces',
  postgres: feedback(PG),
  sqlite: feedback(SQLITE),
};

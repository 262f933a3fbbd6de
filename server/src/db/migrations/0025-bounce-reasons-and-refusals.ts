import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 25: what comes back is read by its reason (issue 45; docs/decisions/0041).
// - outbox.feedback may also say `refused`: the receiver refused our mail or our server (DMARC, a blocklist, policy),
//   which is never the person's fault; a send's refusals are counted as its bounces are.
// - outbox.feedback_reason: why, in the words of lib/bounces/reasons.ts (user-unknown, mailbox-full, auth-failure, …).
// - mail_refusals: refusals of our mail per receiving domain and reason, for the Deliverability page and the owners' one
//   mail about it.
// - mail_event_receipts: the relays' event ids (Mailgun's token, Resend's svix-id, Postmark's bounce ID) already taken,
//   so a captured webhook cannot be replayed within its signature's tolerance.
// - SQLite: outbox ids are never reused (AUTOINCREMENT), so an old bounce address can never name a newer mail. The
//   keyword is added by editing the table's statement (migrator.ts editSqliteSchema); SQLite keeps the highest id it
//   gave in sqlite_sequence (it exists: waitlist_signups uses it), seeded here with the highest id in the table.
// PostgreSQL's identity never reuses a value. Its CHECK is replaced NOT VALID: every row already met the narrower one.
const FEEDBACK_KINDS = `'hard-bounce', 'soft-bounce', 'complaint'`;
const WIDER_FEEDBACK_KINDS = `'hard-bounce', 'soft-bounce', 'complaint', 'refused'`;

const tables = (t: Ddl) => [
  `ALTER TABLE outbox ADD COLUMN feedback_reason ${t.text} CHECK (feedback_reason IS NULL OR ${t.length}(feedback_reason) <= 40)`,
  `CREATE TABLE mail_refusals (
    domain ${t.text} NOT NULL CHECK (${t.length}(domain) BETWEEN 1 AND 253),
    reason ${t.text} NOT NULL CHECK (${t.length}(reason) BETWEEN 1 AND 40),
    count ${t.bigint} NOT NULL DEFAULT 0,
    first_at ${t.ts} NOT NULL,
    last_at ${t.ts} NOT NULL,
    notified_at ${t.ts},
    PRIMARY KEY (domain, reason)
  )${t.strict}`,
  `CREATE INDEX mail_refusals_last_idx ON mail_refusals (last_at)`,
  `CREATE TABLE mail_event_receipts (
    relay ${t.text} NOT NULL CHECK (relay IN ('postmark', 'mailgun', 'resend')),
    event_id ${t.text} NOT NULL CHECK (${t.length}(event_id) BETWEEN 1 AND 200),
    received_at ${t.ts} NOT NULL,
    PRIMARY KEY (relay, event_id)
  )${t.strict}`,
  `CREATE INDEX mail_event_receipts_received_idx ON mail_event_receipts (received_at)`,
];

export const bounceReasonsAndRefusals: Migration = {
  version: 25,
  name: 'bounce reasons, refusals of our mail, relay event receipts, outbox ids never reused',
  postgres: [
    `ALTER TABLE outbox DROP CONSTRAINT outbox_feedback_check`,
    `ALTER TABLE outbox ADD CONSTRAINT outbox_feedback_check CHECK (feedback IS NULL OR feedback IN (${WIDER_FEEDBACK_KINDS})) NOT VALID`,
    ...tables(PG),
  ],
  sqlite: [
    `INSERT INTO sqlite_sequence (name, seq) SELECT 'outbox', COALESCE(MAX(id), 0) FROM outbox
      WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'outbox')`,
    ...tables(SQLITE),
  ],
  sqliteSchemaEdits: [
    {
      table: 'outbox',
      replace: [
        ['id INTEGER PRIMARY KEY,', 'id INTEGER PRIMARY KEY AUTOINCREMENT,'],
        [`feedback IN (${FEEDBACK_KINDS})`, `feedback IN (${WIDER_FEEDBACK_KINDS})`],
      ],
    },
  ],
};

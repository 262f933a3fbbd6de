import type { Migration } from './ddl';

// Migration 13: the indexes the console's reads need at a million sign-ups (docs/performance.md, bench:console).
// On PostgreSQL each is built CONCURRENTLY, outside a transaction, so sign-ups keep being written while it builds; a
// build that dies is dropped and started again by the migrator. On SQLite they are built in one transaction, which holds
// the one writer for its length (measured in docs/performance.md).
//
// - Search by part of an address: trigrams (pg_trgm on PostgreSQL, where `email LIKE '%part%'` uses the index; on SQLite
//   an FTS5 table with the trigram tokenizer, contentless, that the sign-up store keeps in step).
// - The rows not yet in the kept counts (few at any moment), a company's people in sign-up order, people by role and by
//   follow-up status in sign-up order, the
//   opted-out ones; the outbox's unsent rows, what was sent recently, and webhook deliveries per endpoint.
const common = (concurrently: string) => [
  `CREATE INDEX ${concurrently}IF NOT EXISTS waitlist_signups_uncounted_idx ON waitlist_signups (id) WHERE counted = 0`,
  `CREATE INDEX ${concurrently}IF NOT EXISTS waitlist_signups_company_created_idx ON waitlist_signups (company_domain, created_at, id)`,
  `CREATE INDEX ${concurrently}IF NOT EXISTS waitlist_signups_role_created_idx ON waitlist_signups (role, created_at, id)`,
  `CREATE INDEX ${concurrently}IF NOT EXISTS waitlist_signups_status_created_idx ON waitlist_signups (status, created_at, id)`,
  `CREATE INDEX ${concurrently}IF NOT EXISTS waitlist_signups_opted_out_idx ON waitlist_signups (created_at, id) WHERE marketing_opt_out_at IS NOT NULL`,
  `CREATE INDEX ${concurrently}IF NOT EXISTS outbox_unsent_idx ON outbox (kind, status, created_at) WHERE status <> 'sent'`,
  `CREATE INDEX ${concurrently}IF NOT EXISTS outbox_sent_at_idx ON outbox (kind, sent_at) WHERE sent_at IS NOT NULL`,
  `CREATE INDEX ${concurrently}IF NOT EXISTS outbox_webhook_idx ON outbox (target, status, id) WHERE kind = 'webhook'`,
];

export const indexesForAMillion: Migration = {
  version: 13,
  name: 'indexes for the console at a million sign-ups: trigram search, companies, roles, the outbox',
  outsideTransaction: true,
  postgres: [
    `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    `CREATE INDEX CONCURRENTLY IF NOT EXISTS waitlist_signups_email_trgm_idx ON waitlist_signups USING gin (email gin_trgm_ops)`,
    ...common('CONCURRENTLY '),
    // Replaced by the company and status indexes above (the company one served only rows not on free mail, so a filter
    // by company never used it; the status one could not give a status's people in sign-up order).
    `DROP INDEX CONCURRENTLY IF EXISTS waitlist_signups_company_idx`,
    `DROP INDEX CONCURRENTLY IF EXISTS waitlist_signups_status_idx`,
  ],
  sqlite: [
    `CREATE VIRTUAL TABLE signup_email_search USING fts5(email, content='', contentless_delete=1, tokenize='trigram')`,
    `INSERT INTO signup_email_search (rowid, email) SELECT id, email FROM waitlist_signups`,
    ...common(''),
    `DROP INDEX IF EXISTS waitlist_signups_company_idx`,
    `DROP INDEX IF EXISTS waitlist_signups_status_idx`,
  ],
};

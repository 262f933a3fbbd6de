import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 27: the founders' CRM (issue 49; docs/decisions/0046-crm-sync.md).
// - crm_connections: at most one row (id 1): the provider, its token sealed under the secrets key (lib/secret-box.ts),
//   who goes there (a rule or a saved segment) and which property each field goes to, as JSON text.
// - crm_contacts: the CRM's record id of each person pushed there, so an erasure can delete it there without keeping the
//   address, and a change updates that record instead of making another; with a hash of what was sent, so a sweep
//   (a new rule, new fit weights, the daily catch-up) sends only what changed.
// - crm_companies: the CRM's company (organisation) of each work domain, so a domain is looked up there once.
// - crm_attempts: the latest exchanges with the CRM and its answers, as the console lists them (the newest 200 kept).
// - outbox.kind 'crm': a person to bring up to date there (topic crm.sync, signup_id), a record to erase there
//   (crm.delete, the record id in the payload: the person's row is gone by then), or a sweep that queues everyone
//   the rule selects (crm.sweep).
const tables = (t: Ddl) => [
  `CREATE TABLE crm_connections (
    id ${t.int} PRIMARY KEY CHECK (id = 1),
    provider ${t.text} NOT NULL CHECK (provider IN ('hubspot', 'pipedrive')),
    token ${t.text} NOT NULL,
    token_hint ${t.text} NOT NULL,
    company_domain ${t.text},
    audience ${t.text} NOT NULL${t.jsonCheck('audience')},
    fields ${t.text} NOT NULL${t.jsonCheck('fields')},
    connected_by ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    connected_at ${t.ts} NOT NULL,
    last_sync_at ${t.ts},
    last_error ${t.text}
  )${t.strict}`,
  `CREATE TABLE crm_contacts (
    signup_id ${t.bigint} PRIMARY KEY REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    provider ${t.text} NOT NULL CHECK (provider IN ('hubspot', 'pipedrive')),
    crm_id ${t.text} NOT NULL,
    pushed_hash ${t.text} NOT NULL,
    pushed_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE TABLE crm_companies (
    provider ${t.text} NOT NULL CHECK (provider IN ('hubspot', 'pipedrive')),
    domain ${t.text} NOT NULL,
    crm_id ${t.text} NOT NULL,
    PRIMARY KEY (provider, domain)
  )${t.strict}`,
  `CREATE TABLE crm_attempts (
    id ${t.id},
    at ${t.ts} NOT NULL,
    action ${t.text} NOT NULL CHECK (action IN ('check', 'properties', 'push', 'delete')),
    people ${t.int} NOT NULL,
    outcome ${t.text} NOT NULL CHECK (outcome IN ('ok', 'retry', 'failed')),
    answer ${t.text} NOT NULL
  )${t.strict}`,
  `CREATE INDEX outbox_crm_due_idx ON outbox (signup_id, id) WHERE kind = 'crm' AND status = 'pending'`,
];

export const crmMigration: Migration = {
  version: 27,
  name: 'crm_connections, crm_contacts, crm_companies, crm_attempts; outbox kind crm',
  postgres: [
    `ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check`,
    `ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check CHECK (kind IN ('mail', 'webhook', 'crm'))`,
    ...tables(PG),
  ],
  sqlite: tables(SQLITE),
  sqliteSchemaEdits: [
    { table: 'outbox', replace: [["CHECK (kind IN ('mail', 'webhook'))", "CHECK (kind IN ('mail', 'webhook', 'crm'))"]] },
  ],
};

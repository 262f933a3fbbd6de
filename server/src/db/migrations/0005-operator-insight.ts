import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 5: operator insight (docs/decisions/0009-operator-insight.md): attribution, company, follow-up status
// and notes, cookieless visit counts, operators' mail settings. free_mail is 0/1 in both dialects (one encoding).
const FOLLOW_UP_STATUSES = `('new', 'contacted', 'invited', 'joined', 'declined')`;
const operatorInsightStatements = (t: Ddl) => [
  ...['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'referrer_origin', 'landing_path'].map(
    (column) => `ALTER TABLE waitlist_signups ADD COLUMN ${column} ${t.text} CHECK (${column} IS NULL OR ${t.length}(${column}) <= 200)`,
  ),
  `ALTER TABLE waitlist_signups ADD COLUMN company_domain ${t.text}`,
  `ALTER TABLE waitlist_signups ADD COLUMN free_mail ${t === PG ? 'smallint' : 'INTEGER'} NOT NULL DEFAULT 0 CHECK (free_mail IN (0, 1))`,
  `ALTER TABLE waitlist_signups ADD COLUMN status ${t.text} NOT NULL DEFAULT 'new' CONSTRAINT waitlist_signups_status_check CHECK (status IN ${FOLLOW_UP_STATUSES})`,
  `CREATE INDEX waitlist_signups_company_idx ON waitlist_signups (company_domain) WHERE free_mail = 0`,
  `CREATE INDEX waitlist_signups_status_idx ON waitlist_signups (status, id)`,
  `CREATE TABLE signup_notes (
    id ${t.id},
    signup_id ${t.bigint} NOT NULL REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    author ${t.text} NOT NULL,
    body ${t.text} NOT NULL CHECK (${t.length}(body) BETWEEN 1 AND 2000),
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `CREATE INDEX signup_notes_signup_idx ON signup_notes (signup_id, id)`,
  `CREATE TABLE signup_status_log (
    id ${t.id},
    signup_id ${t.bigint} NOT NULL,
    from_status ${t.text} NOT NULL,
    to_status ${t.text} NOT NULL CHECK (to_status IN ${FOLLOW_UP_STATUSES}),
    operator_id ${t.bigint} NOT NULL,
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `CREATE INDEX signup_status_log_signup_idx ON signup_status_log (signup_id, id)`,
  `CREATE TABLE visit_counts (
    day ${t.text} NOT NULL,
    dimension ${t.text} NOT NULL CHECK (dimension IN ('all', 'path', 'source', 'campaign', 'referrer')),
    value ${t.text} NOT NULL,
    views ${t.int} NOT NULL DEFAULT 0,
    visitors ${t.int} NOT NULL DEFAULT 0,
    PRIMARY KEY (day, dimension, value)
  )${t.strict}`,
  `CREATE TABLE visit_seen (day ${t.text} NOT NULL, visitor ${t.text} NOT NULL, scope ${t.text} NOT NULL, PRIMARY KEY (day, visitor, scope))${t.strict}`,
  `CREATE TABLE visit_salts (day ${t.text} PRIMARY KEY, salt ${t.text} NOT NULL)${t.strict}`,
  `ALTER TABLE operators ADD COLUMN notify_on_confirm ${t === PG ? 'smallint' : 'INTEGER'} NOT NULL DEFAULT 1 CHECK (notify_on_confirm IN (0, 1))`,
  `ALTER TABLE operators ADD COLUMN notify_digest ${t === PG ? 'smallint' : 'INTEGER'} NOT NULL DEFAULT 1 CHECK (notify_digest IN (0, 1))`,
  `CREATE TABLE operator_digests (day ${t.text} PRIMARY KEY, queued_at ${t.ts} NOT NULL DEFAULT ${t.now})${t.strict}`,
];
export const operatorInsight: Migration = {
  version: 5,
  name: 'attribution, company, follow-up status and notes; visit counts; operator mail settings',
  postgres: operatorInsightStatements(PG),
  sqlite: operatorInsightStatements(SQLITE),
};

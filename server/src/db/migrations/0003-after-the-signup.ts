import {
  CHECK_CONSTRAINTS,
  COMPANY_SIZE_OPTIONS,
  EMAIL_MAX_LENGTH,
  EMAIL_UNIQUE_CONSTRAINT,
  OTHER_OUTCOME_MAX_LENGTH,
  ROLE_OPTIONS,
} from '@waitlist/contract';
import { ISO_NOW, PG, SQLITE, list, outcomeTrigger, type Ddl, type Migration } from './ddl';

// Migration 3: what a sign-up needs after its row is written (docs/decisions/0007-outbox-and-self-service-links.md).
const LOCALES = `('en', 'sv')`;
/**
 * SQLite reuses the highest rowid after it is deleted, so an erased person's id could pass to the next sign-up
 * and their audit entries with it. AUTOINCREMENT forbids reuse; adding it means rebuilding the table (the
 * documented 12-step way), keeping idempotency keys that would otherwise cascade away with the old table.
 */
const sqliteRebuildSignups = [
  `CREATE TEMP TABLE idempotency_keys_keep AS SELECT * FROM idempotency_keys`,
  `CREATE TABLE waitlist_signups_next (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL,
    role TEXT NOT NULL,
    company_size TEXT NOT NULL,
    desired_outcomes TEXT NOT NULL,
    other_outcome TEXT,
    consented_at TEXT NOT NULL DEFAULT ${ISO_NOW},
    privacy_policy_version TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT ${ISO_NOW},
    confirmed_at TEXT,
    marketing_opt_out_at TEXT,
    locale TEXT NOT NULL DEFAULT 'en',
    confirmation_sent_at TEXT,
    CONSTRAINT ${EMAIL_UNIQUE_CONSTRAINT} UNIQUE (email),
    CONSTRAINT ${CHECK_CONSTRAINTS.email} CHECK (email = lower(trim(email)) AND length(email) <= ${EMAIL_MAX_LENGTH} AND email GLOB '?*@?*.?*' AND email NOT GLOB '*[ 	]*' AND email NOT GLOB '*@*@*'),
    CONSTRAINT ${CHECK_CONSTRAINTS.role} CHECK (role IN (${list(ROLE_OPTIONS)})),
    CONSTRAINT ${CHECK_CONSTRAINTS.company_size} CHECK (company_size IN (${list(COMPANY_SIZE_OPTIONS)})),
    CONSTRAINT ${CHECK_CONSTRAINTS.desired_outcomes} CHECK (json_valid(desired_outcomes) AND json_type(desired_outcomes) = 'array' AND json_array_length(desired_outcomes) > 0),
    CONSTRAINT ${CHECK_CONSTRAINTS.other_outcome} CHECK (other_outcome IS NULL OR length(other_outcome) <= ${OTHER_OUTCOME_MAX_LENGTH}),
    CONSTRAINT ${CHECK_CONSTRAINTS.locale} CHECK (locale IN ${LOCALES})
  ) STRICT`,
  `INSERT INTO waitlist_signups_next (id, email, role, company_size, desired_outcomes, other_outcome, consented_at, privacy_policy_version, created_at)
    SELECT id, email, role, company_size, desired_outcomes, other_outcome, consented_at, privacy_policy_version, created_at FROM waitlist_signups`,
  `DROP TABLE waitlist_signups`,
  `ALTER TABLE waitlist_signups_next RENAME TO waitlist_signups`,
  `INSERT INTO idempotency_keys SELECT * FROM idempotency_keys_keep WHERE signup_id IS NULL OR signup_id IN (SELECT id FROM waitlist_signups)`,
  `DROP TABLE idempotency_keys_keep`,
  outcomeTrigger('INSERT'),
  outcomeTrigger('UPDATE'),
  `CREATE INDEX waitlist_signups_created_at_id_idx ON waitlist_signups (created_at, id)`,
  `CREATE INDEX waitlist_signups_email_id_idx ON waitlist_signups (email, id)`,
];

const afterTheSignupTables = (t: Ddl) => [
  `CREATE INDEX waitlist_signups_unconfirmed_idx ON waitlist_signups (confirmation_sent_at) WHERE confirmed_at IS NULL`,
  `CREATE TABLE outbox (
    id ${t.id},
    kind ${t.text} NOT NULL CHECK (kind IN ('mail', 'webhook')),
    topic ${t.text} NOT NULL CHECK (${t.length}(topic) BETWEEN 1 AND 64),
    signup_id ${t.bigint} REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    payload ${t.text} NOT NULL DEFAULT '{}'${t.jsonCheck('payload')},
    status ${t.text} NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
    attempts ${t.int} NOT NULL DEFAULT 0,
    next_attempt_at ${t.ts} NOT NULL DEFAULT ${t.now},
    last_error ${t.text},
    locked_by ${t.text},
    locked_until ${t.ts},
    created_at ${t.ts} NOT NULL DEFAULT ${t.now},
    sent_at ${t.ts}
  )${t.strict}`,
  `CREATE INDEX outbox_due_idx ON outbox (kind, next_attempt_at, id) WHERE status = 'pending'`,
  `CREATE INDEX outbox_signup_idx ON outbox (signup_id, id)`,
  `CREATE TABLE person_tokens (
    hash ${t.text} PRIMARY KEY,
    purpose ${t.text} NOT NULL CHECK (purpose IN ('confirm', 'manage', 'unsubscribe')),
    signup_id ${t.bigint} NOT NULL REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    expires_at ${t.ts} NOT NULL,
    used_at ${t.ts},
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `CREATE INDEX person_tokens_signup_idx ON person_tokens (signup_id)`,
  `CREATE INDEX person_tokens_expires_at_idx ON person_tokens (expires_at)`,
  `CREATE TABLE erased_signup_counts (
    day ${t.text} NOT NULL,
    dimension ${t.text} NOT NULL,
    value ${t.text} NOT NULL,
    count ${t.int} NOT NULL,
    PRIMARY KEY (day, dimension, value)
  )${t.strict}`,
  `CREATE TABLE person_audit_log (
    id ${t.id},
    action ${t.text} NOT NULL CHECK (action IN ('confirm', 'unsubscribe', 'export', 'correct', 'erase', 'expire', 'data-link')),
    actor ${t.text} NOT NULL CHECK (actor IN ('person', 'system', 'operator')),
    signup_id ${t.bigint},
    fields ${t.text},
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `CREATE INDEX person_audit_log_created_at_idx ON person_audit_log (created_at)`,
];

export const afterTheSignup: Migration = {
  version: 3,
  name: 'sign-up confirmation, opt-out and locale; outbox; person_tokens; erased_signup_counts; person_audit_log',
  postgres: [
    `ALTER TABLE waitlist_signups ADD COLUMN confirmed_at timestamptz`,
    `ALTER TABLE waitlist_signups ADD COLUMN marketing_opt_out_at timestamptz`,
    `ALTER TABLE waitlist_signups ADD COLUMN locale text NOT NULL DEFAULT 'en' CONSTRAINT ${CHECK_CONSTRAINTS.locale} CHECK (locale IN ${LOCALES})`,
    `ALTER TABLE waitlist_signups ADD COLUMN confirmation_sent_at timestamptz`,
    ...afterTheSignupTables(PG),
  ],
  sqlite: [...sqliteRebuildSignups, ...afterTheSignupTables(SQLITE)],
};

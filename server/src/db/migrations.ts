import { sql, type Kysely } from 'kysely';
import {
  CHECK_CONSTRAINTS,
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  EMAIL_MAX_LENGTH,
  EMAIL_UNIQUE_CONSTRAINT,
  OTHER_OUTCOME_MAX_LENGTH,
  ROLE_OPTIONS,
} from '@waitlist/contract';
import type { DialectName } from './connection';
import type { Schema } from './schema';

/**
 * Versioned migrations, one SQL list per dialect. The option lists in the CHECK constraints come from the
 * contract, so the database can never accept a value the form cannot offer.
 * Append new versions; never edit an applied one.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string[];
  postgres: string[];
}

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;
const list = (values: readonly string[]) => values.map(quote).join(', ');

const signupsChecksPostgres = [
  `CONSTRAINT ${CHECK_CONSTRAINTS.email} CHECK (email = lower(btrim(email)) AND char_length(email) <= ${EMAIL_MAX_LENGTH} AND email ~ '^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]+$')`,
  `CONSTRAINT ${CHECK_CONSTRAINTS.role} CHECK (role IN (${list(ROLE_OPTIONS)}))`,
  `CONSTRAINT ${CHECK_CONSTRAINTS.company_size} CHECK (company_size IN (${list(COMPANY_SIZE_OPTIONS)}))`,
  `CONSTRAINT ${CHECK_CONSTRAINTS.desired_outcomes} CHECK (cardinality(desired_outcomes) > 0 AND desired_outcomes <@ ARRAY[${list(DESIRED_OUTCOME_OPTIONS)}]::text[])`,
  `CONSTRAINT ${CHECK_CONSTRAINTS.other_outcome} CHECK (other_outcome IS NULL OR char_length(other_outcome) <= ${OTHER_OUTCOME_MAX_LENGTH})`,
];

const outcomeTrigger = (event: 'INSERT' | 'UPDATE') => `
  CREATE TRIGGER ${CHECK_CONSTRAINTS.desired_outcomes}_${event.toLowerCase()}
  BEFORE ${event} ON waitlist_signups
  WHEN EXISTS (SELECT 1 FROM json_each(NEW.desired_outcomes) WHERE type <> 'text' OR value NOT IN (${list(DESIRED_OUTCOME_OPTIONS)}))
  BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: ${CHECK_CONSTRAINTS.desired_outcomes}'); END`;

// Migration 3: what a sign-up needs after its row is written (docs/decisions/0007-outbox-and-self-service-links.md).
const ISO_NOW = `(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;
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

/** Column types of each dialect, so a table is written once for both (STRICT SQLite tables, PostgreSQL types). */
interface Ddl {
  id: string;
  bigint: string;
  int: string;
  text: string;
  ts: string;
  now: string;
  length: string;
  /** SQLite checks JSON text; PostgreSQL stores it as text the code wrote. */
  jsonCheck: (column: string) => string;
  strict: string;
}
const PG: Ddl = {
  id: 'bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY',
  bigint: 'bigint',
  int: 'integer',
  text: 'text',
  ts: 'timestamptz',
  now: 'now()',
  length: 'char_length',
  jsonCheck: () => '',
  strict: '',
};
const SQLITE: Ddl = {
  id: 'INTEGER PRIMARY KEY',
  bigint: 'INTEGER',
  int: 'INTEGER',
  text: 'TEXT',
  ts: 'TEXT',
  now: ISO_NOW,
  length: 'length',
  jsonCheck: (column) => ` CHECK (json_valid(${column}))`,
  strict: ' STRICT',
};

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

const afterTheSignup: Migration = {
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

// Migration 4: webhooks go through the outbox (docs/decisions/0008-webhooks.md). A webhook row has no signup_id
// (erasing the person must not cascade away the signup.erased event); subject_id keeps its events in order.
const webhookColumns = (t: Ddl) => [
  `ALTER TABLE outbox ADD COLUMN subject_id ${t.bigint}`,
  `ALTER TABLE outbox ADD COLUMN target ${t.text}`,
  `CREATE INDEX outbox_subject_idx ON outbox (subject_id, id) WHERE kind = 'webhook'`,
];
const webhooksInTheOutbox: Migration = {
  version: 4,
  name: 'outbox: subject_id and target for webhook deliveries',
  postgres: webhookColumns(PG),
  sqlite: webhookColumns(SQLITE),
};

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
const operatorInsight: Migration = {
  version: 5,
  name: 'attribution, company, follow-up status and notes; visit counts; operator mail settings',
  postgres: operatorInsightStatements(PG),
  sqlite: operatorInsightStatements(SQLITE),
};

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'create waitlist_signups and idempotency_keys',
    postgres: [
      `CREATE TABLE waitlist_signups (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL,
        role text NOT NULL,
        company_size text NOT NULL,
        desired_outcomes text[] NOT NULL,
        other_outcome text,
        consented_at timestamptz NOT NULL DEFAULT now(),
        privacy_policy_version text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ${EMAIL_UNIQUE_CONSTRAINT} UNIQUE (email),
        ${signupsChecksPostgres.join(',\n        ')}
      )`,
      `CREATE INDEX waitlist_signups_created_at_id_idx ON waitlist_signups (created_at, id)`,
      `CREATE TABLE idempotency_keys (
        key text PRIMARY KEY,
        request_hash text NOT NULL,
        signup_id bigint REFERENCES waitlist_signups (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)`,
    ],
    sqlite: [
      `CREATE TABLE waitlist_signups (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL,
        role TEXT NOT NULL,
        company_size TEXT NOT NULL,
        desired_outcomes TEXT NOT NULL,
        other_outcome TEXT,
        consented_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        privacy_policy_version TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        CONSTRAINT ${EMAIL_UNIQUE_CONSTRAINT} UNIQUE (email),
        CONSTRAINT ${CHECK_CONSTRAINTS.email} CHECK (email = lower(trim(email)) AND length(email) <= ${EMAIL_MAX_LENGTH} AND email GLOB '?*@?*.?*' AND email NOT GLOB '*[ 	]*' AND email NOT GLOB '*@*@*'),
        CONSTRAINT ${CHECK_CONSTRAINTS.role} CHECK (role IN (${list(ROLE_OPTIONS)})),
        CONSTRAINT ${CHECK_CONSTRAINTS.company_size} CHECK (company_size IN (${list(COMPANY_SIZE_OPTIONS)})),
        CONSTRAINT ${CHECK_CONSTRAINTS.desired_outcomes} CHECK (json_valid(desired_outcomes) AND json_type(desired_outcomes) = 'array' AND json_array_length(desired_outcomes) > 0),
        CONSTRAINT ${CHECK_CONSTRAINTS.other_outcome} CHECK (other_outcome IS NULL OR length(other_outcome) <= ${OTHER_OUTCOME_MAX_LENGTH})
      ) STRICT`,
      outcomeTrigger('INSERT'),
      outcomeTrigger('UPDATE'),
      `CREATE INDEX waitlist_signups_created_at_id_idx ON waitlist_signups (created_at, id)`,
      `CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        request_hash TEXT NOT NULL,
        signup_id INTEGER REFERENCES waitlist_signups (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT`,
      `CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)`,
    ],
  },
  {
    version: 2,
    name: 'create operators, operator_sessions, operator_login_throttle and admin_audit_log',
    postgres: [
      `CREATE TABLE operators (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(btrim(email))),
        password_hash text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE operator_sessions (
        token_hash text PRIMARY KEY,
        operator_id bigint NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL
      )`,
      `CREATE INDEX operator_sessions_expires_at_idx ON operator_sessions (expires_at)`,
      `CREATE TABLE operator_login_throttle (
        account_key text PRIMARY KEY,
        failures integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE TABLE admin_audit_log (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        action text NOT NULL CHECK (action IN ('erase', 'correct', 'export')),
        operator_id bigint NOT NULL,
        signup_id bigint,
        fields text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      `CREATE INDEX waitlist_signups_email_id_idx ON waitlist_signups (email, id)`,
    ],
    sqlite: [
      `CREATE TABLE operators (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE CHECK (email = lower(trim(email))),
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT`,
      `CREATE TABLE operator_sessions (
        token_hash TEXT PRIMARY KEY,
        operator_id INTEGER NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        expires_at TEXT NOT NULL
      ) STRICT`,
      `CREATE INDEX operator_sessions_expires_at_idx ON operator_sessions (expires_at)`,
      `CREATE TABLE operator_login_throttle (
        account_key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT,
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT`,
      `CREATE TABLE admin_audit_log (
        id INTEGER PRIMARY KEY,
        action TEXT NOT NULL CHECK (action IN ('erase', 'correct', 'export')),
        operator_id INTEGER NOT NULL,
        signup_id INTEGER,
        fields TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT`,
      `CREATE INDEX waitlist_signups_email_id_idx ON waitlist_signups (email, id)`,
    ],
  },
  afterTheSignup,
  webhooksInTheOutbox,
  operatorInsight,
];

/** Applies pending migrations in one transaction each; on PostgreSQL an advisory lock serialises N starting copies. */
export async function migrate(db: Kysely<Schema>, dialect: DialectName, list: Migration[] = migrations): Promise<number[]> {
  const applied: number[] = [];
  await db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`SELECT pg_advisory_xact_lock(727274)`.execute(trx);
    await sql
      .raw(
        dialect === 'postgres'
          ? `CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`
          : `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))`,
      )
      .execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('version').execute()).map((r) => Number(r.version)));
    for (const migration of [...list].sort((a, b) => a.version - b.version)) {
      if (done.has(migration.version)) continue;
      for (const statement of migration[dialect]) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: migration.version, name: migration.name }).execute();
      applied.push(migration.version);
    }
  });
  return applied;
}

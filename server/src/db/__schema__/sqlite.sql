index idempotency_keys_created_at_idx ON idempotency_keys
CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)

index operator_sessions_expires_at_idx ON operator_sessions
CREATE INDEX operator_sessions_expires_at_idx ON operator_sessions (expires_at)

index outbox_due_idx ON outbox
CREATE INDEX outbox_due_idx ON outbox (kind, next_attempt_at, id) WHERE status = 'pending'

index outbox_signup_idx ON outbox
CREATE INDEX outbox_signup_idx ON outbox (signup_id, id)

index outbox_subject_idx ON outbox
CREATE INDEX outbox_subject_idx ON outbox (subject_id, id) WHERE kind = 'webhook'

index person_audit_log_created_at_idx ON person_audit_log
CREATE INDEX person_audit_log_created_at_idx ON person_audit_log (created_at)

index person_tokens_expires_at_idx ON person_tokens
CREATE INDEX person_tokens_expires_at_idx ON person_tokens (expires_at)

index person_tokens_signup_idx ON person_tokens
CREATE INDEX person_tokens_signup_idx ON person_tokens (signup_id)

index signup_notes_signup_idx ON signup_notes
CREATE INDEX signup_notes_signup_idx ON signup_notes (signup_id, id)

index signup_status_log_signup_idx ON signup_status_log
CREATE INDEX signup_status_log_signup_idx ON signup_status_log (signup_id, id)

index waitlist_signups_company_idx ON waitlist_signups
CREATE INDEX waitlist_signups_company_idx ON waitlist_signups (company_domain) WHERE free_mail = 0

index waitlist_signups_created_at_id_idx ON waitlist_signups
CREATE INDEX waitlist_signups_created_at_id_idx ON waitlist_signups (created_at, id)

index waitlist_signups_email_id_idx ON waitlist_signups
CREATE INDEX waitlist_signups_email_id_idx ON waitlist_signups (email, id)

index waitlist_signups_status_idx ON waitlist_signups
CREATE INDEX waitlist_signups_status_idx ON waitlist_signups (status, id)

index waitlist_signups_unconfirmed_idx ON waitlist_signups
CREATE INDEX waitlist_signups_unconfirmed_idx ON waitlist_signups (confirmation_sent_at) WHERE confirmed_at IS NULL

table admin_audit_log ON admin_audit_log
CREATE TABLE admin_audit_log (
        id INTEGER PRIMARY KEY,
        action TEXT NOT NULL CHECK (action IN ('erase', 'correct', 'export')),
        operator_id INTEGER NOT NULL,
        signup_id INTEGER,
        fields TEXT,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT

table erased_signup_counts ON erased_signup_counts
CREATE TABLE erased_signup_counts (
    day TEXT NOT NULL,
    dimension TEXT NOT NULL,
    value TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (day, dimension, value)
  ) STRICT

table idempotency_keys ON idempotency_keys
CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        request_hash TEXT NOT NULL,
        signup_id INTEGER REFERENCES waitlist_signups (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT

table operator_digests ON operator_digests
CREATE TABLE operator_digests (day TEXT PRIMARY KEY, queued_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))) STRICT

table operator_login_throttle ON operator_login_throttle
CREATE TABLE operator_login_throttle (
        account_key TEXT PRIMARY KEY,
        failures INTEGER NOT NULL DEFAULT 0,
        locked_until TEXT,
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT

table operator_sessions ON operator_sessions
CREATE TABLE operator_sessions (
        token_hash TEXT PRIMARY KEY,
        operator_id INTEGER NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        last_seen_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        expires_at TEXT NOT NULL
      ) STRICT

table operators ON operators
CREATE TABLE operators (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL UNIQUE CHECK (email = lower(trim(email))),
        password_hash TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      , notify_on_confirm INTEGER NOT NULL DEFAULT 1 CHECK (notify_on_confirm IN (0, 1)), notify_digest INTEGER NOT NULL DEFAULT 1 CHECK (notify_digest IN (0, 1))) STRICT

table outbox ON outbox
CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('mail', 'webhook')),
    topic TEXT NOT NULL CHECK (length(topic) BETWEEN 1 AND 64),
    signup_id INTEGER REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    payload TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(payload)),
    status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed', 'cancelled')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    last_error TEXT,
    locked_by TEXT,
    locked_until TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    sent_at TEXT
  , subject_id INTEGER, target TEXT) STRICT

table person_audit_log ON person_audit_log
CREATE TABLE person_audit_log (
    id INTEGER PRIMARY KEY,
    action TEXT NOT NULL CHECK (action IN ('confirm', 'unsubscribe', 'export', 'correct', 'erase', 'expire', 'data-link')),
    actor TEXT NOT NULL CHECK (actor IN ('person', 'system', 'operator')),
    signup_id INTEGER,
    fields TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT

table person_tokens ON person_tokens
CREATE TABLE person_tokens (
    hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('confirm', 'manage', 'unsubscribe')),
    signup_id INTEGER NOT NULL REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT

table schema_migrations ON schema_migrations
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')))

table signup_notes ON signup_notes
CREATE TABLE signup_notes (
    id INTEGER PRIMARY KEY,
    signup_id INTEGER NOT NULL REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    author TEXT NOT NULL,
    body TEXT NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT

table signup_status_log ON signup_status_log
CREATE TABLE signup_status_log (
    id INTEGER PRIMARY KEY,
    signup_id INTEGER NOT NULL,
    from_status TEXT NOT NULL,
    to_status TEXT NOT NULL CHECK (to_status IN ('new', 'contacted', 'invited', 'joined', 'declined')),
    operator_id INTEGER NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  ) STRICT

table visit_counts ON visit_counts
CREATE TABLE visit_counts (
    day TEXT NOT NULL,
    dimension TEXT NOT NULL CHECK (dimension IN ('all', 'path', 'source', 'campaign', 'referrer')),
    value TEXT NOT NULL,
    views INTEGER NOT NULL DEFAULT 0,
    visitors INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, dimension, value)
  ) STRICT

table visit_salts ON visit_salts
CREATE TABLE visit_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL) STRICT

table visit_seen ON visit_seen
CREATE TABLE visit_seen (day TEXT NOT NULL, visitor TEXT NOT NULL, scope TEXT NOT NULL, PRIMARY KEY (day, visitor, scope)) STRICT

table waitlist_signups ON waitlist_signups
CREATE TABLE "waitlist_signups" (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL,
    role TEXT NOT NULL,
    company_size TEXT NOT NULL,
    desired_outcomes TEXT NOT NULL,
    other_outcome TEXT,
    consented_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    privacy_policy_version TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    confirmed_at TEXT,
    marketing_opt_out_at TEXT,
    locale TEXT NOT NULL DEFAULT 'en',
    confirmation_sent_at TEXT, utm_source TEXT CHECK (utm_source IS NULL OR length(utm_source) <= 200), utm_medium TEXT CHECK (utm_medium IS NULL OR length(utm_medium) <= 200), utm_campaign TEXT CHECK (utm_campaign IS NULL OR length(utm_campaign) <= 200), utm_content TEXT CHECK (utm_content IS NULL OR length(utm_content) <= 200), utm_term TEXT CHECK (utm_term IS NULL OR length(utm_term) <= 200), referrer_origin TEXT CHECK (referrer_origin IS NULL OR length(referrer_origin) <= 200), landing_path TEXT CHECK (landing_path IS NULL OR length(landing_path) <= 200), company_domain TEXT, free_mail INTEGER NOT NULL DEFAULT 0 CHECK (free_mail IN (0, 1)), status TEXT NOT NULL DEFAULT 'new' CONSTRAINT waitlist_signups_status_check CHECK (status IN ('new', 'contacted', 'invited', 'joined', 'declined')),
    CONSTRAINT waitlist_signups_email_key UNIQUE (email),
    CONSTRAINT waitlist_signups_email_check CHECK (email = lower(trim(email)) AND length(email) <= 254 AND email GLOB '?*@?*.?*' AND email NOT GLOB '*[ 	]*' AND email NOT GLOB '*@*@*'),
    CONSTRAINT waitlist_signups_role_check CHECK (role IN ('Head of Innovation / Innovation Director', 'Innovation Manager / Program Manager', 'Digital Leader / Digital Transformation Lead', 'Project Manager', 'Product Manager', 'R&D Manager / Lead', 'Intrapreneur / Venture Team Member', 'Strategy Lead / Transformation Manager', 'HR / Learning & Development', 'Operations / Process Excellence', 'I''m exploring innovation in my org', 'Consultant / Advisor', 'Other')),
    CONSTRAINT waitlist_signups_company_size_check CHECK (company_size IN ('1-10 employees', '11-50 employees', '51-200 employees', '201-500 employees', '501-1000 employees', '1000+ employees')),
    CONSTRAINT waitlist_signups_desired_outcomes_check CHECK (json_valid(desired_outcomes) AND json_type(desired_outcomes) = 'array' AND json_array_length(desired_outcomes) > 0),
    CONSTRAINT waitlist_signups_other_outcome_check CHECK (other_outcome IS NULL OR length(other_outcome) <= 500),
    CONSTRAINT waitlist_signups_locale_check CHECK (locale IN ('en', 'sv'))
  ) STRICT

trigger waitlist_signups_desired_outcomes_check_insert ON waitlist_signups
CREATE TRIGGER waitlist_signups_desired_outcomes_check_insert
  BEFORE INSERT ON waitlist_signups
  WHEN EXISTS (SELECT 1 FROM json_each(NEW.desired_outcomes) WHERE type <> 'text' OR value NOT IN ('Speed up time-to-market', 'Reduce uncertainty systematically at scale', 'Make innovation efforts more structured', 'Improve cross-functional collaboration', 'Reuse insights', 'Improve productivity for innovation efforts', 'Other'))
  BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: waitlist_signups_desired_outcomes_check'); END

trigger waitlist_signups_desired_outcomes_check_update ON waitlist_signups
CREATE TRIGGER waitlist_signups_desired_outcomes_check_update
  BEFORE UPDATE ON waitlist_signups
  WHEN EXISTS (SELECT 1 FROM json_each(NEW.desired_outcomes) WHERE type <> 'text' OR value NOT IN ('Speed up time-to-market', 'Reduce uncertainty systematically at scale', 'Make innovation efforts more structured', 'Improve cross-functional collaboration', 'Reuse insights', 'Improve productivity for innovation efforts', 'Other'))
  BEGIN SELECT RAISE(ABORT, 'CHECK constraint failed: waitlist_signups_desired_outcomes_check'); END

migration 1: create waitlist_signups and idempotency_keys

migration 2: create operators, operator_sessions, operator_login_throttle and admin_audit_log

migration 3: sign-up confirmation, opt-out and locale; outbox; person_tokens; erased_signup_counts; person_audit_log

migration 4: outbox: subject_id and target for webhook deliveries

migration 5: attribution, company, follow-up status and notes; visit counts; operator mail settings

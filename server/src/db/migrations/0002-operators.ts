import type { Migration } from './ddl';

/** The operator console: accounts, sessions, the sign-in throttle and the audit log (docs/decisions/0004). */
export const operators: Migration = {
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
};

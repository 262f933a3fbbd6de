import { type Ddl, PG, SQLITE, type Migration } from './ddl';

// Migration 15: a console for a team (issue 25; docs/decisions/0022).
// - Operators get a role (owner, member, viewer; everyone before this migration is an owner) and a second factor: a TOTP
//   secret (pending while being enrolled; `totp_last_step`, the last time step used, so a code is accepted once),
//   recovery codes (SHA-256 only, each usable once) and passkeys (WebAuthn credentials: id, public key, counter).
// - WebAuthn challenges wait server-side for their answer, a few minutes at most.
// - An owner invites a teammate by address: the invitation holds the role and the SHA-256 of the link's token (48 h).
// - The audit trail replaces admin_audit_log (its rows are kept): who (operator id and address at the time), when, what,
//   on which sign-up or setting, and the outcome (ok, refused, failed). Append-only: PostgreSQL refuses UPDATE, TRUNCATE
//   and DELETE by trigger, except the retention job's deletion of rows older than its setting (never younger than 30
//   days); SQLite refuses UPDATE and the deletion of rows younger than 30 days.
const ROLES = `('owner', 'member', 'viewer')`;

const tables = (t: Ddl) => [
  `ALTER TABLE operators ADD COLUMN role ${t.text} NOT NULL DEFAULT 'owner' CHECK (role IN ${ROLES})`,
  `ALTER TABLE operators ADD COLUMN totp_secret ${t.text}`,
  `ALTER TABLE operators ADD COLUMN totp_pending_secret ${t.text}`,
  `ALTER TABLE operators ADD COLUMN totp_last_step ${t.bigint} NOT NULL DEFAULT 0`,
  `ALTER TABLE operators ADD COLUMN totp_enabled_at ${t.ts}`,
  `CREATE TABLE operator_recovery_codes (
    code_hash ${t.text} PRIMARY KEY,
    operator_id ${t.bigint} NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
    used_at ${t.ts},
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `CREATE INDEX operator_recovery_codes_operator_idx ON operator_recovery_codes (operator_id)`,
  `CREATE TABLE operator_passkeys (
    id ${t.id},
    operator_id ${t.bigint} NOT NULL REFERENCES operators (id) ON DELETE CASCADE,
    credential_id ${t.text} NOT NULL UNIQUE,
    public_key ${t.text} NOT NULL,
    counter ${t.bigint} NOT NULL DEFAULT 0,
    transports ${t.text} NOT NULL DEFAULT '',
    name ${t.text} NOT NULL CHECK (${t.length}(name) BETWEEN 1 AND 100),
    created_at ${t.ts} NOT NULL DEFAULT ${t.now},
    last_used_at ${t.ts}
  )${t.strict}`,
  `CREATE INDEX operator_passkeys_operator_idx ON operator_passkeys (operator_id)`,
  `CREATE TABLE webauthn_challenges (
    handle_hash ${t.text} PRIMARY KEY,
    purpose ${t.text} NOT NULL CHECK (purpose IN ('register', 'sign-in')),
    operator_id ${t.bigint} REFERENCES operators (id) ON DELETE CASCADE,
    challenge ${t.text} NOT NULL,
    expires_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE INDEX webauthn_challenges_expires_idx ON webauthn_challenges (expires_at)`,
  `CREATE TABLE operator_invitations (
    id ${t.id},
    email ${t.text} NOT NULL CHECK (email = lower(trim(email))),
    role ${t.text} NOT NULL CHECK (role IN ${ROLES}),
    token_hash ${t.text} UNIQUE,
    expires_at ${t.ts} NOT NULL,
    invited_by ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    created_at ${t.ts} NOT NULL DEFAULT ${t.now},
    accepted_at ${t.ts},
    withdrawn_at ${t.ts}
  )${t.strict}`,
  `CREATE UNIQUE INDEX operator_invitations_open_idx ON operator_invitations (email) WHERE accepted_at IS NULL AND withdrawn_at IS NULL`,
  `CREATE TABLE audit_trail (
    id ${t.id},
    created_at ${t.ts} NOT NULL DEFAULT ${t.now},
    operator_id ${t.bigint},
    operator_email ${t.text},
    action ${t.text} NOT NULL CHECK (${t.length}(action) BETWEEN 1 AND 100),
    outcome ${t.text} NOT NULL CHECK (outcome IN ('ok', 'refused', 'failed')),
    signup_id ${t.bigint},
    target ${t.text},
    detail ${t.text}
  )${t.strict}`,
  `CREATE INDEX audit_trail_created_idx ON audit_trail (created_at, id)`,
  `CREATE INDEX audit_trail_operator_idx ON audit_trail (operator_id, created_at, id)`,
  `CREATE INDEX audit_trail_action_idx ON audit_trail (action, created_at, id)`,
  `INSERT INTO audit_trail (created_at, operator_id, operator_email, action, outcome, signup_id, detail)
    SELECT a.created_at, a.operator_id, o.email,
      CASE a.action WHEN 'export' THEN CASE WHEN a.signup_id IS NULL THEN 'signups.export' ELSE 'signup.export' END ELSE 'signup.' || a.action END,
      'ok', a.signup_id, a.fields
    FROM admin_audit_log a LEFT JOIN operators o ON o.id = a.operator_id ORDER BY a.id`,
  `DROP TABLE admin_audit_log`,
];

export const aConsoleForATeam: Migration = {
  version: 15,
  name: 'a console for a team: roles, second factors, passkeys, invitations, the audit trail',
  postgres: [
    ...tables(PG),
    `CREATE FUNCTION audit_trail_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      days text := current_setting('waitlist.audit_retention_days', true);
    BEGIN
      IF TG_OP = 'DELETE' AND days ~ '^[0-9]+$' THEN
        IF OLD.created_at < now() - make_interval(days => greatest(30, days::int)) THEN
          RETURN OLD;
        END IF;
      END IF;
      RAISE EXCEPTION 'the audit trail is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
    END $$`,
    `CREATE TRIGGER audit_trail_append_only BEFORE UPDATE OR DELETE ON audit_trail FOR EACH ROW EXECUTE FUNCTION audit_trail_append_only()`,
    `CREATE TRIGGER audit_trail_no_truncate BEFORE TRUNCATE ON audit_trail FOR EACH STATEMENT EXECUTE FUNCTION audit_trail_append_only()`,
  ],
  sqlite: [
    ...tables(SQLITE),
    `CREATE TRIGGER audit_trail_no_update BEFORE UPDATE ON audit_trail
      BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only (UPDATE refused)'); END`,
    `CREATE TRIGGER audit_trail_no_recent_delete BEFORE DELETE ON audit_trail
      WHEN OLD.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-30 days')
      BEGIN SELECT RAISE(ABORT, 'the audit trail is append-only (DELETE of a recent row refused)'); END`,
  ],
};

import { OPERATOR_ROLES } from '@waitlist/contract';
import { PG, SQLITE, list, type Ddl, type Migration } from './ddl';

// Migration 22: single sign-on to the console with OpenID Connect (issue 37 item 4; docs/decisions/0037).
// - operators.sso_subject: the provider's `iss sub` of the operator, kept at their first sign-in through it; a later
//   sign-in must come with the same subject (an address the provider reassigned is not the same person).
// - sso_domain_roles: the role a newcomer of a domain joins with, set by an owner (OIDC_DEFAULT_ROLE otherwise).
// - sso_policy: one row; `required` = every operator signs in through the provider but the break-glass owner.
// - sso_attempts: a sign-in on its way through the provider (state, nonce and PKCE verifier, 10 minutes), or one that
//   came back and waits for the operator's own second factor (5 minutes); found by the SHA-256 of the browser's cookie,
//   used once.
const singleSignOn = (t: Ddl) => [
  `ALTER TABLE operators ADD COLUMN sso_subject ${t.text}`,
  `CREATE UNIQUE INDEX operators_sso_subject_idx ON operators (sso_subject) WHERE sso_subject IS NOT NULL`,
  `CREATE TABLE sso_domain_roles (
    domain ${t.text} PRIMARY KEY CHECK (${t.length}(domain) BETWEEN 3 AND 253),
    role ${t.text} NOT NULL CHECK (role IN (${list(OPERATOR_ROLES)})),
    updated_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE TABLE sso_policy (
    id ${t.int} PRIMARY KEY CHECK (id = 1),
    required ${t.int} NOT NULL DEFAULT 0 CHECK (required IN (0, 1)),
    break_glass_operator_id ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    updated_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE TABLE sso_attempts (
    key_hash ${t.text} PRIMARY KEY,
    purpose ${t.text} NOT NULL CHECK (purpose IN ('provider', 'second-factor')),
    state ${t.text},
    nonce ${t.text},
    code_verifier ${t.text},
    operator_id ${t.bigint} REFERENCES operators (id) ON DELETE CASCADE,
    created_at ${t.ts} NOT NULL,
    expires_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE INDEX sso_attempts_expires_idx ON sso_attempts (expires_at)`,
];

export const singleSignOnMigration: Migration = {
  version: 22,
  name: 'single sign-on: operators.sso_subject, sso_domain_roles, sso_policy, sso_attempts',
  postgres: singleSignOn(PG),
  sqlite: singleSignOn(SQLITE),
};

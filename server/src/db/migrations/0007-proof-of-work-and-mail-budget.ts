import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 7: the public form can't be turned against us (issue 22, docs/decisions/0017-proof-of-work-and-mail-budget.md).
// - server_secrets: a key every copy shares (the proof-of-work HMAC key when ALTCHA_HMAC_KEY is unset).
// - spent_challenges: a solved challenge counts once (the signature of each, until the challenge expires).
// - outbox.held: a confirmation for a sign-up without proof of work waits here until the mail budget frees it.
// - mail_budgets: the budget itself, one token bucket per name, shared by every copy.
const proofOfWorkAndBudget = (t: Ddl) => [
  `CREATE TABLE server_secrets (
    name ${t.text} PRIMARY KEY CHECK (${t.length}(name) <= 64),
    value ${t.text} NOT NULL CHECK (${t.length}(value) <= 200),
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `CREATE TABLE spent_challenges (
    signature ${t.text} PRIMARY KEY CHECK (${t.length}(signature) <= 128),
    expires_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE INDEX spent_challenges_expires_idx ON spent_challenges (expires_at)`,
  `ALTER TABLE outbox ADD COLUMN held ${t.int} NOT NULL DEFAULT 0 CHECK (held IN (0, 1))`,
  `CREATE INDEX outbox_held_idx ON outbox (id) WHERE held = 1 AND status = 'pending'`,
  `CREATE TABLE mail_budgets (
    name ${t.text} PRIMARY KEY CHECK (${t.length}(name) <= 64),
    tokens ${t === PG ? 'double precision' : 'REAL'} NOT NULL,
    updated_at ${t.ts} NOT NULL
  )${t.strict}`,
];

export const proofOfWorkAndMailBudget: Migration = {
  version: 7,
  name: 'proof of work and the mail budget for unverified sign-ups',
  postgres: proofOfWorkAndBudget(PG),
  sqlite: proofOfWorkAndBudget(SQLITE),
};

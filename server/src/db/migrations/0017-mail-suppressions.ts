import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 17: the suppression list (issue 35 item 3; docs/decisions/0029). An address a relay refused for good, that
// complained, or that an owner suppressed gets no more mail but what the person has just asked for. Kept as a keyed
// hash (HMAC-SHA-256, its key in server_secrets) with the reason, when, and which mail caused it, never the address,
// so it survives the person's erasure and a re-import of the same address.
const suppressions = (t: Ddl) => [
  `CREATE TABLE mail_suppressions (
    address_hash ${t.text} PRIMARY KEY,
    reason ${t.text} NOT NULL CHECK (reason IN ('hard-bounce', 'soft-bounce', 'complaint', 'manual')),
    cause ${t.text} CHECK (cause IS NULL OR ${t.length}(cause) <= 300),
    created_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE INDEX mail_suppressions_reason_idx ON mail_suppressions (reason, created_at)`,
];

export const mailSuppressions: Migration = {
  version: 17,
  name: 'mail_suppressions: addresses that get no more mail, as keyed hashes',
  postgres: suppressions(PG),
  sqlite: suppressions(SQLITE),
};

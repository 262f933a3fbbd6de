import { API_KEY_NAME_MAX_LENGTH } from '@waitlist/contract';
import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 21: scoped API keys (issue 37 item 5; docs/decisions/0036). An owner makes a key with a name, scopes and an
// optional expiry; only its SHA-256 is kept (looked up by it: 256 random bits need no slow hash), with its last four
// characters to tell keys apart. `scopes` is the scopes joined by spaces, as OAuth writes them, checked against
// the contract's list by the service before it is written. A key is revoked, never deleted: the audit trail names it.
const apiKeys = (t: Ddl) => [
  `CREATE TABLE IF NOT EXISTS api_keys (
    id ${t.id},
    name ${t.text} NOT NULL CHECK (${t.length}(name) BETWEEN 1 AND ${API_KEY_NAME_MAX_LENGTH}),
    key_hash ${t.text} NOT NULL UNIQUE,
    key_hint ${t.text} NOT NULL,
    scopes ${t.text} NOT NULL CHECK (scopes <> '' AND ${t.length}(scopes) <= 200),
    created_by ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    created_by_email ${t.text},
    created_at ${t.ts} NOT NULL,
    expires_at ${t.ts},
    last_used_at ${t.ts},
    revoked_at ${t.ts}
  )${t.strict}`,
];

export const apiKeysMigration: Migration = {
  version: 21,
  name: 'api_keys',
  postgres: apiKeys(PG),
  sqlite: apiKeys(SQLITE),
};

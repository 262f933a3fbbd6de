import { type Ddl, PG, SQLITE, type Migration } from './ddl';

// Migration 11: partner codes (issue 23). An operator makes a code for a partner (an event, an accelerator, a
// newsletter) with a label, a claim limit and an expiry; a person not on the list enters it on the site's join page
// and joins confirmed by the code. The code itself is kept only as its SHA-256 (it is shown once, when made); `claims`
// counts the sign-ups it brought and never passes `claim_limit`. A sign-up keeps which code it came with.
const partnerCodes = (t: Ddl) => [
  `CREATE TABLE partner_codes (
    id ${t.id},
    label ${t.text} NOT NULL CHECK (${t.length}(label) BETWEEN 1 AND 200),
    code_hash ${t.text} NOT NULL UNIQUE CHECK (${t.length}(code_hash) = 64),
    code_hint ${t.text} NOT NULL CHECK (${t.length}(code_hint) <= 8),
    claim_limit ${t.bigint} NOT NULL CHECK (claim_limit BETWEEN 1 AND 100000),
    claims ${t.bigint} NOT NULL DEFAULT 0 CHECK (claims >= 0 AND claims <= claim_limit),
    expires_at ${t.ts} NOT NULL,
    revoked_at ${t.ts},
    created_by ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `ALTER TABLE waitlist_signups ADD COLUMN partner_code_id ${t.bigint} REFERENCES partner_codes (id) ON DELETE SET NULL`,
  `CREATE INDEX waitlist_signups_partner_code_idx ON waitlist_signups (partner_code_id) WHERE partner_code_id IS NOT NULL`,
];

export const partnerCodesMigration: Migration = {
  version: 11,
  name: 'partner codes, and the code a sign-up came with',
  postgres: partnerCodes(PG),
  sqlite: partnerCodes(SQLITE),
};

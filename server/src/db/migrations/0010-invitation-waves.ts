import { type Ddl, PG, SQLITE, type Migration } from './ddl';

// Migration 10: from the list to pilots (issue 23).
// - invitation_waves: a named group of invitations, with an optional message of the founders' own in each language.
// - invitations: one per person at most (a person is invited once, whatever the wave); the access code's SHA-256 once
//   they accepted; when the product redeemed it. Erasing the person takes their invitation with them.
// - invitation_links: the SHA-256 of each link token mailed for an invitation (a retried mail adds one; each works
//   until the invitation expires).
const waves = (t: Ddl) => [
  `CREATE TABLE invitation_waves (
    id ${t.id},
    name ${t.text} NOT NULL CHECK (${t.length}(name) BETWEEN 1 AND 200),
    message ${t.text}${t === SQLITE ? ' CHECK (message IS NULL OR json_valid(message))' : ''},
    expires_at ${t.ts} NOT NULL,
    created_by ${t.bigint} REFERENCES operators (id) ON DELETE SET NULL,
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `CREATE TABLE invitations (
    id ${t.id},
    wave_id ${t.bigint} NOT NULL REFERENCES invitation_waves (id) ON DELETE CASCADE,
    signup_id ${t.bigint} NOT NULL UNIQUE REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    code_hash ${t.text} UNIQUE CHECK (code_hash IS NULL OR ${t.length}(code_hash) = 64),
    expires_at ${t.ts} NOT NULL,
    invited_at ${t.ts} NOT NULL,
    accepted_at ${t.ts},
    redeemed_at ${t.ts}
  )${t.strict}`,
  `CREATE INDEX invitations_wave_idx ON invitations (wave_id, id)`,
  `CREATE TABLE invitation_links (
    hash ${t.text} PRIMARY KEY CHECK (${t.length}(hash) = 64),
    invitation_id ${t.bigint} NOT NULL REFERENCES invitations (id) ON DELETE CASCADE,
    created_at ${t.ts} NOT NULL DEFAULT ${t.now}
  )${t.strict}`,
  `CREATE INDEX invitation_links_invitation_idx ON invitation_links (invitation_id)`,
];

export const invitationWaves: Migration = {
  version: 10,
  name: 'invitation waves, invitations and their links',
  postgres: waves(PG),
  sqlite: waves(SQLITE),
};

import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 16: when a session's operator last proved who they are (issue 34 item 3; docs/decisions/0028). Changing
// how one signs in (a passkey, the authenticator, recovery codes, the password) needs a proof within the last five
// minutes: the sign-in itself (`created_at`, so this is NULL until the first proof after it), or the password and
// second factor (or a passkey) given again.
const freshProof = (t: Ddl) => [`ALTER TABLE operator_sessions ADD COLUMN proved_at ${t.ts}`];

export const freshProofMigration: Migration = {
  version: 16,
  name: 'operator_sessions: when the operator last proved who they are',
  postgres: freshProof(PG),
  sqlite: freshProof(SQLITE),
};

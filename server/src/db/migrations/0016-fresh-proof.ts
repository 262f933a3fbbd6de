import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 16: when a session's operator last proved who they are, and whether a viewer sees whole addresses (issue 34 item 3; docs/decisions/0028). Changing
// how one signs in (a passkey, the authenticator, recovery codes, the password) needs a proof within the last five
// minutes: the sign-in itself (`created_at`, so this is NULL until the first proof after it), or the password and
// second factor (or a passkey) given again.
const freshProof = (t: Ddl) => [
  `ALTER TABLE operator_sessions ADD COLUMN proved_at ${t.ts}`,
  // Issue 34 item 5: a viewer sees addresses masked unless an owner lets them see them whole.
  `ALTER TABLE operators ADD COLUMN sees_addresses ${t === PG ? 'smallint' : 'INTEGER'} NOT NULL DEFAULT 0 CHECK (sees_addresses IN (0, 1))`,
];

export const freshProofMigration: Migration = {
  version: 16,
  name: 'operator_sessions: when the operator last proved who they are; operators: whether a viewer sees whole addresses',
  postgres: freshProof(PG),
  sqlite: freshProof(SQLITE),
};

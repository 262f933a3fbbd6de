import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 26: single sign-on that cannot be borrowed (issue 47 items 1, 2; docs/decisions/0043).
// - operator_removals: an operator an owner removed, by address and by the provider's subject they last signed in
//   with. Neither joins again through the provider (by an allowed domain) until an owner invites the address again or
//   adds it on the command line, which deletes the row.
// - sso_attempts.invitation_id: a sign-in through the provider started from an invitation's own link (its token
//   proved). It joins the person with the invitation's role whatever address the provider gives, and only then.
// - signup_meetings.unreferenced: a booking that came without our reference and was matched by the address the booker
//   typed, accepted only for someone offered the call (issue 47 item 5); the console marks it.
const tables = (t: Ddl) => [
  `CREATE TABLE operator_removals (
    email ${t.text} PRIMARY KEY CHECK (${t.length}(email) BETWEEN 3 AND 320),
    sso_subject ${t.text},
    removed_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE INDEX operator_removals_subject_idx ON operator_removals (sso_subject) WHERE sso_subject IS NOT NULL`,
  `ALTER TABLE sso_attempts ADD COLUMN invitation_id ${t.bigint} REFERENCES operator_invitations (id) ON DELETE CASCADE`,
  `ALTER TABLE signup_meetings ADD COLUMN unreferenced ${t.int} NOT NULL DEFAULT 0 CHECK (unreferenced IN (0, 1))`,
];

export const removedOperators: Migration = {
  version: 26,
  name: 'operator_removals, sso_attempts.invitation_id, signup_meetings.unreferenced',
  postgres: tables(PG),
  sqlite: tables(SQLITE),
};

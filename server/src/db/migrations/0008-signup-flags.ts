import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 8: why a sign-up may deserve a second look (issue 22's review queue): a space-separated set of words
// from contract/src/admin.ts SIGNUP_FLAGS, empty for most rows.
const signupFlags = (t: Ddl) => [
  `ALTER TABLE waitlist_signups ADD COLUMN flags ${t.text} NOT NULL DEFAULT '' CHECK (${t.length}(flags) <= 200)`,
  `CREATE INDEX waitlist_signups_flagged_idx ON waitlist_signups (created_at, id) WHERE flags <> ''`,
];

export const signupFlagsMigration: Migration = {
  version: 8,
  name: 'waitlist_signups.flags: the review queue',
  postgres: signupFlags(PG),
  sqlite: signupFlags(SQLITE),
};

import type { Migration } from './ddl';

// Migration 12: whether a sign-up is already in the console's kept counts (migration 14, db/stores/signup-counts.ts).
// The rows already on the list are counted when migration 14 builds the counts from them; a new row arrives uncounted
// and is folded in soon after (by the next console read or a minute's housekeeping), so the sign-up's own insert
// never waits on a shared counter. Adding the column rewrites nothing: PostgreSQL keeps the default in the catalogue,
// and its default for new rows is then 0, so even a copy still running the code before this migration inserts rows
// that will be counted. SQLite cannot change a column's default: the sign-up store always writes 0 itself.
export const countedSignups: Migration = {
  version: 12,
  name: 'sign-ups know whether they are in the kept counts',
  postgres: [
    `ALTER TABLE waitlist_signups ADD COLUMN counted smallint NOT NULL DEFAULT 1`,
    `ALTER TABLE waitlist_signups ALTER COLUMN counted SET DEFAULT 0`,
  ],
  sqlite: [`ALTER TABLE waitlist_signups ADD COLUMN counted INTEGER NOT NULL DEFAULT 1`],
};

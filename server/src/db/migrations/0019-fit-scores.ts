import { DEFAULT_FIT_WEIGHTS } from '@waitlist/contract';
import { PG, SQLITE, type Migration } from './ddl';

// Migration 19: the fit score (issue 36 item 2; docs/decisions/0031). Each sign-up keeps its score (0-100); fit_rules
// keeps every version of the weights an owner set (the newest is in force) and how far the rescoring after it came.
// The score's index serves the list sorted by fit and the short list. On PostgreSQL the columns are added with a
// constant default (no rewrite) and the index is built CONCURRENTLY, so sign-ups keep being written.
const rules = (id: string, ts: string, strict: string) => `CREATE TABLE IF NOT EXISTS fit_rules (
    version ${id},
    weights TEXT NOT NULL,
    created_by ${ts === 'TEXT' ? 'INTEGER' : 'bigint'},
    created_at ${ts} NOT NULL,
    rescored_through ${ts === 'TEXT' ? 'INTEGER' : 'bigint'} NOT NULL DEFAULT 0
  )${strict}`;

// The defaults are version 1 (set by nobody): every sign-up already on the list is scored by the first walk after the
// upgrade (services/fit-rules.ts), in ranges of ids, while the server serves.
const defaults = (now: string) =>
  `INSERT INTO fit_rules (weights, created_at) SELECT '${JSON.stringify(DEFAULT_FIT_WEIGHTS).replace(/'/g, "''")}', ${now} WHERE NOT EXISTS (SELECT 1 FROM fit_rules)`;

export const fitScores: Migration = {
  version: 19,
  name: 'waitlist_signups.fit_score, fit_rules',
  outsideTransaction: true,
  postgres: [
    `ALTER TABLE waitlist_signups ADD COLUMN IF NOT EXISTS fit_score smallint NOT NULL DEFAULT 0 CHECK (fit_score BETWEEN 0 AND 100)`,
    rules('integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY', 'timestamptz', ''),
    defaults(PG.now),
    `CREATE INDEX CONCURRENTLY IF NOT EXISTS waitlist_signups_fit_idx ON waitlist_signups (fit_score, id)`,
  ],
  sqlite: [
    `ALTER TABLE waitlist_signups ADD COLUMN fit_score INTEGER NOT NULL DEFAULT 0 CHECK (fit_score BETWEEN 0 AND 100)`,
    rules('INTEGER PRIMARY KEY', 'TEXT', ' STRICT'),
    defaults(SQLITE.now),
    `CREATE INDEX IF NOT EXISTS waitlist_signups_fit_idx ON waitlist_signups (fit_score, id)`,
  ],
};

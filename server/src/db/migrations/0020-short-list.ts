import { PG, SQLITE, type Ddl, type Migration } from './ddl';

// Migration 20: from a list to a short list (issue 36 items 1 and 3; docs/decisions/0032).
// - signup_meetings: each call a person booked through the booking link, as the scheduler's webhooks tell it (one row
//   per booking, keyed by the scheduler's own id; the newest event about it wins); waitlist_signups.meeting_at is
//   the start of their booked call, kept with it, for the lists and the upcoming calls (a small partial index).
// - signup_questions / signup_answers: up to five questions an owner asks after confirming, in both languages; an
//   answer is one row per chosen option (or one row with the text of a short answer), so a filter is an index look-up.
//   A question or option is archived, never deleted: earlier answers stay readable.
// On PostgreSQL each statement runs on its own and may run again (IF NOT EXISTS); the index on the sign-ups is built
// CONCURRENTLY, so sign-ups keep being written during the upgrade.
const shortList = (t: Ddl, pg: boolean) => [
  `ALTER TABLE waitlist_signups ADD COLUMN ${pg ? 'IF NOT EXISTS ' : ''}meeting_at ${t.ts}`,
  `CREATE INDEX ${pg ? 'CONCURRENTLY IF NOT EXISTS ' : ''}waitlist_signups_meeting_idx ON waitlist_signups (meeting_at, id) WHERE meeting_at IS NOT NULL`,
  `CREATE TABLE IF NOT EXISTS signup_meetings (
    id ${t.id},
    signup_id ${t.bigint} NOT NULL REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    scheduler ${t.text} NOT NULL CHECK (scheduler IN ('cal-com', 'calendly')),
    booking_key ${t.text} NOT NULL CHECK (${t.length}(booking_key) <= 500),
    starts_at ${t.ts},
    status ${t.text} NOT NULL CHECK (status IN ('booked', 'cancelled')),
    event_at ${t.ts} NOT NULL,
    updated_at ${t.ts} NOT NULL,
    UNIQUE (scheduler, booking_key)
  )${t.strict}`,
  `CREATE INDEX IF NOT EXISTS signup_meetings_signup_idx ON signup_meetings (signup_id)`,
  `CREATE TABLE IF NOT EXISTS signup_questions (
    id ${t.id},
    position ${t.int} NOT NULL,
    kind ${t.text} NOT NULL CHECK (kind IN ('single', 'multiple', 'text')),
    prompt ${t.text} NOT NULL ${t.jsonCheck('prompt')},
    options ${t.text} NOT NULL ${t.jsonCheck('options')},
    archived_at ${t.ts},
    created_at ${t.ts} NOT NULL,
    updated_at ${t.ts} NOT NULL
  )${t.strict}`,
  `CREATE TABLE IF NOT EXISTS signup_answers (
    signup_id ${t.bigint} NOT NULL REFERENCES waitlist_signups (id) ON DELETE CASCADE,
    question_id ${t.bigint} NOT NULL REFERENCES signup_questions (id),
    choice ${t.text} NOT NULL CHECK (${t.length}(choice) <= 40),
    answer_text ${t.text} CHECK (answer_text IS NULL OR ${t.length}(answer_text) <= 300),
    answered_at ${t.ts} NOT NULL,
    PRIMARY KEY (signup_id, question_id, choice)
  )${t.strict}`,
  `CREATE INDEX IF NOT EXISTS signup_answers_choice_idx ON signup_answers (question_id, choice, signup_id)`,
];

export const shortListMigration: Migration = {
  version: 20,
  name: 'signup_meetings and meeting_at, signup_questions and signup_answers',
  outsideTransaction: true,
  postgres: shortList(PG, true),
  sqlite: shortList(SQLITE, false),
};

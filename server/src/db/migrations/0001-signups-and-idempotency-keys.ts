import {
  CHECK_CONSTRAINTS,
  COMPANY_SIZE_OPTIONS,
  DESIRED_OUTCOME_OPTIONS,
  EMAIL_MAX_LENGTH,
  EMAIL_UNIQUE_CONSTRAINT,
  OTHER_OUTCOME_MAX_LENGTH,
  ROLE_OPTIONS,
} from '@waitlist/contract';
import { list, outcomeTrigger, type Migration } from './ddl';

const signupsChecksPostgres = [
  `CONSTRAINT ${CHECK_CONSTRAINTS.email} CHECK (email = lower(btrim(email)) AND char_length(email) <= ${EMAIL_MAX_LENGTH} AND email ~ '^[^[:space:]@]+@[^[:space:]@]+\\.[^[:space:]@]+$')`,
  `CONSTRAINT ${CHECK_CONSTRAINTS.role} CHECK (role IN (${list(ROLE_OPTIONS)}))`,
  `CONSTRAINT ${CHECK_CONSTRAINTS.company_size} CHECK (company_size IN (${list(COMPANY_SIZE_OPTIONS)}))`,
  `CONSTRAINT ${CHECK_CONSTRAINTS.desired_outcomes} CHECK (cardinality(desired_outcomes) > 0 AND desired_outcomes <@ ARRAY[${list(DESIRED_OUTCOME_OPTIONS)}]::text[])`,
  `CONSTRAINT ${CHECK_CONSTRAINTS.other_outcome} CHECK (other_outcome IS NULL OR char_length(other_outcome) <= ${OTHER_OUTCOME_MAX_LENGTH})`,
];

/** The waitlist itself, and the keys that make a retried sign-up a replay instead of a duplicate. */
export const signupsAndIdempotencyKeys: Migration = {
  version: 1,
  name: 'create waitlist_signups and idempotency_keys',
  postgres: [
    `CREATE TABLE waitlist_signups (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        email text NOT NULL,
        role text NOT NULL,
        company_size text NOT NULL,
        desired_outcomes text[] NOT NULL,
        other_outcome text,
        consented_at timestamptz NOT NULL DEFAULT now(),
        privacy_policy_version text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT ${EMAIL_UNIQUE_CONSTRAINT} UNIQUE (email),
        ${signupsChecksPostgres.join(',\n        ')}
      )`,
    `CREATE INDEX waitlist_signups_created_at_id_idx ON waitlist_signups (created_at, id)`,
    `CREATE TABLE idempotency_keys (
        key text PRIMARY KEY,
        request_hash text NOT NULL,
        signup_id bigint REFERENCES waitlist_signups (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
    `CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)`,
  ],
  sqlite: [
    `CREATE TABLE waitlist_signups (
        id INTEGER PRIMARY KEY,
        email TEXT NOT NULL,
        role TEXT NOT NULL,
        company_size TEXT NOT NULL,
        desired_outcomes TEXT NOT NULL,
        other_outcome TEXT,
        consented_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        privacy_policy_version TEXT NOT NULL,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
        CONSTRAINT ${EMAIL_UNIQUE_CONSTRAINT} UNIQUE (email),
        CONSTRAINT ${CHECK_CONSTRAINTS.email} CHECK (email = lower(trim(email)) AND length(email) <= ${EMAIL_MAX_LENGTH} AND email GLOB '?*@?*.?*' AND email NOT GLOB '*[ 	]*' AND email NOT GLOB '*@*@*'),
        CONSTRAINT ${CHECK_CONSTRAINTS.role} CHECK (role IN (${list(ROLE_OPTIONS)})),
        CONSTRAINT ${CHECK_CONSTRAINTS.company_size} CHECK (company_size IN (${list(COMPANY_SIZE_OPTIONS)})),
        CONSTRAINT ${CHECK_CONSTRAINTS.desired_outcomes} CHECK (json_valid(desired_outcomes) AND json_type(desired_outcomes) = 'array' AND json_array_length(desired_outcomes) > 0),
        CONSTRAINT ${CHECK_CONSTRAINTS.other_outcome} CHECK (other_outcome IS NULL OR length(other_outcome) <= ${OTHER_OUTCOME_MAX_LENGTH})
      ) STRICT`,
    outcomeTrigger('INSERT'),
    outcomeTrigger('UPDATE'),
    `CREATE INDEX waitlist_signups_created_at_id_idx ON waitlist_signups (created_at, id)`,
    `CREATE TABLE idempotency_keys (
        key TEXT PRIMARY KEY,
        request_hash TEXT NOT NULL,
        signup_id INTEGER REFERENCES waitlist_signups (id) ON DELETE CASCADE,
        created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT`,
    `CREATE INDEX idempotency_keys_created_at_idx ON idempotency_keys (created_at)`,
  ],
};

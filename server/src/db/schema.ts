import type { ColumnType, Generated } from 'kysely';

/** Timestamps come back as Date from pg and as ISO text from SQLite; the dialect adapter normalises them. */
type Timestamp = ColumnType<Date | string, string | undefined, string>;

export interface WaitlistSignupsTable {
  id: Generated<number>;
  email: string;
  role: string;
  company_size: string;
  /** text[] in PostgreSQL, JSON text in SQLite: always go through `Dialect.encodeList/decodeList`. */
  desired_outcomes: ColumnType<unknown, unknown, unknown>;
  other_outcome: string | null;
  consented_at: Timestamp;
  privacy_policy_version: string;
  created_at: Timestamp;
}

export interface IdempotencyKeysTable {
  key: string;
  request_hash: string;
  signup_id: number | null;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Timestamp;
}

export interface Schema {
  waitlist_signups: WaitlistSignupsTable;
  idempotency_keys: IdempotencyKeysTable;
  schema_migrations: SchemaMigrationsTable;
}

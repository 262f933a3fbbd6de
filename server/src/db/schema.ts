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

export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
}

export interface OperatorSessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  operator_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface OperatorLoginThrottleTable {
  /** SHA-256 of the normalised e-mail tried (known or not), so the table holds no address. */
  account_key: string;
  failures: number;
  locked_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export interface AdminAuditLogTable {
  id: Generated<number>;
  action: 'erase' | 'correct' | 'export';
  operator_id: number;
  signup_id: number | null;
  /** Comma-separated names of the changed fields (corrections); never values. */
  fields: string | null;
  created_at: Timestamp;
}

export interface Schema {
  waitlist_signups: WaitlistSignupsTable;
  idempotency_keys: IdempotencyKeysTable;
  schema_migrations: SchemaMigrationsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_login_throttle: OperatorLoginThrottleTable;
  admin_audit_log: AdminAuditLogTable;
}

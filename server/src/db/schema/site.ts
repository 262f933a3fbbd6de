import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

/** The site's own bookkeeping: visits, shared secrets, spent proof-of-work challenges, the migrations applied. */

export interface VisitCountsTable {
  /** YYYY-MM-DD (UTC). */
  day: string;
  /** 'all' (value ''), or the path, UTM source, UTM campaign or referrer origin ('(none)' when absent). */
  dimension: VisitDimension;
  value: string;
  views: ColumnType<number, number | undefined, number>;
  /** Distinct visitors that day under this dimension and value. */
  visitors: ColumnType<number, number | undefined, number>;
}

export type VisitDimension = 'all' | 'path' | 'source' | 'campaign' | 'referrer';

export interface VisitSeenTable {
  day: string;
  /** HMAC of the day's salt, IP and user agent: unlinkable once the salt is deleted with its day. */
  visitor: string;
  /** The visit_counts dimension and value it was counted under (`source:linkedin`). */
  scope: string;
}

export interface VisitSaltsTable {
  day: string;
  salt: string;
}

/** Secrets every copy shares, made once by whichever copy needs one first (migration 7). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: ColumnType<string, string | undefined, never>;
}

/** A solved proof-of-work challenge counts once: its signature, kept until the challenge expires. */
export interface SpentChallengesTable {
  signature: string;
  expires_at: Timestamp;
}

export interface SchemaMigrationsTable {
  version: number;
  name: string;
  applied_at: Timestamp;
}

/** The trust page's "request our security documents" (migration 23). */
export interface DocumentRequestsTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string;
  /** The kinds asked for, joined by spaces. */
  documents: string;
  message: string | null;
  locale: string;
  proof_of_work: number;
  form_token_hash: string | null;
  created_at: Timestamp;
  answered_at: NullableTimestamp;
  answered_by: number | null;
  answered_by_email: string | null;
}

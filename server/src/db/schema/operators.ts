import type { ColumnType, Generated } from 'kysely';
import type { SiteLocale } from '@waitlist/contract';
import type { Timestamp, NullableTimestamp } from './columns';

/** The console's team: operators, their sessions and second factors, invitations, the audit trail. */

export interface OperatorsTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  /** 1: an instant mail for each confirmed sign-up. */
  notify_on_confirm: ColumnType<number, number | undefined, number>;
  /** 1: this viewer sees whole addresses (an owner granted it; migration 16). Owners and members always do. */
  sees_addresses: ColumnType<number, number | undefined, number>;
  /** 1: the daily digest. */
  notify_digest: ColumnType<number, number | undefined, number>;
  /** What the operator may do in the console (migration 15; contract: OPERATOR_ROLES). */
  role: ColumnType<OperatorRole, OperatorRole | undefined, OperatorRole>;
  /** Base32 TOTP secret once the second factor is on; null: no TOTP. */
  totp_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** A secret handed out for enrolment, not yet confirmed with a code. */
  totp_pending_secret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last TOTP time step accepted: a code is good once. */
  totp_last_step: ColumnType<number, number | undefined, number>;
  totp_enabled_at: NullableTimestamp;
  /** The console's language the operator chose (migration 29); null: their browser's. */
  locale: ColumnType<SiteLocale | null, SiteLocale | null | undefined, SiteLocale | null>;
  /** The identity provider's `iss sub` once the operator signed in through it (migration 22). */
  sso_subject: ColumnType<string | null, string | null | undefined, string | null>;
}

export type OperatorRole = 'owner' | 'member' | 'viewer';

/** One-time recovery codes of an operator's second factor (SHA-256 only). */
export interface OperatorRecoveryCodesTable {
  code_hash: string;
  operator_id: number;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** An operator's passkeys (WebAuthn credentials). */
export interface OperatorPasskeysTable {
  id: Generated<number>;
  operator_id: number;
  /** base64url credential id. */
  credential_id: string;
  /** base64url COSE public key. */
  public_key: string;
  counter: ColumnType<number, number | undefined, number>;
  /** Space-separated transports the authenticator named. */
  transports: ColumnType<string, string | undefined, string>;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

/** WebAuthn challenges waiting for their answer (a few minutes), by the SHA-256 of the handle the browser holds. */
export interface WebauthnChallengesTable {
  handle_hash: string;
  purpose: 'register' | 'sign-in';
  operator_id: number | null;
  challenge: string;
  expires_at: Timestamp;
}

/** An owner's invitation of a teammate: the role, and the SHA-256 of the link's token (48 h). */
export interface OperatorInvitationsTable {
  id: Generated<number>;
  email: string;
  role: OperatorRole;
  token_hash: string | null;
  expires_at: Timestamp;
  invited_by: number | null;
  created_at: Timestamp;
  accepted_at: NullableTimestamp;
  withdrawn_at: NullableTimestamp;
}

export interface OperatorSessionsTable {
  /** SHA-256 of the cookie token; the token itself is never stored. */
  token_hash: string;
  operator_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** The browser's User-Agent at sign-in (300 characters at most), for the operator's list of their sessions. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the operator last proved who they are in this session after signing in (migration 16); NULL: the sign-in. */
  proved_at: NullableTimestamp;
}

export interface OperatorLoginThrottleTable {
  /** SHA-256 of the normalised e-mail tried (known or not), so the table holds no address. */
  account_key: string;
  failures: number;
  locked_until: ColumnType<Date | string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

export type AuditOutcome = 'ok' | 'refused' | 'failed';

/** Every operator action (migration 15): append-only. */
export interface AuditTrailTable {
  id: Generated<number>;
  created_at: Timestamp;
  operator_id: number | null;
  /** The operator's address when they acted (operators are removed; their actions stay attributed). */
  operator_email: string | null;
  /** What was done, e.g. `signup.erase`, `operator.invite`, `session.sign-in` (docs/operators.md lists them). */
  action: string;
  outcome: AuditOutcome;
  signup_id: number | null;
  /** The setting or thing acted on, e.g. `operator:3`, `campaign:12`, `webhook`. Never a person's address. */
  target: string | null;
  /** Field names, filters, a reason: never values of a person's data. */
  detail: string | null;
}

export interface OperatorDigestsTable {
  day: string;
  queued_at: Timestamp;
}

/** Scoped API keys (migration 21): only the key's SHA-256 is kept. */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  key_hint: string;
  /** The scopes, joined by spaces. */
  scopes: string;
  created_by: number | null;
  created_by_email: string | null;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

/** Single sign-on (migration 22): the role of a newcomer of a domain. */
export interface SsoDomainRolesTable {
  domain: string;
  role: string;
  updated_at: Timestamp;
}

/** Single sign-on (migration 22): one row, id 1. */
export interface SsoPolicyTable {
  id: number;
  required: number;
  break_glass_operator_id: number | null;
  updated_at: Timestamp;
}

/** Single sign-on (migration 22): a sign-in on its way through the provider, or waiting for a second factor. */
export interface SsoAttemptsTable {
  key_hash: string;
  purpose: 'provider' | 'second-factor';
  state: string | null;
  nonce: string | null;
  code_verifier: string | null;
  operator_id: number | null;
  /** A sign-in started from this invitation's link (migration 26): it joins with the invitation. */
  invitation_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Timestamp;
  expires_at: Timestamp;
}

/** An operator an owner removed (migration 26): no joining through the provider until invited again. */
export interface OperatorRemovalsTable {
  email: string;
  sso_subject: string | null;
  removed_at: Timestamp;
}

import type { ColumnType, Generated } from 'kysely';

/** Timestamps come back as Date from pg and as ISO text from SQLite; the dialect adapter normalises them. */
type Timestamp = ColumnType<Date | string, string | undefined, string>;
type NullableTimestamp = ColumnType<Date | string | null, string | null | undefined, string | null>;

export interface WaitlistSignupsTable {
  id: Generated<number>;
  email: string;
  role: string;
  company_size: string;
  /** text[] in PostgreSQL, JSON text in SQLite: always go through `Database.encodeList/decodeList` (connection.ts). */
  desired_outcomes: ColumnType<unknown, unknown, unknown>;
  other_outcome: string | null;
  consented_at: Timestamp;
  privacy_policy_version: string;
  created_at: Timestamp;
  /** When the person pressed the button of the confirmation page (double opt-in). */
  confirmed_at: NullableTimestamp;
  marketing_opt_out_at: NullableTimestamp;
  /** The language of the pages the person used; their mails are in it. */
  locale: ColumnType<string, string | undefined, string>;
  /** When the first confirmation mail went out: the retention clock of an unconfirmed sign-up starts here. */
  confirmation_sent_at: NullableTimestamp;
  /** Attribution (contract/src/attribution.ts), capped at 200 characters. */
  utm_source: NullableText;
  utm_medium: NullableText;
  utm_campaign: NullableText;
  utm_content: NullableText;
  utm_term: NullableText;
  referrer_origin: NullableText;
  landing_path: NullableText;
  /** The e-mail's registrable domain: the company key (lib/company.ts). */
  company_domain: NullableText;
  /** 1 when the domain is a consumer mail provider (never grouped as a company), else 0. */
  free_mail: ColumnType<number, number | undefined, number>;
  /** Follow-up: new → contacted → invited → joined, or declined. */
  status: ColumnType<FollowUpStatus, FollowUpStatus | undefined, FollowUpStatus>;
  /** Why the sign-up may deserve a second look: space-separated SIGNUP_FLAGS (migration 8); '' for none. */
  flags: ColumnType<string, string | undefined, string>;
  /** The partner code the person joined with (migration 11); null for everybody who signed up by the form. */
  partner_code_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1 once the row is in the kept counts (migration 12, db/stores/signup-counts.ts); new rows arrive as 0. */
  counted: ColumnType<number, number | undefined, number>;
}

export type FollowUpStatus = 'new' | 'contacted' | 'invited' | 'joined' | 'declined';
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;

export interface SignupNotesTable {
  id: Generated<number>;
  signup_id: number;
  /** The operator's e-mail at the time of writing. */
  author: string;
  body: string;
  created_at: Timestamp;
}

export interface SignupStatusLogTable {
  id: Generated<number>;
  /** No foreign key: the history of follow-up survives an erasure, without the address. */
  signup_id: number;
  from_status: string;
  to_status: FollowUpStatus;
  operator_id: number;
  created_at: Timestamp;
}

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

export interface OperatorDigestsTable {
  day: string;
  queued_at: Timestamp;
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
  /** 1: an instant mail for each confirmed sign-up. */
  notify_on_confirm: ColumnType<number, number | undefined, number>;
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

export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'cancelled';

export interface OutboxTable {
  id: Generated<number>;
  kind: 'mail' | 'webhook';
  topic: string;
  signup_id: number | null;
  /** JSON text in both dialects: a reference (locale, reason), never a rendered mail or a token. */
  payload: ColumnType<string, string | undefined, string>;
  status: ColumnType<OutboxStatus, OutboxStatus | undefined, OutboxStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  locked_by: string | null;
  locked_until: NullableTimestamp;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  /** Webhook rows: the sign-up the event is about (no foreign key: the event outlives an erased row). */
  subject_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Webhook rows: the endpoint URL. */
  target: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: a mail for a sign-up without proof of work, waiting for the mail budget to free it (migration 7). */
  held: ColumnType<number, number | undefined, number>;
  /** Which worker sends it (migration 9): `urgent` for what a person waits for, `bulk` for waves and campaigns. */
  lane: ColumnType<OutboxLane, OutboxLane | undefined, OutboxLane>;
  /** The campaign a bulk mail belongs to (migration 9). */
  campaign_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export type OutboxLane = 'urgent' | 'bulk';

export type CampaignState = 'draft' | 'sending' | 'cancelled';

/** An update to the list (migration 9): a message in each language for the confirmed people a filter selects. */
export interface CampaignsTable {
  id: Generated<number>;
  name: string;
  /** JSON text: the list's filters (contract AdminFilters without sort), as given. */
  filter: ColumnType<string, string | undefined, string>;
  /** JSON text: { en: { subject, body }, sv?: { subject, body } }, the body in the Markdown subset. */
  message: string;
  state: ColumnType<CampaignState, CampaignState | undefined, CampaignState>;
  /** How many were queued when sending started (before: how many the filter selected at creation). */
  recipients: ColumnType<number, number | undefined, number>;
  created_by: number | null;
  created_at: Timestamp;
  started_at: NullableTimestamp;
  cancelled_at: NullableTimestamp;
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

/** Token buckets shared by every copy: `tokens` left as of `updated_at` (they refill with time). */
export interface MailBudgetsTable {
  name: string;
  tokens: number;
  updated_at: Timestamp;
}

export interface PersonTokensTable {
  /** SHA-256 of the token in the link; the token itself is never stored. */
  hash: string;
  purpose: 'confirm' | 'manage' | 'unsubscribe';
  signup_id: number;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** Every sign-up ever made, by UTC day of sign-up and answer (migration 14; db/stores/signup-counts.ts). */
export interface SignupDailyCountsTable {
  day: string;
  /** 'all' | 'role' | 'company_size' | 'outcome' | 'source' | 'campaign' | 'landing_path' */
  dimension: string;
  /** The answer ('' for none, and for 'all'). */
  value: string;
  signups: ColumnType<number, number | undefined, number>;
  confirmed: ColumnType<number, number | undefined, number>;
}

/** The people on the list now, per company (migration 14). */
export interface CompaniesTable {
  domain: string;
  people: number;
  first_signup_at: Timestamp;
  last_signup_at: Timestamp;
}

export interface CompanyFacetsTable {
  domain: string;
  facet: 'role' | 'company_size' | 'status';
  value: string;
  people: number;
}

export interface SignupTotalsTable {
  name: 'people' | 'free_mail';
  count: number;
}

export type PersonAuditAction = 'confirm' | 'unsubscribe' | 'export' | 'correct' | 'erase' | 'expire' | 'data-link';

export interface PersonAuditLogTable {
  id: Generated<number>;
  action: PersonAuditAction;
  actor: 'person' | 'system' | 'operator';
  signup_id: number | null;
  /** Names of changed fields (corrections); never values, never an address. */
  fields: string | null;
  created_at: Timestamp;
}

/** A named group of invitations to the pilot (migration 10). */
export interface InvitationWavesTable {
  id: Generated<number>;
  name: string;
  /** JSON text { en?: { subject, body }, sv?: {…} }: the founders' own words; null: the catalogue's. */
  message: string | null;
  expires_at: Timestamp;
  created_by: number | null;
  created_at: Timestamp;
}

/** One person's invitation (at most one per person). */
export interface InvitationsTable {
  id: Generated<number>;
  wave_id: number;
  signup_id: number;
  /** SHA-256 of the personal access code, set when they accept; the code itself is never stored. */
  code_hash: string | null;
  expires_at: Timestamp;
  invited_at: Timestamp;
  accepted_at: NullableTimestamp;
  redeemed_at: NullableTimestamp;
}

/** SHA-256 of each invitation link token mailed. */
export interface InvitationLinksTable {
  hash: string;
  invitation_id: number;
  created_at: Timestamp;
}

/** A code an operator hands a partner: whoever enters it joins confirmed (migration 11). */
export interface PartnerCodesTable {
  id: Generated<number>;
  label: string;
  /** SHA-256 of the code; the code itself is shown once, when it is made. */
  code_hash: string;
  /** The code's last four characters, so operators can tell codes apart. */
  code_hint: string;
  claim_limit: number;
  claims: ColumnType<number, number | undefined, number>;
  expires_at: Timestamp;
  revoked_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
}

export interface Schema {
  waitlist_signups: WaitlistSignupsTable;
  idempotency_keys: IdempotencyKeysTable;
  schema_migrations: SchemaMigrationsTable;
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
  operator_login_throttle: OperatorLoginThrottleTable;
  audit_trail: AuditTrailTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_passkeys: OperatorPasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  operator_invitations: OperatorInvitationsTable;
  outbox: OutboxTable;
  person_tokens: PersonTokensTable;
  signup_daily_counts: SignupDailyCountsTable;
  companies: CompaniesTable;
  company_facets: CompanyFacetsTable;
  signup_totals: SignupTotalsTable;
  person_audit_log: PersonAuditLogTable;
  signup_notes: SignupNotesTable;
  signup_status_log: SignupStatusLogTable;
  visit_counts: VisitCountsTable;
  visit_seen: VisitSeenTable;
  visit_salts: VisitSaltsTable;
  operator_digests: OperatorDigestsTable;
  server_secrets: ServerSecretsTable;
  spent_challenges: SpentChallengesTable;
  mail_budgets: MailBudgetsTable;
  campaigns: CampaignsTable;
  invitation_waves: InvitationWavesTable;
  invitations: InvitationsTable;
  invitation_links: InvitationLinksTable;
  partner_codes: PartnerCodesTable;
}

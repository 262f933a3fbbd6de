import * as z from 'zod/mini';
import { EMAIL_MAX_LENGTH } from './limits';
import { isValidEmail, normalizeEmail } from './schemas';
import { SITE_LOCALES } from './locales';

/**
 * A console for a team (docs/decisions/0022): roles, inviting teammates, second factors (TOTP with recovery codes,
 * passkeys) and the audit trail. What each role may do is declared by every admin route (`config.role`) and checked
 * by the server; the console only hides what a role cannot do.
 */

/** Ordered from most to least: an owner may do everything a member may, a member everything a viewer may. */
export const OPERATOR_ROLES = ['owner', 'member', 'viewer'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];
/** Whether `role` may use a route that needs `required`. */
export const roleAllows = (role: OperatorRole, required: OperatorRole): boolean =>
  OPERATOR_ROLES.indexOf(role) <= OPERATOR_ROLES.indexOf(required);

/** REQUIRE_2FA: who must have a second factor before anything else. */
export const TWO_FACTOR_POLICIES = ['off', 'owners', 'all'] as const;
export type TwoFactorPolicy = (typeof TWO_FACTOR_POLICIES)[number];
export const twoFactorRequired = (policy: TwoFactorPolicy, role: OperatorRole): boolean =>
  policy === 'all' || (policy === 'owners' && role === 'owner');

const TOTP_CODE = /^\d{6}$/;
/** Recovery codes: ten codes a person copies from paper, e.g. `k7m2-9qxt-4vhz-0b3n` (80 random bits each). */
export const RECOVERY_CODE_COUNT = 10;

/** POST /session: the password, and the second factor when the operator has one. */
export const adminSignInSchema = z.object({
  email: z.string().check(z.minLength(1), z.maxLength(EMAIL_MAX_LENGTH)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
  /** The six digits an authenticator app shows. */
  totp: z.optional(z.string().check(z.regex(TOTP_CODE, 'must be the six digits your app shows'))),
  /** One of the recovery codes given at enrolment (each works once). */
  recovery_code: z.optional(z.string().check(z.minLength(4), z.maxLength(40))),
});

const email = z.pipe(
  z.string().check(z.maxLength(EMAIL_MAX_LENGTH), z.refine(isValidEmail, { error: 'must be a valid e-mail address' })),
  z.transform(normalizeEmail),
);

/** POST /operators: an owner invites a teammate. */
export const adminOperatorInviteSchema = z.strictObject({
  email,
  role: z._default(z.enum(OPERATOR_ROLES, { error: 'must be owner, member or viewer' }), 'owner'),
});
/** PATCH /operators/:id */
export const adminOperatorRoleSchema = z
  .strictObject({
    role: z.optional(z.enum(OPERATOR_ROLES, { error: 'must be owner, member or viewer' })),
    /** A viewer sees whole addresses (true) or masked ones (false). */
    sees_addresses: z.optional(z.boolean()),
  })
  .check(z.refine((body) => body.role !== undefined || body.sees_addresses !== undefined, 'Send a role or sees_addresses'));
/** /operators/:id and /operators/invitations/:id */
export const adminOperatorParamsSchema = z.object({
  id: z.pipe(z.string().check(z.regex(/^\d{1,15}$/, 'The id must be a positive whole number')), z.transform(Number)),
});

export const adminOperatorSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  created_at: z.string(),
  /** TOTP is on. */
  totp: z.boolean(),
  passkeys: z.number(),
  /** Sees whole addresses: owners and members always, a viewer when an owner lets them (others see a•••@volvo.com). */
  sees_addresses: z.boolean(),
  /** The operator asking. */
  you: z.boolean(),
});
export type AdminOperator = z.infer<typeof adminOperatorSchema>;
export const adminOperatorInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  created_at: z.string(),
  expires_at: z.string(),
  /** The link was sent (it is sent through the outbox, as every mail). */
  sent: z.boolean(),
});
export type AdminOperatorInvitation = z.infer<typeof adminOperatorInvitationSchema>;
export const adminOperatorListSchema = z.object({
  items: z.array(adminOperatorSchema),
  /** Invitations not yet accepted (expired ones included, marked by their date). */
  invitations: z.array(adminOperatorInvitationSchema),
});
export type AdminOperatorList = z.infer<typeof adminOperatorListSchema>;

/** POST /invitations/accept: the invited person sets their password (the token comes from the mail's link). */
export const adminInvitationAcceptSchema = z.strictObject({
  token: z.string().check(z.minLength(20), z.maxLength(100)),
  password: z.string().check(z.minLength(1), z.maxLength(1024)),
});

/** POST /me/totp: a secret to enrol, its otpauth:// address and a QR code of it (SVG made by the server). */
export const adminTotpStartSchema = z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() });
export type AdminTotpStart = z.infer<typeof adminTotpStartSchema>;
export const adminTotpCodeSchema = z.strictObject({ code: z.string().check(z.regex(TOTP_CODE, 'must be the six digits your app shows')) });

/**
 * Changing how one signs in (a passkey, the authenticator, recovery codes, turning a factor off, the password) needs a
 * proof of who one is within the last five minutes: the sign-in itself, `POST /me/proof`, or these fields in the
 * change's own body (the sign-in's names: the password, and the current `totp` or a `recovery_code` when the operator
 * has an authenticator). Without one the change answers 401 `proof_required`.
 */
export const FRESH_PROOF_MS = 5 * 60 * 1000;
/** An operator's password: at least this long (joining, changing it, the command line). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;
/** The proof an operator may give with a change that needs it (docs/decisions/0035): the password and a code. */
export const freshProofFields = {
  password: z.optional(z.string().check(z.minLength(1), z.maxLength(1024))),
  totp: z.optional(z.string().check(z.regex(TOTP_CODE, 'must be the six digits your app shows'))),
  recovery_code: z.optional(z.string().check(z.minLength(4), z.maxLength(40))),
};
/** The body of a change with nothing to say but, perhaps, the proof (POST /me/totp, /me/recovery-codes…). */
export const adminFreshProofSchema = z.nullish(z.strictObject(freshProofFields));
/** POST /me/totp/confirm and /me/totp/off: the code of the app being turned on (or off), and perhaps the proof. */
export const adminTotpChangeSchema = z.strictObject({
  code: z.string().check(z.regex(TOTP_CODE, 'must be the six digits your app shows')),
  ...freshProofFields,
});
/** POST /me/password: the new password (12 characters at least, as when joining), and perhaps the proof. */
export const adminPasswordChangeSchema = z.strictObject({
  new_password: z.string().check(z.minLength(1), z.maxLength(1024)),
  ...freshProofFields,
});
/** POST /me/proof: the password (and the second factor when there is an authenticator), or a passkey's answer. */
export const adminProofSchema = z.union([
  z.strictObject({ ...freshProofFields, password: z.string().check(z.minLength(1), z.maxLength(1024)) }),
  z.strictObject({ handle: z.string().check(z.minLength(10), z.maxLength(100)), response: z.record(z.string(), z.unknown()) }),
]);
/** Until when the session's proof counts. */
export const adminProofAnswerSchema = z.object({ fresh_until: z.string() });
export const adminRecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });

export const adminPasskeySchema = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.nullable(z.string()),
});
export type AdminPasskey = z.infer<typeof adminPasskeySchema>;
export const adminPasskeyListSchema = z.object({ items: z.array(adminPasskeySchema) });
/** The WebAuthn options the browser's authenticator needs, and the handle that brings the answer back to its challenge. */
export const adminWebauthnOptionsSchema = z.object({ handle: z.string(), options: z.record(z.string(), z.unknown()) });
export type AdminWebauthnOptions = z.infer<typeof adminWebauthnOptionsSchema>;
export const adminPasskeyRegisterSchema = z.strictObject({
  handle: z.string().check(z.minLength(10), z.maxLength(100)),
  name: z.pipe(
    z.string().check(z.maxLength(100)),
    z.transform((v) => v.trim() || 'Passkey'),
  ),
  response: z.record(z.string(), z.unknown()),
  ...freshProofFields,
});
export const adminPasskeySignInSchema = z.strictObject({
  handle: z.string().check(z.minLength(10), z.maxLength(100)),
  response: z.record(z.string(), z.unknown()),
});

export const AUDIT_OUTCOMES = ['ok', 'refused', 'failed'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** GET /audit and /audit.csv: by operator, action and period (UTC days, inclusive), newest first. */
export const adminAuditQuerySchema = z.object({
  operator: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,15}$/, 'must be an operator id')), z.transform(Number))),
  action: z.optional(z.string().check(z.regex(/^[a-z0-9.-]{1,100}$/, 'must be an action name'))),
  outcome: z.optional(z.enum(AUDIT_OUTCOMES)),
  from: z.optional(z.string().check(z.regex(DATE, 'must be a date YYYY-MM-DD'))),
  to: z.optional(z.string().check(z.regex(DATE, 'must be a date YYYY-MM-DD'))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
});
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
export const adminAuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  operator_id: z.nullable(z.number()),
  operator_email: z.nullable(z.string()),
  action: z.string(),
  outcome: z.enum(AUDIT_OUTCOMES),
  signup_id: z.nullable(z.number()),
  target: z.nullable(z.string()),
  detail: z.nullable(z.string()),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;
export const adminAuditPageSchema = z.object({ items: z.array(adminAuditEntrySchema), next_cursor: z.nullable(z.string()) });
export type AdminAuditPage = z.infer<typeof adminAuditPageSchema>;

/** POST /import?source=…&dry_run=true&confirm_by_mail=true with a CSV body (owners). */
export const adminImportQuerySchema = z.object({
  source: z.pipe(
    z.string().check(z.minLength(1, 'name the source of the list'), z.maxLength(100)),
    z.transform((v) => v.trim()),
  ),
  dry_run: z._default(z.enum(['true', 'false']), 'false'),
  confirm_by_mail: z._default(z.enum(['true', 'false']), 'false'),
});
export const adminImportReportSchema = z.object({
  dry_run: z.boolean(),
  source: z.string(),
  rows: z.number(),
  new: z.number(),
  existing: z.number(),
  /** People the erasure ledger says asked to be erased: skipped, never mailed. */
  erased: z.number(),
  duplicates_in_file: z.number(),
  /** Of the new ones, how many come without one or more answers (stored as not known: issue 38 item 5). */
  answers_unknown: z.number(),
  invalid: z.array(z.object({ line: z.number(), reason: z.string() })),
  imported: z.number(),
  confirmations_queued: z.number(),
});
export type AdminImportReport = z.infer<typeof adminImportReportSchema>;
/**
 * POST /import with `Accept: application/x-ndjson`: a line `{"progress": {"done", "total"}}` per batch of rows stored,
 * then `{"report": …}` (or `{"error": {code, message, …}}`: the status is 200 by then).
 */
export const IMPORT_PROGRESS_TYPE = 'application/x-ndjson';
export type ImportProgressLine =
  | { progress: { done: number; total: number } }
  | { report: AdminImportReport }
  /** The API's error shape; `hint` says what to do next (after an outage: import the same file again). */
  | { error: { code: string; message: string; hint?: string | null } };

/** GET /backups: the server's own backups (SQLite with BACKUP_DIR) and the last failure, for the console. */
export const adminBackupStatusSchema = z.object({
  scheduled: z.boolean(),
  every_hours: z.number(),
  keep: z.number(),
  latest: z.nullable(z.object({ file: z.string(), created_at: z.string(), signups: z.number(), bytes: z.number() })),
  last_failure: z.nullable(z.object({ at: z.string(), error: z.string() })),
});
export type AdminBackupStatus = z.infer<typeof adminBackupStatusSchema>;

/** The signed-in operator's session (`GET /session`) and their sessions elsewhere. */
/**
 * GET and PUT /api/admin/account/language: the console's language as the operator chose it (Your account, or the
 * switch in the top bar), kept with their account so it follows them to another browser; null: their browser's.
 */
export const adminLanguageSchema = z.strictObject({ locale: z.nullable(z.enum(SITE_LOCALES)) });
export type AdminLanguage = z.infer<typeof adminLanguageSchema>;

export const adminSessionInfoSchema = z.object({
  operator: z.object({ id: z.number(), email: z.string(), role: z.enum(['owner', 'member', 'viewer']) }),
  expires_at: z.string(),
  /** Until when the session may change how its operator signs in without proving who they are again (FRESH_PROOF_MS). */
  fresh_until: z.string(),
  /** The operator's second factors. */
  two_factor: z.object({ totp: z.boolean(), passkeys: z.number() }),
  /** REQUIRE_2FA asks this operator for a second factor they do not have yet: nothing else works until they enrol. */
  enrolment_required: z.boolean(),
  /** Whole addresses, or masked ones (a viewer unless an owner let them): no search by address for masked readers. */
  sees_addresses: z.boolean(),
});
export type AdminSessionInfo = z.infer<typeof adminSessionInfoSchema>;

/** GET /sessions: the signed-in operator's own live sessions, the one in use marked. */
export const adminSessionListSchema = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      started_at: z.string(),
      last_used_at: z.string(),
      browser: z.nullable(z.string()),
      current: z.boolean(),
    }),
  ),
});
export type AdminSessionList = z.infer<typeof adminSessionListSchema>;

/** `:id` of /sessions/:id: the first 16 hex characters of a session's hash. */
export const adminSessionParamsSchema = z.object({ id: z.string().check(z.regex(/^[0-9a-f]{16}$/, 'not a session id')) });

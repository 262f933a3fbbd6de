import * as z from 'zod/mini';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS, UNKNOWN_ANSWER } from './options';
import { EMAIL_MAX_LENGTH, OTHER_OUTCOME_MAX_LENGTH } from './limits';
import { isValidEmail, normalizeEmail } from './schemas';
import { validDate, withoutEmptyValues } from './query-text';
import { attributionAnswerShape } from './attribution';
import { signupAnswerSchema } from './questions';

/** Follow-up of a sign-up: new → contacted → invited → joined, or declined. */
export const FOLLOW_UP_STATUSES = ['new', 'contacted', 'invited', 'joined', 'declined'] as const;
export type FollowUpStatus = (typeof FOLLOW_UP_STATUSES)[number];

/** Each follow-up status in English: the server's own sentences (the CRM's values, a filter in words) and the console's English. */
export const FOLLOW_UP_STATUS_LABELS: Readonly<Record<FollowUpStatus, string>> = {
  new: 'New',
  contacted: 'Contacted',
  invited: 'Invited',
  joined: 'Joined',
  declined: 'Declined',
};

/** The operator console's API: one schema for the browser's requests, the server's route validation and its answers. */
export const ADMIN_API = '/api/admin';
export const ADMIN_SESSION_COOKIE = 'admin_session';
/**
 * The session cookie's name on an https site: the `__Host-` prefix makes the browser refuse it unless it is
 * Secure, for this host only (no Domain) and for every path, so no sibling site or plain-http page can set it.
 */
export const SECURE_ADMIN_SESSION_COOKIE = `__Host-${ADMIN_SESSION_COOKIE}`;

export const ADMIN_SORTS = ['-created_at', 'created_at', 'email', '-email', '-fit_score', 'fit_score'] as const;
export type AdminSort = (typeof ADMIN_SORTS)[number];
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_MAX_PAGE_SIZE = 100;
/** The deepest page a link opens by number (`?page=`): 400 pages of 25 reach the 10,000 matches the list counts. */
export const ADMIN_MAX_PAGE = 400;

const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max)));

/**
 * Why a sign-up may deserve a second look (the console's review queue): it came without a solved proof of work
 * (a script, or a visitor without script), or in a burst of sign-ups from one network.
 */
export const SIGNUP_FLAGS = ['no-proof-of-work', 'burst'] as const;
export type SignupFlag = (typeof SIGNUP_FLAGS)[number];
export const SIGNUP_FLAG_LABELS: Record<SignupFlag, string> = {
  'no-proof-of-work': 'No proof of work',
  burst: 'Burst from one network',
};

/** How the console shows an answer that is not known (UNKNOWN_ANSWER: imported from a list of addresses). */
export const UNKNOWN_ANSWER_LABEL = 'Not known (imported)';
/** An answer, a kept count's value or a filter's choice as the console shows it. */
export const answerLabel = (value: string | null): string => (value === null || value === UNKNOWN_ANSWER ? UNKNOWN_ANSWER_LABEL : value);

/** Which sign-ups: the list's filters, shared by its query string and by the segments of waves and campaigns. */
const adminFilterFields = {
  q: optionalText(EMAIL_MAX_LENGTH),
  /** An option, or UNKNOWN_ANSWER for the people whose answer is not known (imported without it). */
  role: z.optional(z.enum([...ROLE_OPTIONS, UNKNOWN_ANSWER])),
  company_size: z.optional(z.enum([...COMPANY_SIZE_OPTIONS, UNKNOWN_ANSWER])),
  outcome: z.optional(z.enum([...DESIRED_OUTCOME_OPTIONS, UNKNOWN_ANSWER])),
  /** Double opt-in done or not; marketing opt-out recorded or not. */
  confirmed: z.optional(z.enum(['yes', 'no'])),
  opted_out: z.optional(z.enum(['yes', 'no'])),
  status: z.optional(z.enum(FOLLOW_UP_STATUSES)),
  /** Invited to the pilot (status invited or joined) or not yet (new or contacted): the short list is `invited=no`. */
  invited: z.optional(z.enum(['yes', 'no'])),
  /** People who gave this answer: `<question id>:<option id>` (issue 36 item 1). */
  answer: z.optional(z.string().check(z.regex(/^\d{1,9}:o\d{1,4}$/, 'must be <question id>:<option id>, such as 3:o1'))),
  /** Sign-ups carrying this flag. */
  flag: z.optional(z.enum(SIGNUP_FLAGS)),
  /** A company's domain (exact). */
  company: optionalText(253),
  /** A fit score of at least this (0-100; issue 36). */
  min_score: z.optional(
    z
      .pipe(z.union([z.string().check(z.regex(/^\d{1,3}$/, 'must be a whole number from 0 to 100')), z.number()]), z.transform(Number))
      .check(z.refine((n) => Number.isInteger(n) && n >= 0 && n <= 100, 'must be a whole number from 0 to 100')),
  ),
  from: z.optional(z.string().check(z.refine(validDate, 'must be a date YYYY-MM-DD'))),
  to: z.optional(z.string().check(z.refine(validDate, 'must be a date YYYY-MM-DD'))),
};

/** The list's filters as a JSON object (a campaign's or a wave's segment); unknown names are refused. */
export const adminSegmentSchema = z.strictObject(adminFilterFields);
export type AdminSegment = z.infer<typeof adminSegmentSchema>;

/** A segment as answers give it: as parsed, nothing to transform (`min_score`'s transform cannot serialize: a 500). */
export const adminSegmentAnswerSchema = z.strictObject({ ...adminFilterFields, min_score: z.optional(z.number()) });

/** Query of GET /signups and /signups/export.csv; a parameter given twice is refused (it arrives as a list). */
export const adminListQuerySchema = z.pipe(
  z.transform(withoutEmptyValues),
  z
    .object({
      ...adminFilterFields,
      sort: z._default(z.enum(ADMIN_SORTS), '-created_at'),
      cursor: optionalText(1000),
      /**
       * A page by its number, for a view opened from a link (the console's address holds the page, never a cursor: a
       * cursor of the list sorted by address holds an address). Not with a cursor.
       */
      page: z.optional(
        z
          .pipe(z.string().check(z.regex(/^\d{1,3}$/, `must be a whole number from 1 to ${ADMIN_MAX_PAGE}`)), z.transform(Number))
          .check(z.refine((n) => n >= 1 && n <= ADMIN_MAX_PAGE, `must be a whole number from 1 to ${ADMIN_MAX_PAGE}`)),
      ),
      limit: z.optional(
        z
          .pipe(z.string().check(z.regex(/^\d+$/)), z.transform(Number))
          .check(z.refine((n) => n >= 1 && n <= ADMIN_MAX_PAGE_SIZE, `must be between 1 and ${ADMIN_MAX_PAGE_SIZE}`)),
      ),
    })
    .check(
      z.refine((query) => query.cursor === undefined || query.page === undefined, {
        message: 'give a cursor or a page, not both',
        path: ['page'],
      }),
    ),
);
export type AdminListQuery = z.infer<typeof adminListQuerySchema>;
export type AdminFilters = Omit<AdminListQuery, 'cursor' | 'page' | 'limit'>;

/** `:id` of /signups/:id…: a positive whole number. */
export const adminSignupParamsSchema = z.object({
  id: z
    .pipe(z.string().check(z.regex(/^\d{1,15}$/, 'The id must be a positive whole number')), z.transform(Number))
    .check(z.refine((n) => Number.isSafeInteger(n) && n >= 1, 'The id must be a positive whole number')),
});

/** PATCH /signups/:id: any subset of the stored fields; the e-mail is normalised like the public form's. */
export const adminCorrectionSchema = z
  .strictObject({
    email: z.optional(
      z.pipe(z.string().check(z.refine(isValidEmail, { error: 'must be a valid e-mail address' })), z.transform(normalizeEmail)),
    ),
    role: z.optional(z.enum(ROLE_OPTIONS, { error: 'must be one of the roles the form offers' })),
    company_size: z.optional(z.enum(COMPANY_SIZE_OPTIONS, { error: 'must be one of the company sizes the form offers' })),
    desired_outcomes: z.optional(
      z
        .array(z.enum(DESIRED_OUTCOME_OPTIONS))
        .check(z.minLength(1, { error: 'must hold at least one desired outcome' }), z.maxLength(DESIRED_OUTCOME_OPTIONS.length)),
    ),
    other_outcome: z.optional(z.nullable(z.string().check(z.maxLength(OTHER_OUTCOME_MAX_LENGTH)))),
  })
  .check(z.refine((body) => Object.keys(body).length > 0, 'Send at least one field to correct'));
export type AdminCorrection = z.infer<typeof adminCorrectionSchema>;

/** A stored sign-up as the console sees it (and the server's one row shape for the public and admin side). */
export const adminSignupSchema = z.object({
  id: z.number(),
  email: z.string(),
  /** null: not known (imported from a list of addresses, until the person answers). */
  role: z.nullable(z.string()),
  company_size: z.nullable(z.string()),
  desired_outcomes: z.nullable(z.array(z.string())),
  other_outcome: z.nullable(z.string()),
  consented_at: z.string(),
  privacy_policy_version: z.string(),
  created_at: z.string(),
  confirmed_at: z.nullable(z.string()),
  marketing_opt_out_at: z.nullable(z.string()),
  locale: z.string(),
  status: z.enum(FOLLOW_UP_STATUSES),
  /** The e-mail's registrable domain: the company key. */
  company_domain: z.nullable(z.string()),
  /** A consumer mail provider: never grouped as a company. */
  free_mail: z.boolean(),
  ...attributionAnswerShape,
  /** Why it may deserve a second look (SIGNUP_FLAGS); empty for most. */
  flags: z.array(z.enum(SIGNUP_FLAGS)),
  /** The partner code they joined with (GET /partner-codes names it); null for everyone who used the ordinary form. */
  partner_code_id: z.nullable(z.number()),
  /** How well they fit a pilot, 0-100 (issue 36), and why: one sentence per term that counted, largest first. */
  fit_score: z.number(),
  fit_reasons: z.array(z.string()),
  /** The start of the call they booked through the booking link (issue 36 item 3), or null. */
  meeting_at: z.nullable(z.string()),
  /**
   * The booked call came without our reference and was matched by the address the booker typed (issue 47 item 5):
   * somebody else may have typed it. Present (true) only then, on the list of calls and the person's page.
   */
  meeting_unreferenced: z.optional(z.boolean()),
  /** Their answers to the questions after confirming (issue 36 item 1): on one person's page, in webhooks and the CSV. */
  answers: z.optional(z.array(signupAnswerSchema)),
});
export type AdminSignup = z.infer<typeof adminSignupSchema>;

/** POST /signups/erase: erase a selection at once (the review queue); each erasure is audited. */
export const adminBulkEraseSchema = z.strictObject({
  ids: z.array(z.number().check(z.int(), z.minimum(1))).check(z.minLength(1, 'Select at least one sign-up'), z.maxLength(500)),
});
export type AdminBulkErase = z.infer<typeof adminBulkEraseSchema>;

/** POST /signups/status: one status for a selection (one sign-up or many). */
export const adminStatusChangeSchema = z.strictObject({
  ids: z.array(z.number().check(z.int(), z.minimum(1))).check(z.minLength(1, 'Select at least one sign-up'), z.maxLength(500)),
  status: z.enum(FOLLOW_UP_STATUSES, { error: `The status must be one of: ${FOLLOW_UP_STATUSES.join(', ')}` }),
});
export type AdminStatusChange = z.infer<typeof adminStatusChangeSchema>;

export const NOTE_MAX_LENGTH = 2000;
export const adminNoteSchema = z.strictObject({
  body: z
    .pipe(
      z.string(),
      z.transform((v) => v.trim()),
    )
    .check(z.minLength(1, 'Write something first'), z.maxLength(NOTE_MAX_LENGTH, `A note holds at most ${NOTE_MAX_LENGTH} characters`)),
});

/** A person's follow-up: notes (author, time) and status changes, newest first. */
export const adminFollowUpSchema = z.object({
  notes: z.array(z.object({ id: z.number(), author: z.string(), body: z.string(), created_at: z.string() })),
  history: z.array(z.object({ from_status: z.string(), to_status: z.string(), operator: z.nullable(z.string()), created_at: z.string() })),
});
export type AdminFollowUp = z.infer<typeof adminFollowUpSchema>;

export const adminMailSettingsSchema = z.strictObject({
  /** An instant mail for each confirmed sign-up. */
  notify_on_confirm: z.boolean(),
  /** The daily digest (after 06:00 UTC). */
  notify_digest: z.boolean(),
});
export type AdminMailSettings = z.infer<typeof adminMailSettingsSchema>;

export const adminSignupPageSchema = z.object({
  items: z.array(adminSignupSchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: z.nullable(z.string()),
  /** Rows matching the filters (all pages), or, when `total_capped`, the number they exceed (a filtered list counts up to 10,000). */
  total: z.number(),
  total_capped: z.boolean(),
});
export type AdminSignupPage = z.infer<typeof adminSignupPageSchema>;

/** GET /meetings: the calls booked through the booking link that are to come (or began within the hour), soonest first. */
export const adminMeetingsSchema = z.object({
  booking_configured: z.boolean(),
  items: z.array(adminSignupSchema),
});
export type AdminMeetings = z.infer<typeof adminMeetingsSchema>;

const adminCountSchema = z.object({ label: z.string(), count: z.number() });
export type AdminCount = z.infer<typeof adminCountSchema>;

export const adminStatsSchema = z.object({
  total: z.number(),
  last_7_days: z.number(),
  last_30_days: z.number(),
  per_day: z.array(z.object({ day: z.string(), count: z.number() })),
  by_role: z.array(adminCountSchema),
  by_company_size: z.array(adminCountSchema),
  by_outcome: z.array(adminCountSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** Error codes of the admin API, in the public `{code, message, details, hint}` shape. */
export const ADMIN_ERROR_CODES = {
  unauthenticated: 'ADMIN401',
  badCredentials: 'ADMIN401C',
  foreignOrigin: 'ADMIN403',
  notFound: 'ADMIN404',
  invalidRequest: 'ADMIN400',
  locked: 'ADMIN429',
  busy: 'ADMIN503',
  /** The operator's role may not do this (an owner may). */
  forbidden: 'forbidden',
  /** The password was right; the account's second factor is needed too (`totp`, `recovery_code` or a passkey). */
  totpRequired: 'totp_required',
  /**
   * The password was right and the account's second factor is a passkey (no authenticator app): sign in with the
   * passkey, or a recovery code. The password alone never signs it in.
   */
  passkeyRequired: 'passkey_required',
  /** A wrong, used or expired second factor. */
  totpInvalid: 'totp_invalid',
  /** Too many wrong codes for this account within the hour, from anywhere: only a passkey or a recovery code until it ends. */
  secondFactorCapped: 'second_factor_capped',
  /**
   * Changing how one signs in needs a proof within the last five minutes (FRESH_PROOF_MS): POST /me/proof with the
   * password and second factor or a passkey, or the same fields in the change's body; then try again.
   */
  proofRequired: 'proof_required',
  /** The operator read ADMIN_READ_BUDGET_PER_HOUR people's data within the hour: reads wait until it ends (owners are told). */
  readBudget: 'read_budget',
  /** REQUIRE_2FA: enrol a second factor first. */
  enrolmentRequired: 'enrolment_required',
  /** The last owner cannot be removed or made something else. */
  lastOwner: 'last_owner',
  /** Owners require single sign-on: this operator signs in through the identity provider (docs/decisions/0037). */
  ssoRequired: 'sso_required',
  conflict: 'ADMIN409',
} as const;

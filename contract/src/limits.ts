export const EMAIL_MAX_LENGTH = 254;
/** The longest an invitation or a partner code may stay valid, in days. */
export const MAX_EXPIRY_DAYS = 365;
export const OTHER_OUTCOME_MAX_LENGTH = 500;
/** Largest accepted request body on the public endpoint (413 above it). */
export const SIGNUP_BODY_LIMIT_BYTES = 16 * 1024;
/** Version of the privacy policy a consent refers to ("Last updated November 2026"): each sign-up keeps the version it consented to. */
export const PRIVACY_POLICY_VERSION = '2026-11';
/** Hidden form field that people never see; bots fill it. Sent only when non-empty. */
export const HONEYPOT_FIELD = 'website';
/**
 * The proof of work's solution (an ALTCHA payload, base64 JSON), sent with a sign-up by the form's script: in the
 * JSON body of the API and as a form field. A sign-up without it is stored all the same (its mail may wait).
 */
export const PROOF_OF_WORK_FIELD = 'altcha';
/** GET answers a fresh proof-of-work challenge (JSON, never cached). */
export const CHALLENGE_PATH = '/api/challenge';
export const SIGNUPS_TABLE = 'waitlist_signups';
export const SIGNUPS_PATH = `/rest/v1/${SIGNUPS_TABLE}`;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Rows one POST may carry: a bare object or an array of exactly this many (docs/decisions/0005). */
export const SIGNUP_ROWS_PER_REQUEST = 1;
/**
 * The public key a development server accepts and a development web build sends. Public by design (the browser
 * sends it); production sets its own, and the server warns while it is this one.
 */
export const DEV_PUBLIC_KEY = 'dev-public-key';

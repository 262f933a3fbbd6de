export const EMAIL_MAX_LENGTH = 254;
export const OTHER_OUTCOME_MAX_LENGTH = 500;
/** Largest accepted request body on the public endpoint (413 above it). */
export const SIGNUP_BODY_LIMIT_BYTES = 16 * 1024;
/** Version of the privacy policy a consent refers to ("Last updated January 2025"). */
export const PRIVACY_POLICY_VERSION = '2025-01';
/** Hidden form field that people never see; bots fill it. Sent only when non-empty. */
export const HONEYPOT_FIELD = 'website';
export const SIGNUPS_TABLE = 'waitlist_signups';
export const SIGNUPS_PATH = `/rest/v1/${SIGNUPS_TABLE}`;
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

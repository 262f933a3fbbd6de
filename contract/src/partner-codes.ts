import { ERROR_CODES, type ApiError } from './errors';

/**
 * Partner codes (issue 23): an operator makes a code for a partner (an event, an accelerator, a newsletter) with a
 * label, a claim limit and an expiry. A person not on the list enters it on the join page (`/join`, `/sv/join`) with
 * the sign-up's own fields: the address is attributed to the code and confirmed only by its owner's click, which is
 * when the code is counted (docs/security.md). The code is shown once, when made.
 * (What the console sends and reads is in partner-code-admin.ts, so the site's form does not carry its schemas.)
 */
export const PARTNER_JOIN_PATH = '/join';
/** The join form's field for the code (the rest of the form is the sign-up form's). */
export const PARTNER_CODE_FIELD = 'partnerCode';
export const PARTNER_CODE_MAX_CLAIMS = 100_000;
export const DEFAULT_PARTNER_CODE_DAYS = 30;

/** Why a code does not let anybody join: never made, past its expiry, as many joined as it allows, withdrawn. */
export const PARTNER_CODE_PROBLEMS = ['unknown', 'expired', 'full', 'withdrawn'] as const;
export type PartnerCodeProblem = (typeof PARTNER_CODE_PROBLEMS)[number];

/**
 * A join refused for its code answers 400 with code P0001, this message, and the problem in `details` (as a refused
 * e-mail domain does, errors.ts); the form shows it beside the code.
 */
export const PARTNER_CODE_REFUSED_MESSAGE = 'partner code not accepted';

/** Why an API error refused the partner code, or null when it is another error. */
export function partnerCodeProblemOf(error: ApiError | null | undefined): PartnerCodeProblem | null {
  if (error?.code !== ERROR_CODES.raisedException || error.message !== PARTNER_CODE_REFUSED_MESSAGE) return null;
  return (PARTNER_CODE_PROBLEMS as readonly string[]).includes(error.details ?? '') ? (error.details as PartnerCodeProblem) : 'unknown';
}

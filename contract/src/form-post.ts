import { ATTRIBUTION_FIELD } from './attribution';
import type { ApiError } from './errors';
import { HONEYPOT_FIELD } from './limits';
import { hasOtherOutcome } from './outcomes';
import { PARTNER_CODE_FIELD } from './partner-codes';
import { signupFormSchema, type SignupForm } from './schemas';

/**
 * The sign-up form as a browser posts it without script (application/x-www-form-urlencoded) and as the script
 * reads it back (FormData): one set of field names and one validation for the page, the island and the server.
 */
export const FORM_TOKEN_FIELD = 'formToken';

/**
 * Written into the prerendered page where the server puts a fresh token per response; the token is the
 * Idempotency-Key of a no-script post, so a double submit or a reloaded POST stores one row.
 */
export const FORM_TOKEN_PLACEHOLDER = '__SIGNUP_FORM_TOKEN__';

/**
 * Written into the web build's last-resort error page (ssr-dist/error.html) where the server puts the message,
 * for the rare answer when even rendering the error page fails.
 */
export const ERROR_MESSAGE_PLACEHOLDER = '__ERROR_MESSAGE__';

/** The prerendered page a stored sign-up posted without script is sent to (303), so a reload posts nothing again. */
export const SIGNUP_THANK_YOU_PATH = '/thank-you';

/**
 * The answer to "Did you mean …?" (email-typos.ts), posted by the button pressed: `use` the suggestion or `keep`
 * what was typed. Empty: not asked yet, so a likely typo is asked about before anything is stored.
 */
export const EMAIL_CHOICE_FIELD = 'emailChoice';
export const EMAIL_CHOICES = { use: 'use', keep: 'keep' } as const;

/** What the form holds, field by field, as strings and flags (before validation). */
export interface SignupFormValues {
  email: string;
  role: string;
  companySize: string;
  desiredOutcomes: string[];
  otherOutcome: string;
  privacyConsent: boolean;
  /** Honeypot: hidden from people, filled by bots. */
  website: string;
  formToken: string;
  /** Where the visit came from (attribution.ts), as the server wrote it into the page. */
  attribution: string;
  /** The button pressed for a suggested address (EMAIL_CHOICES), or empty. */
  emailChoice: string;
  /** The join page's partner code (partner-codes.ts); empty on every other page. */
  partnerCode: string;
}

export const EMPTY_SIGNUP_FORM_VALUES: SignupFormValues = {
  email: '',
  role: '',
  companySize: '',
  desiredOutcomes: [],
  otherOutcome: '',
  privacyConsent: false,
  website: '',
  formToken: '',
  attribution: '',
  emailChoice: '',
  partnerCode: '',
};

/** Fields that can carry a message, in the order they appear (the first invalid one gets focus). */
export const SIGNUP_ERROR_FIELDS = ['partnerCode', 'email', 'role', 'companySize', 'desiredOutcomes', 'privacyConsent'] as const;
export type SignupErrorField = (typeof SIGNUP_ERROR_FIELDS)[number];
export type SignupFieldErrors = Partial<Record<SignupErrorField, string>>;

/** Posted or FormData entries → form values. Repeated `desiredOutcomes` keep their order; unknown names are ignored. */
export function signupFormValuesFromEntries(entries: Iterable<readonly [string, unknown]>): SignupFormValues {
  const values: SignupFormValues = { ...EMPTY_SIGNUP_FORM_VALUES, desiredOutcomes: [] };
  for (const [name, raw] of entries) {
    if (typeof raw !== 'string') continue;
    switch (name) {
      case 'desiredOutcomes':
        values.desiredOutcomes.push(raw);
        break;
      case 'privacyConsent':
        values.privacyConsent = raw !== '';
        break;
      case 'email':
      case 'role':
      case 'companySize':
      case 'otherOutcome':
      case HONEYPOT_FIELD:
      case FORM_TOKEN_FIELD:
      case ATTRIBUTION_FIELD:
      case EMAIL_CHOICE_FIELD:
      case PARTNER_CODE_FIELD:
        values[name as 'email'] = raw;
        break;
    }
  }
  return values;
}

/**
 * The contract's form schema applied to what the form holds: the data, or the fields that are invalid in the
 * order they appear (the catalogue words each one in the page's language).
 */
export function validateSignupForm(
  values: SignupFormValues,
): { data: SignupForm; invalid: null } | { data: null; invalid: SignupErrorField[] } {
  const parsed = signupFormSchema.safeParse({
    email: values.email,
    role: values.role,
    companySize: values.companySize,
    desiredOutcomes: values.desiredOutcomes,
    // The free text belongs to "Other" only; without it the text is not part of the sign-up.
    otherOutcome: hasOtherOutcome(values.desiredOutcomes) ? values.otherOutcome : undefined,
    privacyConsent: values.privacyConsent,
  });
  if (parsed.success) return { data: parsed.data, invalid: null };
  const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
  return { data: null, invalid: SIGNUP_ERROR_FIELDS.filter((field) => fields.has(field)) };
}

/**
 * A post the server answers with the page itself (status chosen by the route): what was posted, the fields that
 * are invalid (the page words each beside it), and the write's error in the API's shape (duplicate, check
 * violation, rate limit, outage), which the page words as the script's toast would.
 */
export interface SignupFormAnswer {
  values: SignupFormValues;
  invalid: SignupErrorField[];
  error?: ApiError | null;
  /** A likely typo in the address: the page asks "Did you mean …?" with this address, and stores nothing yet. */
  suggestion?: string | null;
  /** The typed address is on a refused domain (a typo of a big provider can be a temporary-inbox domain): only the suggestion is offered. */
  suggestionOnly?: boolean;
}

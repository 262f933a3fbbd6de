import * as z from 'zod/mini';
import { ATTRIBUTION_FIELDS, ATTRIBUTION_MAX_LENGTH, type AttributionField } from './attribution';
import { COMPANY_SIZE_OPTIONS, DESIRED_OUTCOME_OPTIONS, ROLE_OPTIONS } from './options';
import { EMAIL_MAX_LENGTH, OTHER_OUTCOME_MAX_LENGTH } from './limits';
import { SITE_LOCALES } from './locales';
import { otherOutcomeText } from './outcomes';

/**
 * A field's problem is reported under the field's own name (the `error` of each rule below); the catalogue words
 * it in the page's language (@waitlist/catalogue: form.validation). The contract holds no words a person reads.
 *
 * zod/mini keeps the browser bundle small (docs/decisions/0002). One e-mail rule for the form,
 * the server and (in spirit) the DB check: trimmed, ≤ 254 characters, local@domain.tld without spaces.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Made once: a zod schema is an object graph, and building one on every call was 3 % of a sign-up's CPU. */
const zodEmail = z.email();

export function isValidEmail(email: string): boolean {
  const normalized = normalizeEmail(email);
  return normalized.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(normalized) && zodEmail.safeParse(normalized).success;
}

const emailSchema = z.string().check(z.refine((value) => isValidEmail(value), { error: 'email' }));

/** The sign-up form as the visitor fills it (camelCase; privacyConsent is not stored). */
export const signupFormSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLE_OPTIONS, { error: 'role' }),
  companySize: z.enum(COMPANY_SIZE_OPTIONS, { error: 'companySize' }),
  desiredOutcomes: z
    .array(z.enum(DESIRED_OUTCOME_OPTIONS, { error: 'desiredOutcomes' }))
    .check(z.minLength(1, { error: 'desiredOutcomes' })),
  otherOutcome: z.optional(z.string().check(z.maxLength(OTHER_OUTCOME_MAX_LENGTH))),
  privacyConsent: z.literal(true, { error: 'privacyConsent' }),
});

export type SignupForm = z.infer<typeof signupFormSchema>;
export type SignupFormField = keyof SignupForm;

/** Attribution as optional columns of the sign-up body (the API accepts them, the island sends them). */
const attributionBodyShape = Object.fromEntries(
  ATTRIBUTION_FIELDS.map((field) => [field, z.optional(z.nullable(z.string().check(z.maxLength(ATTRIBUTION_MAX_LENGTH))))]),
) as Record<AttributionField, z.ZodMiniOptional<z.ZodMiniNullable<z.ZodMiniString<string>>>>;

/** The body of POST /rest/v1/waitlist_signups (snake_case, the table's columns). */
export const signupBodySchema = z.strictObject({
  email: emailSchema,
  role: z.enum(ROLE_OPTIONS),
  company_size: z.enum(COMPANY_SIZE_OPTIONS),
  desired_outcomes: z.array(z.enum(DESIRED_OUTCOME_OPTIONS)).check(z.minLength(1), z.maxLength(DESIRED_OUTCOME_OPTIONS.length)),
  other_outcome: z.optional(z.nullable(z.string().check(z.maxLength(OTHER_OUTCOME_MAX_LENGTH)))),
  ...attributionBodyShape,
  /** The language the person signed up in (their mails come in it); English when absent. */
  locale: z.optional(z.enum(SITE_LOCALES)),
});

export type SignupBody = z.infer<typeof signupBodySchema>;

export const SIGNUP_COLUMNS = ['email', 'role', 'company_size', 'desired_outcomes', 'other_outcome'] as const;
export type SignupColumn = (typeof SIGNUP_COLUMNS)[number];

/** Form → API body. The other-outcome text is sent only while "Other" is chosen. */
export function toSignupBody(form: SignupForm): SignupBody {
  return {
    email: normalizeEmail(form.email),
    role: form.role,
    company_size: form.companySize,
    desired_outcomes: [...new Set(form.desiredOutcomes)],
    other_outcome: otherOutcomeText(form.desiredOutcomes, form.otherOutcome),
  };
}

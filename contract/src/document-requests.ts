import * as z from 'zod/mini';
import { HONEYPOT_FIELD, PROOF_OF_WORK_FIELD } from './limits';
import { FORM_TOKEN_FIELD } from './form-post';
import { SITE_LOCALES } from './locales';
import { isValidEmail, normalizeEmail } from './schemas';

/**
 * "Request our security documents" (issue 37 item 1): the trust page's form for a buyer's procurement or security
 * people. It follows the sign-up form's rules: it posts to its own page without script (`/trust`, `/sv/trust`),
 * is rate limited per client, and a page whose script solved the proof of work posts it as `altcha`; a request
 * without one is stored all the same and its mail to the owners waits for the hourly budget of unproven mail.
 * The field rules live here, once, for the page, the server and the database's checks.
 */

/** Where a stored request is sent (303), so a reload posts nothing again (`/sv/trust/requested`). */
export const DOCUMENT_REQUEST_SENT_PATH = '/trust/requested';
/** The form's anchor on the trust page (the page's link to it, and where an answer with errors scrolls). */
export const DOCUMENT_REQUEST_ANCHOR = 'security-documents';

/** What a buyer can ask for; the owners answer by mail with what they have. */
export const DOCUMENT_KINDS = ['security-overview', 'signed-dpa', 'questionnaire', 'other'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_REQUEST_NAME_MAX_LENGTH = 100;
export const DOCUMENT_REQUEST_COMPANY_MAX_LENGTH = 100;
export const DOCUMENT_REQUEST_MESSAGE_MAX_LENGTH = 1000;
/** A request is erased this many days after it arrived (the retention job; the privacy page says so). */
export const DOCUMENT_REQUEST_RETENTION_DAYS = 365;

/** What the form holds, field by field, as strings (before validation). */
export interface DocumentRequestValues {
  name: string;
  email: string;
  company: string;
  documents: string[];
  message: string;
  /** Honeypot: hidden from people, filled by bots. */
  website: string;
  formToken: string;
}

export const EMPTY_DOCUMENT_REQUEST_VALUES: DocumentRequestValues = {
  name: '',
  email: '',
  company: '',
  documents: [],
  message: '',
  website: '',
  formToken: '',
};

/** Fields that can carry a message, in the order they appear (the first invalid one gets focus). */
export const DOCUMENT_REQUEST_ERROR_FIELDS = ['name', 'email', 'company', 'documents', 'message'] as const;
export type DocumentRequestErrorField = (typeof DOCUMENT_REQUEST_ERROR_FIELDS)[number];

/** A line of text: something besides spaces, at most `max` characters, no control characters (it goes into a subject). */
const CONTROL_CHARACTERS = /\p{Cc}/u;
const line = (max: number, field: DocumentRequestErrorField) =>
  z.string().check(z.refine((v) => v.trim().length > 0 && v.trim().length <= max && !CONTROL_CHARACTERS.test(v), { error: field }));

export const documentRequestSchema = z.object({
  name: line(DOCUMENT_REQUEST_NAME_MAX_LENGTH, 'name'),
  email: z.string().check(z.refine(isValidEmail, { error: 'email' })),
  company: line(DOCUMENT_REQUEST_COMPANY_MAX_LENGTH, 'company'),
  documents: z
    .array(z.enum(DOCUMENT_KINDS, { error: 'documents' }))
    .check(z.minLength(1, { error: 'documents' }), z.maxLength(DOCUMENT_KINDS.length, { error: 'documents' })),
  message: z.string().check(z.maxLength(DOCUMENT_REQUEST_MESSAGE_MAX_LENGTH, { error: 'message' })),
});

/** A request as it is stored: trimmed, the address lower-cased, the kinds once each in the contract's order. */
export interface DocumentRequest {
  name: string;
  email: string;
  company: string;
  documents: DocumentKind[];
  message: string | null;
  locale: (typeof SITE_LOCALES)[number];
}

/** Posted or FormData entries → form values; unknown names are ignored. */
export function documentRequestValuesFromEntries(entries: Iterable<readonly [string, unknown]>): DocumentRequestValues {
  const values: DocumentRequestValues = { ...EMPTY_DOCUMENT_REQUEST_VALUES, documents: [] };
  for (const [name, raw] of entries) {
    if (typeof raw !== 'string') continue;
    if (name === 'documents') values.documents.push(raw);
    else if (name === 'name' || name === 'email' || name === 'company' || name === 'message') values[name] = raw;
    else if (name === HONEYPOT_FIELD) values.website = raw;
    else if (name === FORM_TOKEN_FIELD) values.formToken = raw;
  }
  return values;
}

/** The schema applied to what the form holds: the request, or the invalid fields in the order they appear. */
export function validateDocumentRequest(
  values: DocumentRequestValues,
  locale: DocumentRequest['locale'],
): { data: DocumentRequest; invalid: null } | { data: null; invalid: DocumentRequestErrorField[] } {
  const parsed = documentRequestSchema.safeParse(values);
  if (!parsed.success) {
    const fields = new Set(parsed.error.issues.map((issue) => issue.path[0]));
    return { data: null, invalid: DOCUMENT_REQUEST_ERROR_FIELDS.filter((field) => fields.has(field)) };
  }
  const message = parsed.data.message.trim();
  return {
    data: {
      name: parsed.data.name.trim(),
      email: normalizeEmail(parsed.data.email),
      company: parsed.data.company.trim(),
      documents: DOCUMENT_KINDS.filter((kind) => parsed.data.documents.includes(kind)),
      message: message === '' ? null : message,
      locale,
    },
    invalid: null,
  };
}

/** The trust page answered to a post: what was posted, the invalid fields, and the error in the API's shape. */
export interface DocumentRequestAnswer {
  values: DocumentRequestValues;
  invalid: DocumentRequestErrorField[];
  /** 429 (too many from this network) or 503 (the database is down): the page words it. */
  error?: { code: string; message: string } | null;
}

/** The proof of work's field, posted by the page's script when it solved one (the same as the sign-up's). */
export const DOCUMENT_REQUEST_PROOF_FIELD = PROOF_OF_WORK_FIELD;

/** A request in the console (GET /api/admin/document-requests): newest first. */
export const adminDocumentRequestSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  documents: z.array(z.enum(DOCUMENT_KINDS)),
  message: z.nullable(z.string()),
  locale: z.string(),
  /** Whether it came with a solved proof of work (without one, its mail to the owners waited for the budget). */
  proof_of_work: z.boolean(),
  created_at: z.string(),
  /** When an operator marked it answered, and who (their address at the time). */
  answered_at: z.nullable(z.string()),
  answered_by: z.nullable(z.string()),
});
export type AdminDocumentRequest = z.infer<typeof adminDocumentRequestSchema>;

/** Every request of the last DOCUMENT_REQUEST_RETENTION_DAYS (at most 500), and how many are not answered yet. */
export const adminDocumentRequestListSchema = z.object({ items: z.array(adminDocumentRequestSchema), open: z.number() });
export type AdminDocumentRequestList = z.infer<typeof adminDocumentRequestListSchema>;

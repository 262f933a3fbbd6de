import {
  ATTRIBUTION_FIELDS,
  ATTRIBUTION_MAX_LENGTH,
  CHECK_CONSTRAINTS,
  ERROR_CODES,
  HONEYPOT_FIELD,
  PROOF_OF_WORK_FIELD,
  SIGNUP_COLUMNS,
  SIGNUP_ROWS_PER_REQUEST,
  SIGNUPS_TABLE,
  checkViolationMessage,
  normalizeEmail,
  referrerOrigin,
  signupBodySchema,
  withoutControlCharacters,
  type ApiError,
  type Attribution,
  type SignupBody,
  type SignupColumn,
} from '@waitlist/contract';

export type ParsedSignup =
  { kind: 'signup'; signup: SignupBody; solution: string | undefined } | { kind: 'honeypot' } | { kind: 'invalid'; error: ApiError };

const REQUIRED: SignupColumn[] = ['email', 'role', 'company_size', 'desired_outcomes'];
const COLUMN_TYPES: Record<SignupColumn, string> = {
  email: 'text',
  role: 'text',
  company_size: 'text',
  desired_outcomes: 'text[]',
  other_outcome: 'text',
};

const invalid = (code: string, message: string, hint: string | null = null): ParsedSignup => ({
  kind: 'invalid',
  error: { code, message, details: null, hint },
});

/** PostgreSQL text cannot hold NUL (it fails the insert with 22P05); refuse it up front on both engines. */
const isText = (value: unknown): value is string => typeof value === 'string' && !value.includes('\u0000');

const hasType = (column: SignupColumn, value: unknown): boolean => {
  if (column === 'desired_outcomes') return Array.isArray(value) && value.every(isText);
  if (column === 'other_outcome') return value === null || isText(value);
  return isText(value);
};

/**
 * Checks a parsed JSON body in the order PostgreSQL would fail it, answering with the same SQLSTATE:
 * shape (PGRST102) → columns (PGRST204) → NOT NULL (23502) → types (22P02) → CHECK constraints (23514).
 * A JSON array is PostgREST's bulk insert (what supabase-js sends); it may carry SIGNUP_ROWS_PER_REQUEST rows,
 * and its row is then read exactly like a bare object (docs/decisions/0005).
 * Never echoes submitted values back: error bodies carry no personal data.
 */
export function parseSignupBody(body: unknown): ParsedSignup {
  if (Array.isArray(body)) {
    if (body.length !== SIGNUP_ROWS_PER_REQUEST) {
      return invalid(
        ERROR_CODES.invalidJson,
        `Expected ${SIGNUP_ROWS_PER_REQUEST} row per request, got ${body.length}`,
        `Send one sign-up per request: a JSON object, or an array of at most ${SIGNUP_ROWS_PER_REQUEST} row.`,
      );
    }
    return parseRow(body[0]);
  }
  return parseRow(body);
}

function parseRow(body: unknown): ParsedSignup {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return invalid(ERROR_CODES.invalidJson, 'Expected a single JSON object as the request body', 'Send one sign-up per request.');
  }
  const record = body as Record<string, unknown>;
  const keys = Object.keys(record);

  const unknown = keys.find(
    (key) =>
      key !== HONEYPOT_FIELD &&
      key !== PROOF_OF_WORK_FIELD &&
      key !== 'locale' &&
      !(SIGNUP_COLUMNS as readonly string[]).includes(key) &&
      !(ATTRIBUTION_FIELDS as readonly string[]).includes(key),
  );
  if (unknown !== undefined) {
    return invalid(
      ERROR_CODES.unknownColumn,
      `Could not find the '${unknown.slice(0, 64)}' column of '${SIGNUPS_TABLE}' in the schema cache`,
    );
  }

  // The honeypot: people never see it, so anything in it is a bot. Answer as if stored; store nothing.
  const trap = record[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== null && trap !== '') return { kind: 'honeypot' };

  for (const column of REQUIRED) {
    if (record[column] === undefined || record[column] === null) {
      return invalid(
        ERROR_CODES.notNullViolation,
        `null value in column "${column}" of relation "${SIGNUPS_TABLE}" violates not-null constraint`,
      );
    }
  }
  for (const column of SIGNUP_COLUMNS) {
    if (record[column] !== undefined && !hasType(column, record[column])) {
      return invalid(ERROR_CODES.invalidTextRepresentation, `invalid input syntax for type ${COLUMN_TYPES[column]} in column "${column}"`);
    }
  }

  for (const column of ATTRIBUTION_FIELDS) {
    if (record[column] !== undefined && record[column] !== null && !isText(record[column])) {
      return invalid(ERROR_CODES.invalidTextRepresentation, `invalid input syntax for type text in column "${column}"`);
    }
  }
  const attribution: Attribution = {};
  for (const column of ATTRIBUTION_FIELDS) {
    // As the form's hidden field is read: control characters dropped (contract/src/attribution.ts).
    const value = typeof record[column] === 'string' ? withoutControlCharacters(record[column] as string).trim() : '';
    if (value === '') continue;
    if (value.length > ATTRIBUTION_MAX_LENGTH) {
      return invalid(ERROR_CODES.checkViolation, checkViolationMessage(`${SIGNUPS_TABLE}_${column}_check`));
    }
    // An origin, never a full URL; a path, never a URL: what does not fit is left out rather than refused.
    if (column === 'referrer_origin') {
      const origin = referrerOrigin(value, '');
      if (origin !== undefined) attribution.referrer_origin = origin;
    } else if (column === 'landing_path') {
      if (value.startsWith('/')) attribution.landing_path = value.split(/[?#]/)[0]!;
    } else attribution[column] = value;
  }

  const candidate = {
    ...attribution,
    email: normalizeEmail(record.email as string),
    role: record.role,
    company_size: record.company_size,
    desired_outcomes: [...new Set(record.desired_outcomes as string[])],
    other_outcome: typeof record.other_outcome === 'string' ? record.other_outcome.trim() || null : null,
    ...(record.locale === undefined || record.locale === null ? {} : { locale: record.locale }),
  };
  const result = signupBodySchema.safeParse(candidate);
  if (!result.success) {
    const column = result.error.issues[0]?.path[0] as SignupColumn | undefined;
    const constraint = CHECK_CONSTRAINTS[column ?? 'email'] ?? `${SIGNUPS_TABLE}_${String(column)}_check`;
    return invalid(ERROR_CODES.checkViolation, checkViolationMessage(constraint));
  }
  const solution = record[PROOF_OF_WORK_FIELD];
  return { kind: 'signup', signup: result.data, solution: typeof solution === 'string' ? solution : undefined };
}

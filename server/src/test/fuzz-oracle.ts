import {
  HONEYPOT_FIELD,
  SIGNUP_BODY_LIMIT_BYTES,
  SIGNUP_COLUMNS,
  SIGNUP_ROWS_PER_REQUEST,
  normalizeEmail,
  signupBodySchema,
} from '@waitlist/contract';

/**
 * The oracle of the fuzz tests (fuzz-bodies.ts generates the requests): what the contract says must happen to one
 * request, written from signupBodySchema and normalisation, not from the server's own validate.ts.
 */

export interface FuzzRequest {
  method: string;
  contentType: string | null;
  payload: string;
  /** A short label for failure messages. */
  kind: string;
}

export type Expected =
  | { outcome: 'stored'; email: string }
  | { outcome: 'honeypot' }
  | { outcome: 'rejected' }
  /** Accepted by the contract, but the e-mail may already be stored (201 or 409, by the oracle's set). */
  | { outcome: 'maybe-duplicate'; email: string };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Any own `__proto__` key, or a `constructor` key holding a `prototype`, anywhere in the value. */
function hasPoisonKey(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (Array.isArray(v)) stack.push(...v);
    else if (isPlainObject(v)) {
      if (Object.prototype.hasOwnProperty.call(v, '__proto__')) return true;
      const c = v.constructor;
      if (
        Object.prototype.hasOwnProperty.call(v, 'constructor') &&
        isPlainObject(c) &&
        Object.prototype.hasOwnProperty.call(c, 'prototype')
      )
        return true;
      stack.push(...Object.values(v));
    }
  }
  return false;
}

const ALLOWED_KEYS = new Set<string>([...SIGNUP_COLUMNS, HONEYPOT_FIELD]);

/** What the contract says must happen to one request (independent of the server's own parser). */
export function expectedOutcome(request: FuzzRequest): Expected {
  if (request.method !== 'POST') return { outcome: 'rejected' };
  if (request.contentType === null || !/^application\/json\s*(;|$)/i.test(request.contentType)) return { outcome: 'rejected' };
  if (Buffer.byteLength(request.payload) > SIGNUP_BODY_LIMIT_BYTES) return { outcome: 'rejected' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(request.payload);
  } catch {
    return { outcome: 'rejected' };
  }
  if (hasPoisonKey(parsed)) return { outcome: 'rejected' };
  // A JSON array is a bulk insert: one row is read exactly like the bare object, more are refused.
  const body: unknown = Array.isArray(parsed) ? (parsed.length === SIGNUP_ROWS_PER_REQUEST ? parsed[0] : undefined) : parsed;
  if (!isPlainObject(body)) return { outcome: 'rejected' };
  if (Object.keys(body).some((k) => !ALLOWED_KEYS.has(k))) return { outcome: 'rejected' };
  const trap = body[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== null && trap !== '') return { outcome: 'honeypot' };

  const { email, role, company_size, desired_outcomes, other_outcome } = body;
  if (typeof email !== 'string' || typeof role !== 'string' || typeof company_size !== 'string') return { outcome: 'rejected' };
  if (!Array.isArray(desired_outcomes) || !desired_outcomes.every((o) => typeof o === 'string')) return { outcome: 'rejected' };
  if (other_outcome !== undefined && other_outcome !== null && typeof other_outcome !== 'string') return { outcome: 'rejected' };
  const candidate = {
    email: normalizeEmail(email),
    role,
    company_size,
    desired_outcomes: [...new Set(desired_outcomes)],
    other_outcome: typeof other_outcome === 'string' ? other_outcome.trim() || null : null,
  };
  if (!signupBodySchema.safeParse(candidate).success) return { outcome: 'rejected' };
  // PostgreSQL text cannot hold NUL; the contract treats such text as invalid input on both engines.
  if (typeof candidate.other_outcome === 'string' && candidate.other_outcome.includes('\u0000')) return { outcome: 'rejected' };
  return { outcome: 'maybe-duplicate', email: candidate.email };
}

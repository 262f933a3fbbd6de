import {
  CHALLENGE_PATH,
  DEV_PUBLIC_KEY,
  HONEYPOT_FIELD,
  IDEMPOTENCY_HEADER,
  PROOF_OF_WORK_FIELD,
  SIGNUPS_PATH,
} from '@waitlist/contract/limits';
import { isApiError, type ApiError } from '@waitlist/contract/errors';
import type { SignupBody } from '@waitlist/contract/schemas';
import { randomUuid } from './random-uuid';

/** Waits before each retry of a failed attempt (network failure, 502, 503, 504). */
export const RETRY_DELAYS_MS = [1000, 2000, 4000] as const;
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);
/** Per-attempt timeout; an attempt that times out counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 10_000;

const API_URL = (import.meta.env.VITE_WAITLIST_API_URL ?? '').replace(/\/+$/, '');
const PUBLIC_KEY = import.meta.env.VITE_WAITLIST_PUBLIC_KEY || DEV_PUBLIC_KEY;

export type SubmitResult =
  | { ok: true }
  /** `error` is null when no answer came back (network failure) or the answer had no error object. */
  | { ok: false; status: number | null; error: ApiError | null };

type Attempt = { kind: 'response'; response: Response } | { kind: 'network' };

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function attempt(url: string, init: RequestInit): Promise<Attempt> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    return { kind: 'response', response: await fetch(url, { ...init, signal: controller.signal }) };
  } catch {
    // fetch rejects only when no HTTP answer arrived (offline, DNS, reset, timeout): retryable.
    return { kind: 'network' };
  } finally {
    clearTimeout(timer);
  }
}

async function readError(response: Response): Promise<ApiError | null> {
  try {
    const body: unknown = await response.json();
    return isApiError(body) ? body : null;
  } catch {
    return null; // not JSON (e.g. a proxy's HTML error page)
  }
}

/**
 * POST one sign-up. Network failures and 502/503/504 are retried after 1 s, 2 s and 4 s with the same
 * Idempotency-Key, so a retry of a request that did reach the database cannot create a second row.
 */
export async function submitSignup(body: SignupBody, options: { honeypot?: string; solution?: string | null } = {}): Promise<SubmitResult> {
  const payload: Record<string, unknown> = { ...body };
  if (options.honeypot) payload[HONEYPOT_FIELD] = options.honeypot;
  if (options.solution) payload[PROOF_OF_WORK_FIELD] = options.solution;
  const init: RequestInit = {
    method: 'POST',
    headers: {
      apikey: PUBLIC_KEY,
      Authorization: `Bearer ${PUBLIC_KEY}`,
      'Content-Type': 'application/json',
      Prefer: 'return=minimal',
      [IDEMPOTENCY_HEADER]: randomUuid(),
    },
    body: JSON.stringify(payload),
  };
  const url = `${API_URL}${SIGNUPS_PATH}`;

  for (let retry = 0; ; retry++) {
    const result = await attempt(url, init);
    const retryable = result.kind === 'network' || RETRYABLE_STATUSES.has(result.response.status);
    const delay = RETRY_DELAYS_MS[retry];
    if (retryable && delay !== undefined) {
      await sleep(delay);
      continue;
    }
    if (result.kind === 'network') return { ok: false, status: null, error: null };
    if (result.response.ok) return { ok: true };
    return { ok: false, status: result.response.status, error: await readError(result.response) };
  }
}

/** A proof-of-work challenge as GET /api/challenge answers it (ALTCHA). */
export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** The server's challenge, or null (an API without one, such as a hosted Supabase, or no network). */
export async function fetchChallenge(): Promise<PowChallenge | null> {
  const result = await attempt(`${API_URL}${CHALLENGE_PATH}`, { cache: 'no-store' });
  if (result.kind !== 'response' || !result.response.ok) return null;
  try {
    return (await result.response.json()) as PowChallenge;
  } catch {
    return null;
  }
}

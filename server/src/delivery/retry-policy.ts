/**
 * When the delivery worker tries an outbox row again. The first retry comes within 30 s, each wait doubles up to
 * an hour, and a row still undelivered 24 h after it was written is marked failed (the console shows it; an
 * operator can send it again). A little jitter keeps several server copies from retrying in lock-step.
 */

export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 60 * 60 * 1000;
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** Up to this share of a wait is taken off at random (never added: the first retry must stay within 30 s). */
const JITTER_SHARE = 0.2;

/** The wait before attempt number `failedAttempts + 1`, after `failedAttempts` failures (1 = the first failure). */
export function retryDelayMs(failedAttempts: number, random: () => number = Math.random, firstRetryMs = FIRST_RETRY_MS): number {
  const exponent = Math.max(0, failedAttempts - 1);
  const base = Math.min(MAX_RETRY_MS, firstRetryMs * 2 ** Math.min(exponent, 30));
  return Math.round(base * (1 - JITTER_SHARE * random()));
}

export type AfterFailure = { kind: 'retry'; nextAttemptAt: Date } | { kind: 'give-up'; reason: 'permanent' | 'expired' };

/**
 * What to do with a row whose attempt just failed. `createdAt` is when the row was written (the 24 h clock
 * starts with the sign-up, not with the first attempt); `permanent` is the transport's verdict. The last retry
 * is made at the 24 h mark itself, so a server that comes back late on the first day still gets the mail.
 */
export function afterFailure(input: {
  failedAttempts: number;
  createdAt: Date;
  now: Date;
  permanent: boolean;
  random?: () => number;
  /** OUTBOX_FIRST_RETRY_MS; tests shorten it. */
  firstRetryMs?: number;
  /** Never given up (an erasure in the CRM: tried at least hourly until it is done or an owner disconnects the CRM). */
  keepTrying?: boolean;
  /** The receiver asked us to wait this long (a 429's Retry-After): the next attempt is no sooner. */
  retryAfterMs?: number | null;
}): AfterFailure {
  const wait = Math.max(retryDelayMs(input.failedAttempts, input.random, input.firstRetryMs), input.retryAfterMs ?? 0);
  if (input.keepTrying) return { kind: 'retry', nextAttemptAt: new Date(input.now.getTime() + Math.min(wait, MAX_RETRY_MS)) };
  if (input.permanent) return { kind: 'give-up', reason: 'permanent' };
  const deadline = input.createdAt.getTime() + GIVE_UP_AFTER_MS;
  if (input.now.getTime() >= deadline) return { kind: 'give-up', reason: 'expired' };
  const next = Math.min(deadline, input.now.getTime() + wait);
  return { kind: 'retry', nextAttemptAt: new Date(next) };
}

/**
 * How long a console session lives (SESSION_IDLE_HOURS, ADMIN_SESSION_MAX_HOURS): it ends after `idleMs` without a
 * request (sliding) and, however busy, `maxMs` after it started (absolute). Pure: services/operator-sessions.ts applies
 * it to the rows of db/stores/operator-sessions.ts.
 */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

/** A session's expiry is pushed forward at most this often (one write per minute per operator, not per request). */
export const TOUCH_INTERVAL_MS = 60 * 1000;

/** The expiry of a session started at `startedAt` and used at `now`: idle time ahead, never past the absolute limit. */
export const expiryFrom = (lifetime: SessionLifetime, now: number, startedAt: number): number =>
  Math.min(now + lifetime.idleMs, startedAt + lifetime.maxMs);

/** Whether a session started at `startedAt` is past its absolute limit at `now`. */
export const pastMaximum = (lifetime: SessionLifetime, now: number, startedAt: number): boolean => startedAt + lifetime.maxMs <= now;

/**
 * What a request at `now` does to a session: it has ended (idle too long, or past its limit), it goes on as it is, or
 * it goes on with its expiry moved forward (when it was last seen a minute or more ago).
 */
export function sessionAt(
  lifetime: SessionLifetime,
  session: { startedAt: number; expiresAt: number; lastSeenAt: number },
  now: number,
): { ended: true } | { ended: false; touch: boolean; expiresAt: number } {
  if (session.expiresAt <= now || pastMaximum(lifetime, now, session.startedAt)) return { ended: true };
  if (now - session.lastSeenAt < TOUCH_INTERVAL_MS) return { ended: false, touch: false, expiresAt: session.expiresAt };
  return { ended: false, touch: true, expiresAt: expiryFrom(lifetime, now, session.startedAt) };
}

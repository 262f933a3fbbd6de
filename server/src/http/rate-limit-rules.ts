/**
 * Every rate limit of the server, declared here and nowhere else: what it guards, how many requests per client
 * address in which window, and what a refused client is told. The numbers come from the settings (env.ts parses
 * them; `off` turns a limit off); routes only name the limit they use (`config: limitedBy(limits.visit)`, or `sharedLimit` for one count over several routes).
 * Limits are counted per client IP, in Redis when REDIS_URL is set (shared by every copy) or in this process.
 */

const MINUTE_MS = 60_000;

export interface RateLimitRule {
  /** Requests per window per client address. */
  max: number;
  windowMs: number;
  /** What the 429 says. */
  message: string;
  /** While Redis is down: count in the database (true) rather than let requests through (fail open). */
  countInDatabaseWhenRedisFails?: boolean;
}

export interface RateLimitSettings {
  /** SIGNUP_RATE_LIMIT (per minute; null: off). */
  signupsPerMinute: number | null;
  /** VISIT_RATE_LIMIT (per minute; null: off). */
  visitsPerMinute: number | null;
  /** ADMIN_SIGNIN_RATE_LIMIT (per minute; null: off; the per-account-and-network delays stay). */
  signInsPerMinute: number | null;
}

const SIGNUP_REFUSED = 'Too many sign-up attempts from your network. Please wait a minute and try again.';

const rule = (max: number | null, windowMs: number, message: string, extra: Partial<RateLimitRule> = {}): RateLimitRule | null =>
  max === null ? null : { max, windowMs, message, ...extra };

export function declareRateLimits(settings: RateLimitSettings) {
  return {
    /**
     * Every way to sign up, counted together per client: POST /rest/v1/waitlist_signups (the API and the form's
     * script) and the form posted without script on every page that has it (http/rate-limiter.ts: sharedLimit).
     */
    signup: rule(settings.signupsPerMinute, MINUTE_MS, SIGNUP_REFUSED),
    /** The privacy page's "send me my link": a little more room than sign-ups, over ten minutes. */
    dataLink: rule(settings.signupsPerMinute === null ? null : Math.max(5, settings.signupsPerMinute), 10 * MINUTE_MS, 'Too many requests'),
    /**
     * The trust page's "request our security documents" posted from any network: a buyer asks once or twice, so five
     * in ten minutes leaves room for a corrected typo and a colleague on the same network, and none for a flood.
     */
    documentRequest: rule(
      settings.signupsPerMinute === null ? null : 5,
      10 * MINUTE_MS,
      'Too many requests from your network. Please wait a few minutes and try again.',
    ),
    /** POST /api/visit, the page-view beacon: a flood beyond it is refused and not counted. */
    visit: rule(settings.visitsPerMinute, MINUTE_MS, 'Too many page views from your network.'),
    /** POST /api/admin/session: holds while Redis is down (counted in the database). */
    signIn: rule(settings.signInsPerMinute, MINUTE_MS, 'Too many sign-in attempts from your network. Please wait a minute and try again.', {
      countInDatabaseWhenRedisFails: true,
    }),
  };
}

export type RateLimits = ReturnType<typeof declareRateLimits>;

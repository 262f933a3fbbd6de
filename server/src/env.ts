import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import { UNCONFIRMED_RETENTION_DAYS } from '@waitlist/catalogue';
import { DEV_PUBLIC_KEY } from '@waitlist/contract';
import { DEFAULT_MAX_NUMBER } from './services/proof-of-work';

/** The only reader of process.env (architecture guide). Parses once, fails fast listing every bad key. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const here = path.dirname(fileURLToPath(import.meta.url));
/** server/src or server/dist → repository root. */
const repoRoot = path.resolve(here, '..', '..');

const portSchema = z
  .pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number))
  .check(z.refine((n) => n > 0 && n < 65536, 'must be between 1 and 65535'));

/** A comma-separated list of e-mail domains (`example.com, @other.se`), lower-cased, each checked for shape. */
const domainList = z.pipe(
  z.string(),
  z.pipe(
    z.transform((v: string) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase().replace(/^@/, ''))
        .filter(Boolean),
    ),
    z.array(z.string().check(z.regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be domains such as example.com, comma-separated'))),
  ),
);

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  PORT: z._default(portSchema, 3000),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  DATABASE_URL: z.optional(z.string().check(z.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'))),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  /** Where backups go (`npm run backup`, and every BACKUP_EVERY_HOURS on SQLite); unset: no scheduled backups. */
  BACKUP_DIR: z.optional(z.string().check(z.minLength(1))),
  BACKUP_EVERY_HOURS: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a number of hours')), z.transform(Number))
      .check(z.refine((n) => n > 0, 'must be more than 0')),
    24,
  ),
  /** How many scheduled backups to keep in BACKUP_DIR (older ones are deleted). */
  BACKUP_KEEP: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number')), z.transform(Number))
      .check(z.refine((n) => n >= 1, 'must be at least 1')),
    14,
  ),
  /** The erasure ledger's file (docs/decisions/0023); default BACKUP_DIR/erasure-ledger.jsonl, else DATA_DIR's. */
  ERASURE_LEDGER: z.optional(z.string().check(z.minLength(1))),
  WAITLIST_PUBLIC_KEY: z._default(z.string().check(z.minLength(8, 'must be at least 8 characters')), DEV_PUBLIC_KEY),
  SIGNUP_RATE_LIMIT: z._default(
    z.pipe(
      z.string().check(z.regex(/^(off|\d+)$/, 'must be a whole number of sign-ups per minute, or "off"')),
      z.transform((v) => (v === 'off' ? null : Number(v))),
    ),
    5,
  ),
  /**
   * Confirmation mails an hour for sign-ups without proof of work, for all copies together ("off": no budget);
   * beyond it they wait in the outbox until it frees (services/mail-budget.ts).
   */
  UNVERIFIED_MAIL_BUDGET_PER_HOUR: z._default(
    z.pipe(
      z.string().check(z.regex(/^(off|[1-9]\d*)$/, 'must be a positive whole number of mails an hour, or "off"')),
      z.transform((v) => (v === 'off' ? null : Number(v))),
    ),
    30,
  ),
  /** The proof of work's HMAC key; unset: one is made and kept in the database, shared by every copy. */
  ALTCHA_HMAC_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters (for example: openssl rand -base64 32)'))),
  /** The largest number a challenge hides: a visitor's browser tries about half as many hashes. */
  ALTCHA_MAX_NUMBER: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9]\d{2,7}$/, 'must be a whole number from 100 to 99999999')), z.transform(Number)),
    DEFAULT_MAX_NUMBER,
  ),
  /** Page-view beacons per minute per client IP ("off" disables); a flood beyond it is refused and not counted. */
  VISIT_RATE_LIMIT: z._default(
    z.pipe(
      z.string().check(z.regex(/^(off|\d+)$/, 'must be a whole number of page views per minute, or "off"')),
      z.transform((v) => (v === 'off' ? null : Number(v))),
    ),
    120,
  ),
  TRUST_PROXY: z._default(
    z.pipe(
      z.string().check(z.minLength(1)),
      z.transform((v): boolean | number | string[] => {
        if (v === 'true') return true;
        if (v === 'false') return false;
        if (/^\d+$/.test(v)) return Number(v);
        return v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
      }),
    ),
    false,
  ),
  CORS_ORIGINS: z._default(
    z.pipe(
      z.string(),
      z.transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ),
    [],
  ),
  /** `mx`: refuse an address whose domain has no MX, A or AAAA record (lib/mail-domains.ts); `off` (default): no lookups. */
  EMAIL_DOMAIN_CHECK: z._default(z.enum(['off', 'mx']), 'off'),
  /** Where those lookups go (comma-separated `ip` or `ip:port`, IPv6 as `[ip]:port`); unset: the machine's resolvers. */
  DNS_SERVERS: z._default(
    z.pipe(
      z.string(),
      z.pipe(
        z.transform((v: string) =>
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
        z.array(
          z
            .string()
            .check(
              z.regex(
                /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-fA-F:]+\](:\d{1,5})?|[0-9a-fA-F:]+)$/,
                'must be IP addresses, optionally with :port',
              ),
            ),
        ),
      ),
    ),
    [],
  ),
  /** Domains refused besides the maintained list of temporary-inbox services (lib/email-domains.ts), comma-separated. */
  BLOCKED_EMAIL_DOMAINS: z._default(domainList, []),
  /** Domains accepted even where the list or BLOCKED_EMAIL_DOMAINS would refuse them, comma-separated. */
  ALLOWED_EMAIL_DOMAINS: z._default(domainList, []),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS), 'info'),
  /** Slow clients (slowloris): a request's headers must arrive within this many ms, the whole request within the next. */
  HTTP_HEADERS_TIMEOUT_MS: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')), z.transform(Number)),
    10_000,
  ),
  HTTP_REQUEST_TIMEOUT_MS: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')), z.transform(Number)),
    15_000,
  ),
  /** Where the built site lives; tests point it elsewhere. */
  WEB_DIST_DIR: z._default(z.string(), path.join(repoRoot, 'web', 'dist')),
  /** The web build's server renderer (entry-server.js and the page template), for pages rendered per request. */
  WEB_SSR_DIR: z._default(z.string(), path.join(repoRoot, 'web', 'ssr-dist')),
  /**
   * Group-commit window for sign-up inserts, in ms (0 = one transaction per request). Sign-ups arriving within
   * the window share one durable commit (one fsync); each is answered after it. See docs/performance.md.
   */
  SIGNUP_BATCH_WINDOW_MS: z._default(
    z.pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number of milliseconds')), z.transform(Number)),
    2,
  ),
  /** Operator sessions end after this many hours without a request (sliding). */
  SESSION_IDLE_HOURS: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a number of hours')), z.transform(Number))
      .check(z.refine((n) => n > 0, 'must be more than 0')),
    12,
  ),
  /** Operator sessions end this many hours after sign-in however busy they are (absolute lifetime). */
  ADMIN_SESSION_MAX_HOURS: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a number of hours')), z.transform(Number))
      .check(z.refine((n) => n > 0, 'must be more than 0')),
    168,
  ),
  /** Who must have a second factor (TOTP or a passkey) before anything else in the console (docs/decisions/0022). */
  REQUIRE_2FA: z._default(z.enum(['off', 'owners', 'all'], { error: 'must be off, owners or all' }), 'off'),
  /** The audit trail keeps operators' actions this many days (at least 30); older ones are deleted by the hour. */
  AUDIT_RETENTION_DAYS: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number of days')), z.transform(Number))
      .check(z.refine((n) => n >= 30, 'must be at least 30 days')),
    400,
  ),
  /** Operator sign-in attempts per minute per client IP; "off" disables (the per-account-and-network delays stay). */
  ADMIN_SIGNIN_RATE_LIMIT: z._default(
    z.pipe(
      z.string().check(z.regex(/^(off|\d+)$/, 'must be a whole number of attempts per minute, or "off"')),
      z.transform((v) => (v === 'off' ? null : Number(v))),
    ),
    10,
  ),
  /** smtp://user:pass@host:port or smtps://…; unset: mail waits in the outbox (docs/decisions/0007). */
  SMTP_URL: z.optional(z.string().check(z.regex(/^smtps?:\/\/[^/?#\s]+/, 'must be an smtp:// or smtps:// URL with a host'))),
  /** The From of every mail, e.g. `Acme Innovate <hello@example.com>`; default: no-reply at SITE_URL's host. */
  MAIL_FROM: z.optional(z.string().check(z.regex(/@/, 'must contain an e-mail address'))),
  /** The public origin links in mail point to; default http://localhost:$PORT. */
  SITE_URL: z.optional(
    z.pipe(
      z.string().check(z.regex(/^https?:\/\/[^/?#\s]+\/?$/, 'must be an origin such as https://example.com (no path)')),
      z.transform((v) => v.replace(/\/+$/, '')),
    ),
  ),
  /**
   * Unconfirmed sign-ups are erased this many days after their confirmation mail went out. The default is the
   * catalogue's fact, which the privacy page states (server.ts warns when the two differ).
   */
  UNCONFIRMED_RETENTION_DAYS: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number of days')), z.transform(Number)),
    UNCONFIRMED_RETENTION_DAYS,
  ),
  /**
   * Redis shared by every copy for rate-limit counters (docs/deployment.md); unset counts in this process. Limits
   * fail open while it is down.
   */
  REDIS_URL: z.optional(z.string().check(z.regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL'))),
  /** Connections the mail worker keeps open to the relay (mails in flight at once, per copy). */
  SMTP_MAX_CONNECTIONS: z._default(
    z
      .pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number')), z.transform(Number))
      .check(z.refine((n) => n <= 50, 'must be at most 50')),
    5,
  ),
  /**
   * The pace of invitation waves and updates to the list, shared by every copy (a token bucket in the database,
   * never more than 10 seconds' worth at once); the sign-ups' own mails never wait for it.
   */
  BULK_MAIL_PER_MINUTE: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number of mails a minute')), z.transform(Number)),
    300,
  ),
  /** How often each delivery worker looks for due outbox rows when nothing nudges it. */
  OUTBOX_POLL_MS: z._default(
    z.pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')), z.transform(Number)),
    1_000,
  ),
  /**
   * How long a copy holds the outbox rows it claimed (renewed every third of it while it sends them): after a crash
   * another copy, or the restarted one, takes them over once it ends.
   */
  OUTBOX_LEASE_MS: z._default(
    z
      .pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')), z.transform(Number))
      .check(z.refine((n) => n >= 1_000, 'must be at least 1000')),
    30_000,
  ),
  /** The wait before the first retry of a failed delivery (then doubling, capped at 1 h); at most 30 s. */
  OUTBOX_FIRST_RETRY_MS: z._default(
    z
      .pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')), z.transform(Number))
      .check(z.refine((n) => n <= 30_000, 'must be at most 30000 (the first retry comes within 30 s)')),
    30_000,
  ),
  /**
   * Endpoints that receive signed webhook events (docs/decisions/0008-webhooks.md), comma-separated; unset: none
   * are queued.
   */
  WEBHOOK_URL: z.optional(
    z
      .pipe(
        z.string(),
        z.transform((v) =>
          v
            .split(',')
            .map((u) => u.trim())
            .filter(Boolean),
        ),
      )
      .check(z.refine((urls) => urls.every((u) => /^https?:\/\/[^\s/?#]+[^\s]*$/.test(u)), 'must be http(s) URLs, comma-separated')),
  ),
  /** The Standard Webhooks signing secret, `whsec_` followed by base64 (at least 24 bytes). */
  WEBHOOK_SECRET: z.optional(
    z
      .string()
      .check(
        z.refine(
          (v) => /^whsec_[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v.slice(6), 'base64').length >= 24,
          'must be whsec_ followed by at least 24 bytes in base64',
        ),
      ),
  ),
  /**
   * Where an accepted invitation sends the person (the product's own sign-up), with `code=<access code>` added to
   * its query; unset: a page shows the code and what happens next.
   */
  ACCESS_REDIRECT_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s/?#]+[^\s#]*$/, 'must be an http(s) URL without a fragment'))),
  /** The product's key for POST /api/access/redeem (Authorization: Bearer …); unset: no such route. */
  ACCESS_API_KEY: z.optional(z.string().check(z.regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters without spaces'))),
  /** Turns on GET /metrics (Prometheus), answered only to `Authorization: Bearer <token>`; unset: no such route. */
  METRICS_TOKEN: z.optional(z.string().check(z.regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces'))),
});

export type Env = Omit<z.infer<typeof envSchema>, 'SITE_URL'> & { SITE_URL: string };

export class EnvError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid environment:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Empty strings count as unset, as in most deployment tools. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = source[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const issues = result.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? '(root)');
      return `${key}: ${issue.message}`;
    });
    throw new EnvError([...new Set(issues)]);
  }
  if (result.data.WEBHOOK_URL?.length && !result.data.WEBHOOK_SECRET) {
    throw new EnvError(['WEBHOOK_SECRET: must be set when WEBHOOK_URL is (events are signed)']);
  }
  return {
    ...result.data,
    DATA_DIR: path.resolve(result.data.DATA_DIR),
    SITE_URL: result.data.SITE_URL ?? `http://localhost:${result.data.PORT}`,
  };
}

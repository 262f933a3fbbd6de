import * as z from 'zod/mini';
import { UNCONFIRMED_RETENTION_DAYS } from '@waitlist/catalogue';

/** The console, mail and delivery, and what other systems reach (webhooks, the product's access codes, metrics). */
export const consoleAndMailSettings = {
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
  /**
   * People's data one operator may read in the console an hour (list pages count the people shown, a person page one);
   * past it their reads answer 429 until the hour ends and the owners are mailed. "off": no budget. The default is a
   * long day's review (100 pages of 50) and 200 hours for a million rows.
   */
  ADMIN_READ_BUDGET_PER_HOUR: z._default(
    z.pipe(
      z.string().check(z.regex(/^(off|[1-9]\d*)$/, 'must be a positive whole number of people an hour, or "off"')),
      z.transform((v) => (v === 'off' ? null : Number(v))),
    ),
    5000,
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
  /**
   * DKIM (RFC 6376) in the server: a PEM private key (RSA or Ed25519) and its selector; every mail is signed for
   * MAIL_FROM's domain, covering From, Subject, Date, Message-ID and List-Unsubscribe(-Post). Both or neither.
   */
  DKIM_PRIVATE_KEY_FILE: z.optional(z.string().check(z.minLength(1))),
  DKIM_SELECTOR: z.optional(z.string().check(z.regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, 'must be a DNS label such as mail2026'))),
  /**
   * The domain of the per-mail bounce addresses (VERP, `b<id>-<tag>@BOUNCE_DOMAIN`), e.g. bounces.example.com: its MX
   * points at this server's INBOUND_SMTP_PORT (or at a mail server that forwards to it). Unset: the relay's default
   * return path, and reports come only from the relay (a 5xx at RCPT, its webhook).
   */
  BOUNCE_DOMAIN: z.optional(
    z.pipe(
      z
        .string()
        .check(
          z.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i, 'must be a domain such as bounces.example.com'),
        ),
      z.transform((v) => v.toLowerCase()),
    ),
  ),
  /** The built-in inbound SMTP listener for BOUNCE_DOMAIN (bounce and complaint reports only; no relay). Unset: none. */
  INBOUND_SMTP_PORT: z.optional(
    z
      .pipe(z.string().check(z.regex(/^\d{1,5}$/, 'must be a port number')), z.transform(Number))
      .check(z.refine((n) => n >= 0 && n <= 65535, 'must be a port number (0-65535)')),
  ),
  /** The address the inbound listener binds to; default every interface. */
  INBOUND_SMTP_HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  /** The largest report the listener accepts, in bytes (a bounce quotes the mail it returns); default 1 MB. */
  INBOUND_SMTP_MAX_BYTES: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d+$/, 'must be a whole number of bytes')), z.transform(Number))
      .check(z.refine((n) => n >= 10_000 && n <= 50_000_000, 'must be between 10000 and 50000000 bytes')),
    1_000_000,
  ),
  /**
   * Relays' bounce and complaint webhooks (POST /api/mail-events/<relay>), each on when its secret is set: Postmark's
   * Basic credentials (`user:password`, also written into the webhook URL there), Mailgun's webhook signing key,
   * Resend's signing secret (`whsec_…`).
   */
  POSTMARK_WEBHOOK_CREDENTIALS: z.optional(
    z.string().check(z.regex(/^[^:\s]{8,128}:[^\s]{16,256}$/, 'must be user:password (a password of 16 or more characters)')),
  ),
  MAILGUN_WEBHOOK_SIGNING_KEY: z.optional(z.string().check(z.minLength(16), z.maxLength(256))),
  RESEND_WEBHOOK_SECRET: z.optional(
    z.string().check(z.regex(/^whsec_[A-Za-z0-9+/=]{16,256}$/, 'must be the whsec_… signing secret Resend shows')),
  ),
  /**
   * A call with the best (issue 36 item 3): the scheduler's public booking page (Cal.com, Calendly or any other),
   * offered to confirmed people whose fit score is at least BOOKING_MIN_SCORE, on the confirmation page and in a
   * follow-up mail; the link carries an opaque reference (Cal.com: `metadata[ref]`, Calendly: `utm_content`).
   */
  BOOKING_URL: z.optional(z.string().check(z.regex(/^https:\/\/[^\s/?#]+[^\s#]*$/, 'must be an https URL without a fragment'))),
  BOOKING_MIN_SCORE: z._default(
    z
      .pipe(z.string().check(z.regex(/^\d{1,3}$/, 'must be a whole number from 0 to 100')), z.transform(Number))
      .check(z.refine((n) => n <= 100, 'must be a whole number from 0 to 100')),
    70,
  ),
  /**
   * The CRMs' APIs (issue 49; docs/decisions/0046-crm-sync.md): the vendors' own hosts unless set, so tests and an
   * outbound proxy can point elsewhere. In PIPEDRIVE_API_URL `{company_domain}` stands for the connected company's.
   */
  HUBSPOT_API_URL: z.optional(z.string().check(z.regex(/^https?:\/\/[^\s/?#]+\/?$/, 'must be an origin such as https://api.hubapi.com'))),
  PIPEDRIVE_API_URL: z.optional(
    z.string().check(z.regex(/^https?:\/\/[^\s/?#]+\/?$/, 'must be an origin such as https://{company_domain}.pipedrive.com')),
  ),
  /** The schedulers' booking webhooks (POST /api/bookings/cal-com, …/calendly), each on when its secret is set. */
  CALCOM_WEBHOOK_SECRET: z.optional(z.string().check(z.minLength(16), z.maxLength(256))),
  CALENDLY_WEBHOOK_SIGNING_KEY: z.optional(z.string().check(z.minLength(16), z.maxLength(256))),
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
  /**
   * How long one Redis command may take before the limits count in this process for 2 s instead (a Redis on another
   * machine, or a busy one, may need more than the default).
   */
  REDIS_COMMAND_TIMEOUT_MS: z._default(
    z
      .pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number of milliseconds')), z.transform(Number))
      .check(z.refine((n) => n >= 10 && n <= 10_000, 'must be between 10 and 10000')),
    250,
  ),
  /** Connections the mail worker keeps open to the relay (mails in flight at once, per copy). */
  SMTP_MAX_CONNECTIONS: z._default(
    z
      .pipe(z.string().check(z.regex(/^[1-9]\d*$/, 'must be a positive whole number')), z.transform(Number))
      .check(z.refine((n) => n <= 50, 'must be at most 50')),
    5,
  ),
  /**
   * The pace of invitation waves and updates to the list, shared by every copy (a token bucket in the database,
   * never more than one second's share at once); the sign-ups' own mails never wait for it.
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
  /** The product's key for POST /api/access/redeem (Authorization: Bearer …); unset: 401 unless a console key has access:redeem. */
  ACCESS_API_KEY: z.optional(z.string().check(z.regex(/^[\x21-\x7e]{32,}$/, 'must be at least 32 printable characters without spaces'))),
  /** A key for GET /metrics (Prometheus), `Authorization: Bearer <token>`; unset: 401 unless a console key has metrics:read. */
  METRICS_TOKEN: z.optional(z.string().check(z.regex(/^[\x21-\x7e]{16,}$/, 'must be at least 16 printable characters without spaces'))),
};

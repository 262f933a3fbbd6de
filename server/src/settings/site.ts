import path from 'node:path';
import * as z from 'zod/mini';
import { DEV_PUBLIC_KEY } from '@waitlist/contract';
import { decodeSecretsKey } from '../io/secrets-key';
import { DEFAULT_MAX_NUMBER } from '../services/proof-of-work';
import { LOG_LEVELS, repoRoot, portSchema, domainList } from './fields';

/** The server, its database and the public site: where it runs, what it stores where, who may sign up and how often. */
export const siteSettings = {
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
  /**
   * The key that seals authenticator secrets and hashes recovery codes (docs/decisions/0028): 32 random bytes in base64
   * or hex, the same on every copy. Unset: SECRETS_KEY_FILE (default DATA_DIR/secrets.key), made on first start.
   */
  SECRETS_KEY: z.optional(
    z
      .string()
      .check(
        z.refine((v) => decodeSecretsKey(v) !== null, 'must be 32 random bytes in base64 or hex (for example: openssl rand -base64 32)'),
      ),
  ),
  SECRETS_KEY_FILE: z.optional(z.string().check(z.minLength(1))),
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
  /** `mx`: refuse an address whose domain has no MX, A or AAAA record (io/mx-lookup.ts); `off` (default): no lookups. */
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
  /** Domains refused besides the maintained list of temporary-inbox services (lib/refused-domains.ts), comma-separated. */
  BLOCKED_EMAIL_DOMAINS: z._default(domainList, []),
  /** Domains accepted even where the list or BLOCKED_EMAIL_DOMAINS would refuse them, comma-separated. */
  ALLOWED_EMAIL_DOMAINS: z._default(domainList, []),
  LOG_LEVEL: z._default(z.enum(LOG_LEVELS), 'info'),
  /**
   * `auto`: one readable line per event on a terminal outside production (pino-pretty), JSON otherwise; `json` or
   * `pretty` force one.
   */
  LOG_FORMAT: z._default(z.enum(['auto', 'json', 'pretty'], { error: 'must be auto, json or pretty' }), 'auto'),
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
};

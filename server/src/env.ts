import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';

/** The only reader of process.env (architecture guide). Parses once, fails fast listing every bad key. */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const here = path.dirname(fileURLToPath(import.meta.url));
/** server/src or server/dist → repository root. */
const repoRoot = path.resolve(here, '..', '..');

const portSchema = z.pipe(
  z.string().check(z.regex(/^\d+$/, 'must be a whole number')),
  z.transform(Number),
).check(z.refine((n) => n > 0 && n < 65536, 'must be between 1 and 65535'));

const envSchema = z.object({
  NODE_ENV: z._default(z.enum(['development', 'production', 'test']), 'development'),
  PORT: z._default(portSchema, 3000),
  HOST: z._default(z.string().check(z.minLength(1)), '0.0.0.0'),
  DATABASE_URL: z.optional(
    z.string().check(z.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')),
  ),
  DATA_DIR: z._default(z.string().check(z.minLength(1)), './data'),
  WAITLIST_PUBLIC_KEY: z._default(z.string().check(z.minLength(8, 'must be at least 8 characters')), 'dev-public-key'),
  SIGNUP_RATE_LIMIT: z._default(
    z.pipe(
      z.string().check(z.regex(/^(off|\d+)$/, 'must be a whole number of sign-ups per minute, or "off"')),
      z.transform((v) => (v === 'off' ? null : Number(v))),
    ),
    5,
  ),
  TRUST_PROXY: z._default(
    z.pipe(
      z.string().check(z.minLength(1)),
      z.transform((v): boolean | number | string[] => {
        if (v === 'true') return true;
        if (v === 'false') return false;
        if (/^\d+$/.test(v)) return Number(v);
        return v.split(',').map((s) => s.trim()).filter(Boolean);
      }),
    ),
    false,
  ),
  CORS_ORIGINS: z._default(
    z.pipe(
      z.string(),
      z.transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
    ),
    [],
  ),
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
    z.pipe(z.string().check(z.regex(/^\d+(\.\d+)?$/, 'must be a number of hours')), z.transform(Number)).check(
      z.refine((n) => n > 0, 'must be more than 0'),
    ),
    12,
  ),
  /** Operator sign-in attempts per minute per client IP; "off" disables (the per-account lockout stays). */
  ADMIN_SIGNIN_RATE_LIMIT: z._default(
    z.pipe(
      z.string().check(z.regex(/^(off|\d+)$/, 'must be a whole number of attempts per minute, or "off"')),
      z.transform((v) => (v === 'off' ? null : Number(v))),
    ),
    10,
  ),
});

export type Env = z.infer<typeof envSchema>;

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
  return { ...result.data, DATA_DIR: path.resolve(result.data.DATA_DIR) };
}

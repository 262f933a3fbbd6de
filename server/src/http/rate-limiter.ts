import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '@waitlist/contract';
import type { MetricsRecorder } from '../lib/metrics-recorder';
import { HttpError } from './http-error';
import { failOpenRedisStore, snapshotLocalStore, type FallbackCounter, type LimitWithFallback } from './rate-limit-counters';
import type { RateLimitRule } from './rate-limit-rules';
import type { SharedRedis } from './redis';

export interface RateLimitSetup {
  /** Counts in Redis, shared by every copy (failing open while Redis is down); without it, in this process. */
  redis?: SharedRedis | undefined;
  metrics: MetricsRecorder;
}

/**
 * Rate limits: registered once for the whole app (no route is limited unless it asks), counted per client IP.
 * Routes ask with `config: limitedBy(limits.x)` (rate-limit-rules.ts declares them all). Every refusal is counted under
 * the route's pattern.
 */
export async function registerRateLimit(app: FastifyInstance, { redis, metrics }: RateLimitSetup): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(redis ? { store: failOpenRedisStore(redis), skipOnError: true } : { store: snapshotLocalStore() }),
    onExceeded: (request) => metrics.count('rateLimitRefusals', { limit: request.routeOptions.url ?? 'unmatched' }),
  });
}

/** One count for several routes: `check` says whether this request may pass, and when to try again if not. */
export interface SharedLimit {
  readonly rule: RateLimitRule;
  check(request: FastifyRequest): Promise<{ allowed: true } | { allowed: false; retryAfterMs: number }>;
}

/**
 * A limit several routes share (every way to sign up counts against one budget per client): made once on the
 * app that registered the rate-limit plugin, and handed to each route that checks it. Refusals are counted under
 * `name`. Like every limit it fails open while Redis is down.
 */
export function sharedLimit(app: FastifyInstance, rule: RateLimitRule | null, metrics: MetricsRecorder, name: string): SharedLimit | null {
  if (rule === null) return null;
  const limiter = app.createRateLimit({ max: rule.max, timeWindow: rule.windowMs });
  return {
    rule,
    async check(request) {
      const result = await limiter(request);
      if (result.isAllowed || !result.isExceeded) return { allowed: true };
      metrics.count('rateLimitRefusals', { limit: name });
      return { allowed: false, retryAfterMs: result.ttl };
    },
  };
}

/** A 429 in the public error shape, telling the client when to try again. */
export function tooManyRequests(message: string, retryAfterMs: number, code: string = ERROR_CODES.rateLimited): HttpError {
  return new HttpError(429, code, message, null, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))) });
}

/**
 * Route config for a limit declared in rate-limit-rules.ts; null (the setting is "off") limits nothing. A limit fails
 * open while Redis is down unless it counts in the database then (`whenRedisFails`, the counter to use).
 */
export function limitedBy(
  limit: RateLimitRule | null,
  { whenRedisFails }: { whenRedisFails?: FallbackCounter } = {},
): { rateLimit?: RateLimitOptions } {
  if (limit === null) return {};
  const rateLimit: LimitWithFallback = {
    max: limit.max,
    timeWindow: limit.windowMs,
    errorResponseBuilder: (_request, context) => tooManyRequests(limit.message, context.ttl),
    ...(limit.countInDatabaseWhenRedisFails && whenRedisFails ? { whenRedisFails } : {}),
  };
  return { rateLimit };
}

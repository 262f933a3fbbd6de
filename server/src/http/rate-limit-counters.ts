import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { SharedRedis } from './redis';

/** @fastify/rate-limit's own Redis store (one Lua script: INCR + PEXPIRE), which the package ships untyped. */
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => FastifyRateLimitStore;
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;
type LocalStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => FastifyRateLimitStore;
const LocalStore = createRequire(import.meta.url)('@fastify/rate-limit/store/LocalStore.js') as LocalStoreCtor;

/**
 * Counts one request under `key` in a fixed window of `windowMs` somewhere every copy shares (the database): the
 * count so far and the ms until the window ends. For a limit that must hold while Redis is down.
 */
export type FallbackCounter = (key: string, windowMs: number) => Promise<{ current: number; ttlMs: number }>;

/** A route's rate-limit options as the Redis store's `child()` receives them (merged with the plugin's). */
export interface LimitWithFallback extends RateLimitOptions {
  /** Where to count while Redis fails, instead of failing open. */
  whenRedisFails?: FallbackCounter;
}

/** Every copy counts under the same keys, so a limit is the same with one copy or ten. */
export const RATE_LIMIT_KEY_PREFIX = 'waitlist:rate-limit:';

type Incr = FastifyRateLimitStore['incr'];

/** What a route's counter is told when Redis is not asked: it fell back or failed open. */
interface Fallback {
  count: FallbackCounter;
  /** The route, so one client's counts on two routes stay apart (as Redis keys them). */
  route: string;
}

/**
 * The Redis store, failing open: when Redis errs, times out or was failing a moment ago, the request is counted
 * (`waitlist_redis_errors_total{operation="rate_limit"}`: one per request Redis did not count), a warning is
 * logged, and the error goes to @fastify/rate-limit, which lets the request through (`skipOnError: true`). A route
 * that set `whenRedisFails` (admin sign-in) is counted there instead.
 */
class FailOpenStore implements FastifyRateLimitStore {
  constructor(
    private readonly inner: FastifyRateLimitStore,
    private readonly redis: SharedRedis,
    private readonly fallback?: Fallback,
  ) {}

  incr(key: string, callback: Parameters<Incr>[1], timeWindow: number, max: number): void {
    if (this.redis.isTripped()) {
      this.redis.reportSkipped('rate_limit');
      return this.withoutRedis(key, callback, timeWindow, new Error('redis skipped after a recent failure'));
    }
    this.inner.incr(
      key,
      (error, result) => {
        if (!error) return callback(null, result);
        this.redis.reportError('rate_limit', error);
        this.withoutRedis(key, callback, timeWindow, error);
      },
      timeWindow,
      max,
    );
  }

  private withoutRedis(key: string, callback: Parameters<Incr>[1], timeWindow: number, error: Error): void {
    if (!this.fallback) return callback(error);
    this.fallback.count(`${this.fallback.route}-${key}`, timeWindow).then(
      ({ current, ttlMs }) => callback(null, { current, ttl: ttlMs }),
      (fallbackError: unknown) => callback(fallbackError instanceof Error ? fallbackError : error),
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    // At run time these are the route's rate-limit options merged with the plugin's (the types say otherwise).
    const { whenRedisFails, routeInfo } = routeOptions as unknown as LimitWithFallback & { routeInfo: { method?: string; url?: string } };
    const fallback = whenRedisFails && { count: whenRedisFails, route: `${routeInfo.method}${routeInfo.url}` };
    return new FailOpenStore(this.inner.child(routeOptions), this.redis, fallback);
  }
}

/** For @fastify/rate-limit's `store` option; pair it with `skipOnError: true`. */
export function failOpenRedisStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  return class extends FailOpenStore {
    constructor(options: FastifyRateLimitOptions) {
      const params = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      super(
        new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis.client, RATE_LIMIT_KEY_PREFIX),
        redis,
      );
    }
  };
}

/**
 * The in-process store, answering each request with its own count. @fastify/rate-limit's LocalStore hands every
 * caller the same mutable counter object, which the plugin reads only after an await: in a burst of concurrent
 * requests all of them saw the final count, so 1,000 at once were all refused (or, at the window's edge, all let
 * through). A copy per call fixes that.
 */
class SnapshotLocalStore implements FastifyRateLimitStore {
  constructor(private readonly inner: FastifyRateLimitStore) {}

  incr(key: string, callback: Parameters<Incr>[1], timeWindow: number, max: number): void {
    this.inner.incr(key, (error, result) => callback(error, result && { current: result.current, ttl: result.ttl }), timeWindow, max);
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new SnapshotLocalStore(this.inner.child(routeOptions));
  }
}

/** For @fastify/rate-limit's `store` option when there is no Redis. */
export function snapshotLocalStore(): FastifyRateLimitStoreCtor {
  return class extends SnapshotLocalStore {
    constructor(options: FastifyRateLimitOptions) {
      const params = options as { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };
      super(new LocalStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, params.cache));
    }
  };
}

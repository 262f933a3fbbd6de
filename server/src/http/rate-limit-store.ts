import { createRequire } from 'node:module';
import type { FastifyRateLimitOptions, FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { SharedRedis } from './redis';

/** @fastify/rate-limit's own Redis store (one Lua script: INCR + PEXPIRE), which the package ships untyped. */
type RedisStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => FastifyRateLimitStore;
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore.js') as RedisStoreCtor;

/** Every copy counts under the same keys, so a limit is the same with one copy or ten. */
export const RATE_LIMIT_KEY_PREFIX = 'waitlist:rate-limit:';

type Incr = FastifyRateLimitStore['incr'];

/**
 * The Redis store, failing open: when Redis errs, times out or was failing a moment ago, the request is counted
 * (`waitlist_redis_errors_total{operation="rate_limit"}`: one per request let through), a warning is logged, and
 * the error goes to @fastify/rate-limit, which lets the request through (`skipOnError: true`).
 */
class FailOpenStore implements FastifyRateLimitStore {
  constructor(
    private readonly inner: FastifyRateLimitStore,
    private readonly redis: SharedRedis,
  ) {}

  incr(key: string, callback: Parameters<Incr>[1], timeWindow: number, max: number): void {
    if (this.redis.isTripped()) {
      this.redis.reportSkipped('rate_limit');
      return callback(new Error('redis skipped after a recent failure'));
    }
    this.inner.incr(
      key,
      (error, result) => {
        if (error) this.redis.reportError('rate_limit', error);
        callback(error, result);
      },
      timeWindow,
      max,
    );
  }

  child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
    return new FailOpenStore(this.inner.child(routeOptions), this.redis);
  }
}

/** For @fastify/rate-limit's `store` option; pair it with `skipOnError: true`. */
export function failOpenRedisStore(redis: SharedRedis): FastifyRateLimitStoreCtor {
  return class extends FailOpenStore {
    constructor(options: FastifyRateLimitOptions) {
      const params = options as { continueExceeding?: boolean; exponentialBackoff?: boolean };
      super(new RedisStore(params.continueExceeding ?? false, params.exponentialBackoff ?? false, redis.client, RATE_LIMIT_KEY_PREFIX), redis);
    }
  };
}

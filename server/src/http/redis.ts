import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { MetricsRecorder } from '../lib/metrics-recorder';

/**
 * The Redis every copy shares for rate-limit counters (docs/deployment.md). Redis is a convenience, never a
 * dependency of a sign-up: commands fail at once while it is disconnected (no offline queue, no retries), time out
 * quickly while it hangs, and after a failure Redis is skipped for a moment so callers fail open without waiting.
 */
export interface SharedRedis {
  readonly client: Redis;
  /** 'ok' when Redis answers PING within `timeoutMs`; otherwise 'degraded'. */
  check(timeoutMs?: number): Promise<'ok' | 'degraded'>;
  /** True for a short while after a failure: skip Redis and fail open at once instead of waiting for a timeout. */
  isTripped(): boolean;
  /** Counts the failure, trips the breaker and logs a warning (the first of an outage, then at most every 30 s). */
  reportError(operation: string, error: unknown): void;
  /** Counts an operation skipped while the breaker is tripped (it failed open without asking Redis). */
  reportSkipped(operation: string): void;
  close(): Promise<void>;
}

export interface ConnectRedisOptions {
  url: string;
  log: FastifyBaseLogger;
  metrics: MetricsRecorder;
  /** A command that takes longer fails (and its caller fails open). */
  commandTimeoutMs?: number;
  /** How long Redis is skipped after a failure. */
  tripMs?: number;
  /** How long start-up waits for a first connection before serving without Redis. */
  startupWaitMs?: number;
}

const LOG_EVERY_MS = 30_000;

/** host:port only: a URL may carry a password. */
export function redisLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'redis';
  }
}

export async function connectRedis(options: ConnectRedisOptions): Promise<SharedRedis> {
  const { log, metrics } = options;
  const commandTimeoutMs = options.commandTimeoutMs ?? 250;
  const tripMs = options.tripMs ?? 2_000;
  const location = redisLocation(options.url);

  const client = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: commandTimeoutMs,
    connectTimeout: 1_000,
    // Keep trying in the background, at most every 2 s; requests meanwhile fail open.
    retryStrategy: (attempt) => Math.min(100 * 2 ** attempt, 2_000),
    // Every copy uses the same keys; a name makes them easy to find in CLIENT LIST.
    connectionName: 'waitlist',
  });

  let trippedUntil = 0;
  let lastLogAt = 0;
  let suppressed = 0;
  let outage = false;

  const reportError = (operation: string, error: unknown) => {
    metrics.count('redisErrors', { operation });
    trippedUntil = Date.now() + tripMs;
    const now = Date.now();
    if (!outage || now - lastLogAt >= LOG_EVERY_MS) {
      log.warn(
        { redis: location, operation, err: error, failuresSinceLastLog: suppressed },
        'redis unavailable: rate limits fail open (admin sign-in counts in the database) until it is back',
      );
      lastLogAt = now;
      suppressed = 0;
      outage = true;
    } else {
      suppressed++;
    }
  };

  client.on('error', (error: unknown) => reportError('connection', error));
  client.on('ready', () => {
    trippedUntil = 0;
    if (outage) log.info({ redis: location }, 'redis is back: rate limits are shared again');
    outage = false;
  });

  // Start with shared counters when Redis is there; a Redis that is down (refused, or silent past the wait) must
  // not hold up the start: limits fail open until the background reconnection succeeds.
  const startupWaitMs = options.startupWaitMs ?? 2_000;
  await new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      client.off('ready', done);
      client.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, startupWaitMs);
    client.once('ready', done);
    client.once('error', done);
  });

  return {
    client,
    async check(timeoutMs = 500) {
      if (client.status !== 'ready') return 'degraded';
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          client.ping(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('redis ping timed out')), timeoutMs);
          }),
        ]);
        return 'ok';
      } catch (error) {
        reportError('ping', error);
        return 'degraded';
      } finally {
        clearTimeout(timer);
      }
    },
    isTripped: () => Date.now() < trippedUntil,
    reportError,
    reportSkipped(operation) {
      metrics.count('redisErrors', { operation });
      suppressed++;
    },
    async close() {
      // Nothing in flight is worth waiting for: counters expire on their own.
      client.disconnect();
    },
  };
}

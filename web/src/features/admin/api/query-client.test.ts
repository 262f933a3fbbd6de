import { describe, expect, it } from 'vitest';
import { AdminApiError } from './client';
import { CACHE_LIFETIME_MS, RETRIES, createAdminQueryClient, retryDelay, shouldRetry } from './query-client';

describe('operator console data fetching', () => {
  it('retries transient failures 3 times, waiting 1 s, 2 s, 4 s … at most 30 s', () => {
    expect(RETRIES).toBe(3);
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const outage = new AdminApiError(503, 'PGRST000', 'unavailable');
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, outage))).toEqual([true, true, true, false]);
    expect(shouldRetry(0, new AdminApiError(0, 'network', 'offline'))).toBe(true);
  });

  it('does not retry answers that cannot change (401, 404, 400), but does retry 429', () => {
    for (const status of [400, 401, 403, 404, 409]) expect(shouldRetry(0, new AdminApiError(status, 'x', 'x'))).toBe(false);
    expect(shouldRetry(0, new AdminApiError(429, 'x', 'x'))).toBe(true);
  });

  it('keeps cached data for 5 minutes', () => {
    const options = createAdminQueryClient().getDefaultOptions().queries!;
    expect(CACHE_LIFETIME_MS).toBe(300_000);
    expect(options.gcTime).toBe(300_000);
    expect(options.retryDelay).toBe(retryDelay);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { AdminApiError } from './client';

/** The product specification's data-fetching defaults: 3 retries, 1 s doubling to at most 30 s, cache lifetime 5 minutes. */
export const RETRIES = 3;
export const retryDelay = (attempt: number) => Math.min(1000 * 2 ** attempt, 30_000);
export const CACHE_LIFETIME_MS = 5 * 60 * 1000;

/** A 4xx answer will not change on retry (401 means sign in, 404 means erased): only transient failures retry. */
export const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < RETRIES && !(error instanceof AdminApiError && error.status >= 400 && error.status < 500 && error.status !== 429);

export function createAdminQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, retryDelay, gcTime: CACHE_LIFETIME_MS, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@forja/shared/constants';
import { ApiError } from './api-error';

/** One retry (spec §9), except for answers a retry cannot change: the 4xx family. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failureCount < QUERY_DEFAULTS.retry;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
      },
    },
  });
}

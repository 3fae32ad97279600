import { QueryClient } from '@tanstack/react-query';
import { NETWORK_ERROR_STATUS, QUERY_DEFAULTS } from '@forja/shared/constants';
import { ApiError } from './api-error';

/**
 * One retry (spec §9), except for answers a retry cannot change: the 4xx family, and no
 * answer at all while the device says it is offline. Such a retry would wait for the signal
 * with the screen stuck loading; the screen shows what it has instead, and reads again once
 * the signal is back.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  const offline =
    error instanceof ApiError && error.status === NETWORK_ERROR_STATUS && !navigator.onLine;
  return !refused && !offline && failureCount < QUERY_DEFAULTS.retry;
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

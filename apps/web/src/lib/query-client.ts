import { QueryClient } from '@tanstack/react-query';
import { QUERY_DEFAULTS } from '@forja/shared/constants';
import { ApiError } from './api-error';

/** One retry (spec §9), except for answers a retry cannot change: the 4xx family. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return !refused && failureCount < QUERY_DEFAULTS.retry;
}

/**
 * No answer (the network error's status, 999), or a server that could not give one: what was
 * read before still stands. The error catalogue stays out of the first file.
 */
export function isUnanswered(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 500;
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: QUERY_DEFAULTS.staleTimeMs,
        refetchOnWindowFocus: QUERY_DEFAULTS.refetchOnWindowFocus,
        // A read is tried even when the device says it is offline (it fails at once, and
        // what was kept is shown), instead of waiting for the network (decision 077).
        networkMode: 'offlineFirst',
      },
    },
  });
  // The route loaders read with `query`: without signal, a read kept from before is the
  // answer, so a screen opens with what the device has instead of an error.
  const query = client.query.bind(client);
  client.query = (async (options: Parameters<QueryClient['query']>[0]) => {
    try {
      return await query(options);
    } catch (error) {
      const data: unknown = client.getQueryData(options.queryKey);
      if (!isUnanswered(error) || data === undefined) throw error;
      return options.select ? options.select(data) : data;
    }
  }) as QueryClient['query'];
  return client;
}

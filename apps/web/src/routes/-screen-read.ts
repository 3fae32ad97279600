import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { writesWaiting } from '#lib/offline/offline';

/*
 * One read per screen (decision 112). A screen's loader reads everything it shows in one
 * answer, and puts each part where the part's own read keeps it: the screen's components,
 * their changes and what those make out of date stay as they were. Without signal, or while a
 * write of the person's waits to be sent (an answer now might lack it), the screen reads its
 * parts one by one as before, which answer what the device kept.
 */

interface Read<T> {
  screen: T;
  startedAt: number;
}

/** The screen's answer, or null when its parts are to be read one by one. */
export async function readScreen<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  read: () => Promise<T>,
): Promise<Read<T> | null> {
  if (!navigator.onLine || (await writesWaiting(queryClient))) return null;
  const startedAt = Date.now();
  try {
    // A query, so that a preload and the visit that follows it share one read.
    const screen = await queryClient.query({
      queryKey,
      queryFn: read,
      staleTime: 0,
      gcTime: 0,
      retry: false,
    });
    return { screen, startedAt };
  } catch {
    return null;
  }
}

/**
 * One part of the screen's answer, in the cache as its own read would have put it. A part
 * changed since the screen's read started (shown ahead of the API) keeps what it shows.
 */
export function put(
  queryClient: QueryClient,
  queryKey: QueryKey,
  data: unknown,
  startedAt: number,
) {
  const state = queryClient.getQueryState(queryKey);
  if (state && state.dataUpdatedAt > startedAt) return;
  queryClient.setQueryData(queryKey, data);
}

import { queryOptions } from '@tanstack/react-query';
import { unreadCommentsSchema } from '@forja/shared/schemas/comments';
import { todaySchema } from '@forja/shared/schemas/today';
import { http } from '#lib/http';
import { readAfterWrites } from '#lib/offline/offline';
import { todayKey, unreadCommentsKey } from '#lib/query-keys';

/** Today's intake, water, training and weight; any change to the diary makes it out of date. */
export function todayQuery(userId: string) {
  return queryOptions({
    queryKey: todayKey(userId),
    queryFn: (context) =>
      readAfterWrites(context, () =>
        http.get('/today/', {
          schema: todaySchema,
          invalidResponseMessage: 'Ocurrió un error al obtener el resumen de hoy',
        }),
      ),
  });
}

/** How many of their trainer's comments are unread, and the latest few. */
export const unreadCommentsQuery = queryOptions({
  queryKey: unreadCommentsKey,
  // A conversation: read again on every visit (the route's loader runs each time), for the
  // other side's latest words; the screen does not read it a second time.
  staleTime: 0,
  refetchOnMount: false,
  queryFn: () =>
    http.get('/comments/unread/', {
      schema: unreadCommentsSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener los comentarios',
    }),
});

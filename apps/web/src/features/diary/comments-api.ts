import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  commentListSchema,
  commentSchema,
  type CommentInput,
} from '@forja/shared/schemas/comments';
import { http } from '#lib/http';
import { unreadCommentsKey } from '#lib/query-keys';

/** Every comment on one day of the trainee's; reading them marks their trainer's read. */
export function dayCommentsQuery(date: string) {
  return queryOptions({
    queryKey: ['diary', date, 'comments'],
    // A conversation: read again on every visit (the route's loader runs each time), for the
    // other side's latest words; the screen does not read it a second time.
    staleTime: 0,
    refetchOnMount: false,
    queryFn: () =>
      http.get(`/diary/days/${date}/comments/`, {
        schema: commentListSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener los comentarios',
      }),
  });
}

/** Writes or replies to their trainer on the day, a meal or a session. */
export async function sendDayComment(queryClient: QueryClient, date: string, input: CommentInput) {
  const written = await http.post(`/diary/days/${date}/comments/`, {
    schema: commentSchema,
    body: input,
    invalidResponseMessage: 'Ocurrió un error al enviar el comentario',
  });
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: dayCommentsQuery(date).queryKey }),
    queryClient.invalidateQueries({ queryKey: unreadCommentsKey }),
  ]);
  return written;
}

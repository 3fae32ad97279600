import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { addDays } from '@forja/shared/calendar';
import {
  commentListSchema,
  commentSchema,
  type CommentInput,
} from '@forja/shared/schemas/comments';
import { diaryDaySchema } from '@forja/shared/schemas/diary';
import { traineeFileSchema, trainingLogSchema } from '@forja/shared/schemas/trainee-file';
import { http } from '#lib/http';

/*
 * What the trainer's file of a trainee reads (decision 056). Every key starts with the
 * trainee's, under the roster's ['trainers', 'trainees'], so a change of tags refreshes it.
 */

const base = (traineeId: string) => `/trainers/trainees/${encodeURIComponent(traineeId)}`;
const fileKey = (traineeId: string) => ['trainers', 'trainees', 'file', traineeId] as const;

/** Days the training log shows at once: four weeks, well within the API's 92. */
export const LOG_DAYS = 28;

/** The training log's period: LOG_DAYS days ending on `to`. */
export function logPeriod(to: string) {
  return { from: addDays(to, -(LOG_DAYS - 1)), to };
}

/** The header and Resumen: the roster's figures, what they share, since when, alerts. */
export function traineeFileQuery(traineeId: string) {
  return queryOptions({
    queryKey: fileKey(traineeId),
    queryFn: () =>
      http.get(`${base(traineeId)}/`, {
        schema: traineeFileSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener la ficha del cliente',
      }),
  });
}

/** A day of the trainee's diary, as they see it, with their targets. */
export function traineeDayQuery(traineeId: string, date: string) {
  return queryOptions({
    queryKey: [...fileKey(traineeId), 'diary', date],
    queryFn: () =>
      http.get(`${base(traineeId)}/diary/days/${date}/`, {
        schema: diaryDaySchema,
        invalidResponseMessage: 'Ocurrió un error al obtener el día',
      }),
  });
}

/** The sessions from `from` to `to` (at most 92 days), newest first. */
export function trainingLogQuery(traineeId: string, from: string, to: string) {
  return queryOptions({
    queryKey: [...fileKey(traineeId), 'training', from, to],
    queryFn: () =>
      http.get(`${base(traineeId)}/workouts/`, {
        schema: trainingLogSchema,
        query: { from, to },
        invalidResponseMessage: 'Ocurrió un error al obtener el entrenamiento',
      }),
  });
}

/** The comments of the pair on one day, of the areas shared. */
export function traineeCommentsQuery(traineeId: string, date: string) {
  return queryOptions({
    queryKey: [...fileKey(traineeId), 'comments', date],
    // A conversation: read again on every visit (the route's loader runs each time), for the
    // other side's latest words; the screen does not read it a second time.
    staleTime: 0,
    refetchOnMount: false,
    queryFn: () =>
      http.get(`${base(traineeId)}/comments/`, {
        schema: commentListSchema,
        query: { date },
        invalidResponseMessage: 'Ocurrió un error al obtener los comentarios',
      }),
  });
}

/** Writes a comment on the trainee's day, one of its meals or one of its sessions. */
export async function sendTraineeComment(
  queryClient: QueryClient,
  traineeId: string,
  date: string,
  input: CommentInput,
) {
  const written = await http.post(`${base(traineeId)}/comments/`, {
    schema: commentSchema,
    query: { date },
    body: input,
    invalidResponseMessage: 'Ocurrió un error al enviar el comentario',
  });
  await queryClient.invalidateQueries({ queryKey: traineeCommentsQuery(traineeId, date).queryKey });
  return written;
}

import type { QueryClient } from '@tanstack/react-query';
import { traineeDiaryScreenSchema, type TraineeDiaryScreen } from '@forja/shared/schemas/screens';
import {
  traineeCommentsQuery,
  traineeDayQuery,
  traineeFileQuery,
} from '#features/trainer-client-file/trainer-client-file-api';
import { http } from '#lib/http';
import { put, readScreen } from './-screen-read';

/**
 * The Diario tab of a trainee's file in one read (decision 115), its parts put in place: the
 * file, and the day and its comments when the trainee shares the diary. The file's layout and
 * the tab ask for it alike, and share the one read. Null when the parts are to be read one by
 * one.
 */
export async function readTraineeDiaryScreen(
  queryClient: QueryClient,
  traineeId: string,
  date: string | undefined,
): Promise<TraineeDiaryScreen | null> {
  const read = await readScreen(
    queryClient,
    ['screens', 'trainee-diary', traineeId, date ?? null],
    () =>
      http.get(`/screens/trainer-clients/${encodeURIComponent(traineeId)}/diary/`, {
        schema: traineeDiaryScreenSchema,
        ...(date ? { query: { date } } : {}),
        invalidResponseMessage: 'Ocurrió un error al obtener el día',
      }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, traineeFileQuery(traineeId).queryKey, screen.file, startedAt);
  if (screen.day) {
    put(queryClient, traineeDayQuery(traineeId, screen.date).queryKey, screen.day, startedAt);
  }
  if (screen.comments) {
    const { queryKey } = traineeCommentsQuery(traineeId, screen.date);
    put(queryClient, queryKey, screen.comments, startedAt);
  }
  return screen;
}

/** Whether the address is the Diario tab of a trainee's file. */
export function isTraineeDiaryTab(pathname: string): boolean {
  return /^\/trainers\/clients\/[^/]+\/diary\/?$/.test(pathname);
}

import type { QueryClient } from '@tanstack/react-query';
import { addDays } from '@forja/shared/calendar';
import { diaryScreenSchema, type DiaryScreen } from '@forja/shared/schemas/screens';
import { dayCommentsQuery } from '#features/diary/comments-api';
import { diaryDayQuery } from '#features/diary/diary-api';
import { http } from '#lib/http';
import { trainingPlanQuery } from '#lib/training-plan';
import { put, readScreen } from './-screen-read';

/** A diary day's one read, its parts put in place; null when they are to be read one by one. */
export async function readDiaryScreen(
  queryClient: QueryClient,
  date: string,
): Promise<DiaryScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'diary', date], () =>
    http.get(`/screens/diary/${date}/`, {
      schema: diaryScreenSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener el día',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, diaryDayQuery(date).queryKey, screen.day, startedAt);
  put(queryClient, diaryDayQuery(addDays(date, -1)).queryKey, screen.previous_day, startedAt);
  put(queryClient, dayCommentsQuery(date).queryKey, screen.comments, startedAt);
  put(queryClient, trainingPlanQuery(date).queryKey, screen.training_plan, startedAt);
  return screen;
}

import type { QueryClient } from '@tanstack/react-query';
import { checkInReviewScreenSchema, type CheckInReviewScreen } from '@forja/shared/schemas/screens';
import {
  reviewQuery,
  traineeCheckInsQuery,
} from '#features/trainer-check-ins/trainer-check-ins-api';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { traineeTargetsQuery } from '#features/trainer-client-targets/trainer-client-targets-api';
import { http } from '#lib/http';
import { put, readScreen } from './-screen-read';

/**
 * A check-in's review in one read (decision 123), its parts put in place: the check-in, the
 * trainee's file and check-ins, and their targets when the trainee shares the diary. Null
 * when the parts are to be read one by one.
 */
export async function readCheckInReviewScreen(
  queryClient: QueryClient,
  checkInId: string,
): Promise<CheckInReviewScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'check-in-review', checkInId], () =>
    http.get(`/screens/check-in-reviews/${encodeURIComponent(checkInId)}/`, {
      schema: checkInReviewScreenSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener la revisión',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  const traineeId = screen.review.trainee.id;
  put(queryClient, reviewQuery(checkInId).queryKey, screen.review, startedAt);
  put(queryClient, traineeFileQuery(traineeId).queryKey, screen.file, startedAt);
  put(queryClient, traineeCheckInsQuery(traineeId).queryKey, screen.check_ins, startedAt);
  if (screen.targets) {
    put(queryClient, traineeTargetsQuery(traineeId).queryKey, screen.targets, startedAt);
  }
  return screen;
}

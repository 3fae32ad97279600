import type { QueryClient } from '@tanstack/react-query';
import {
  traineeCheckInsScreenSchema,
  type TraineeCheckInsScreen,
} from '@forja/shared/schemas/screens';
import {
  traineeCheckInsQuery,
  traineeFormQuery,
} from '#features/trainer-check-ins/trainer-check-ins-api';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { http } from '#lib/http';
import { put, readScreen } from './-screen-read';

/**
 * The Revisiones tab of a trainee's file in one read (decision 123), its parts put in place:
 * the file, and the check-ins and the form when the trainee shares check-ins. The file's
 * layout and the tab ask for it alike, and share the one read. Null when the parts are to be
 * read one by one.
 */
export async function readTraineeCheckInsScreen(
  queryClient: QueryClient,
  traineeId: string,
): Promise<TraineeCheckInsScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'trainee-check-ins', traineeId], () =>
    http.get(`/screens/trainer-clients/${encodeURIComponent(traineeId)}/check-ins/`, {
      schema: traineeCheckInsScreenSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener las revisiones del cliente',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, traineeFileQuery(traineeId).queryKey, screen.file, startedAt);
  if (screen.check_ins) {
    put(queryClient, traineeCheckInsQuery(traineeId).queryKey, screen.check_ins, startedAt);
  }
  if (screen.form) {
    put(queryClient, traineeFormQuery(traineeId).queryKey, screen.form, startedAt);
  }
  return screen;
}

/** Whether the address is the Revisiones tab of a trainee's file. */
export function isTraineeCheckInsTab(pathname: string): boolean {
  return /^\/trainers\/clients\/[^/]+\/check-ins\/?$/.test(pathname);
}

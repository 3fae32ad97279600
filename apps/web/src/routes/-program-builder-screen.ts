import type { QueryClient } from '@tanstack/react-query';
import {
  programBuilderScreenSchema,
  type ProgramBuilderScreen,
} from '@forja/shared/schemas/screens';
import {
  programQuery,
  programTraineesQuery,
  trainerExercisesQuery,
} from '#features/trainer-programs/trainer-programs-api';
import { http } from '#lib/http';
import { put, readScreen } from './-screen-read';

/**
 * The program builder in one read (decision 123), its parts put in place: the program, the
 * exercises it picks from and the first page of trainees it can be given to (the one the
 * assignment's search shows before anything is typed). Null when the parts are to be read
 * one by one.
 */
export async function readProgramBuilderScreen(
  queryClient: QueryClient,
  programId: string,
): Promise<ProgramBuilderScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'program-builder', programId], () =>
    http.get(`/screens/program-builder/${encodeURIComponent(programId)}/`, {
      schema: programBuilderScreenSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener el programa',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, programQuery(programId).queryKey, screen.program, startedAt);
  put(queryClient, trainerExercisesQuery.queryKey, screen.exercises, startedAt);
  put(queryClient, programTraineesQuery('').queryKey, screen.trainees, startedAt);
  return screen;
}

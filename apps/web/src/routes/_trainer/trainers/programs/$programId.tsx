import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import {
  programQuery,
  programTraineesQuery,
  trainerExercisesQuery,
} from '#features/trainer-programs/trainer-programs-api';
import { ProgramBuilderScreen } from '#features/trainer-programs/program-builder-screen';
import { currentUserQuery, preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { readProgramBuilderScreen } from '#routes/-program-builder-screen';

export const Route = createFileRoute('/_trainer/trainers/programs/$programId')({
  loader: async ({ context: { queryClient }, params }) => {
    // The program, the exercises and the first trainees in one read (decision 123); without
    // signal, while a write waits, or if it fails, each is read on its own as before.
    const screen = readProgramBuilderScreen(queryClient, params.programId);
    const user = await queryClient.query(currentUserQuery);
    // Cardio distances are typed in the trainer's unit.
    const preferences = queryClient.query(preferencesQuery(user.id));
    if (await screen) {
      await preferences;
      return;
    }
    // The exercises and the roster are shown once asked for: their reads are not awaited.
    queryClient.query(trainerExercisesQuery).catch(() => undefined);
    queryClient.query(programTraineesQuery('')).catch(() => undefined);
    await Promise.all([queryClient.query(programQuery(params.programId)), preferences]);
  },
  component: ProgramBuilderPage,
  errorComponent: loadErrorView('No pudimos cargar el programa. Inténtalo de nuevo.'),
});

function ProgramBuilderPage() {
  const { programId } = Route.useParams();
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  return (
    <ProgramBuilderScreen programId={programId} system={preferences?.metric_system ?? 'metric'} />
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '../../../../components/ui/load-error';
import {
  programQuery,
  programTraineesQuery,
  trainerExercisesQuery,
} from '../../../../features/trainer-programs/trainer-programs-api';
import { ProgramBuilderScreen } from '../../../../features/trainer-programs/program-builder-screen';

export const Route = createFileRoute('/_trainer/trainers/programs/$programId')({
  loader: async ({ context: { queryClient }, params }) => {
    // The exercises and the roster are shown once asked for: their reads are not awaited.
    queryClient.query(trainerExercisesQuery).catch(() => undefined);
    queryClient.query(programTraineesQuery('')).catch(() => undefined);
    await queryClient.query(programQuery(params.programId));
  },
  component: ProgramBuilderPage,
  errorComponent: loadErrorView('No pudimos cargar el programa. Inténtalo de nuevo.'),
});

function ProgramBuilderPage() {
  const { programId } = Route.useParams();
  return <ProgramBuilderScreen programId={programId} />;
}

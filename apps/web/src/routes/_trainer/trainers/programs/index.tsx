import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { programsQuery } from '#features/trainer-programs/trainer-programs-api';
import { ProgramsScreen } from '#features/trainer-programs/programs-screen';

export const Route = createFileRoute('/_trainer/trainers/programs/')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.query(programsQuery);
  },
  component: ProgramsScreen,
  errorComponent: loadErrorView('No pudimos cargar tus programas. Inténtalo de nuevo.'),
});

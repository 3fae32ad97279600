import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { queueQuery } from '#features/trainer-today/trainer-today-api';
import { TrainerTodayScreen } from '#features/trainer-today/trainer-today-screen';

export const Route = createFileRoute('/_trainer/trainers/today')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.query(queueQuery);
  },
  component: TrainerTodayScreen,
  errorComponent: loadErrorView('No pudimos cargar lo pendiente de hoy. Inténtalo de nuevo.'),
});

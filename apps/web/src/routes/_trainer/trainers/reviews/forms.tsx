import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { checkInFormsQuery } from '#features/trainer-check-ins/trainer-check-ins-api';
import { FormsScreen } from '#features/trainer-check-ins/forms-screen';

export const Route = createFileRoute('/_trainer/trainers/reviews/forms')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.query(checkInFormsQuery);
  },
  errorComponent: loadErrorView('No pudimos cargar tus formularios. Inténtalo de nuevo.'),
  component: FormsScreen,
});

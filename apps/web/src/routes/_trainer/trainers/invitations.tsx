import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { invitationsQuery } from '#features/trainer-invitations/trainer-invitations-api';
import { TrainerInvitationsScreen } from '#features/trainer-invitations/trainer-invitations-screen';

export const Route = createFileRoute('/_trainer/trainers/invitations')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.query(invitationsQuery);
  },
  component: TrainerInvitationsScreen,
  errorComponent: loadErrorView('No pudimos cargar tus invitaciones. Inténtalo de nuevo.'),
});

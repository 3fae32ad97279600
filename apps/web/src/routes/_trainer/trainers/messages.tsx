import { createFileRoute } from '@tanstack/react-router';
import { trainerUnreadQuery } from '#features/messages/messages-api';
import { TrainerInboxScreen } from '#features/messages/trainer-inbox-screen';

export const Route = createFileRoute('/_trainer/trainers/messages')({
  loader: async ({ context: { queryClient } }) => {
    await queryClient.query(trainerUnreadQuery).catch(() => undefined);
  },
  component: TrainerInboxScreen,
});

import { createFileRoute } from '@tanstack/react-router';
import { conversationQuery } from '#features/messages/messages-api';
import { ConversationScreen } from '#features/messages/conversation-screen';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { TraineeTab } from '#routes/_trainer/trainers/clients/-trainee-tab';

export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/messages')({
  loader: async ({ context: { queryClient }, params }) => {
    // The conversation needs the link alone, no area (decision 060).
    await queryClient.query(traineeFileQuery(params.traineeId));
    await queryClient
      .infiniteQuery(conversationQuery({ role: 'trainer', traineeId: params.traineeId }))
      .catch(() => undefined);
  },
  component: MessagesTab,
});

function MessagesTab() {
  const { traineeId } = Route.useParams();
  return (
    <TraineeTab traineeId={traineeId} title="Mensajes">
      <ConversationScreen side={{ role: 'trainer', traineeId }} />
    </TraineeTab>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { conversationQuery } from '#features/messages/messages-api';
import { ConversationScreen } from '#features/messages/conversation-screen';
import { useCurrentUser } from '#features/users/users-api';
import { userWithAccess } from '#routes/-guards';

export const Route = createFileRoute('/_authenticated/_shell/users/messages')({
  loader: async ({ context: { queryClient } }) => {
    const user = await userWithAccess(queryClient);
    if (!user) return;
    // A trainee without a trainer gets a 404 here: the screen says why.
    await queryClient
      .infiniteQuery(conversationQuery({ role: 'trainee', traineeId: user.id }))
      .catch(() => undefined);
  },
  component: MessagesPage,
});

function MessagesPage() {
  const user = useCurrentUser();
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-3xl font-extrabold tracking-tight">Mensajes</h1>
      <ConversationScreen side={{ role: 'trainee', traineeId: user.id }} />
    </div>
  );
}

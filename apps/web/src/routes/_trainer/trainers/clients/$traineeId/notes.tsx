import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { traineeNotesQuery } from '#features/trainer-client-notes/trainer-client-notes-api';
import { TrainerClientNotesScreen } from '#features/trainer-client-notes/trainer-client-notes-screen';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { useCurrentUser } from '#features/users/users-api';
import { TraineeTab } from '#routes/_trainer/trainers/clients/-trainee-tab';

export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/notes')({
  loader: async ({ context: { queryClient }, params }) => {
    // The notes are the trainer's own: no area is needed, only the trainee being theirs
    // (the file's layout loads beside this loader, so another trainer's trainee stops here).
    await queryClient.query(traineeFileQuery(params.traineeId));
    await queryClient.query(traineeNotesQuery(params.traineeId));
  },
  errorComponent: loadErrorView('No pudimos cargar tus notas. Inténtalo de nuevo.'),
  component: NotesTab,
});

function NotesTab() {
  const { traineeId } = Route.useParams();
  const user = useCurrentUser();
  return (
    <TraineeTab traineeId={traineeId} title="Notas">
      <TrainerClientNotesScreen trainerId={user.id} traineeId={traineeId} />
    </TraineeTab>
  );
}

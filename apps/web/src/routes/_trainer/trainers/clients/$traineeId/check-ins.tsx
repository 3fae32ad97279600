import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { TraineeCheckInsScreen } from '#features/trainer-check-ins/trainee-check-ins-screen';
import {
  traineeCheckInsQuery,
  traineeFormQuery,
} from '#features/trainer-check-ins/trainer-check-ins-api';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { TraineeTab } from '#routes/_trainer/trainers/clients/-trainee-tab';
import { readTraineeCheckInsScreen } from '#routes/-trainee-check-ins-screen';

export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/check-ins')({
  loader: async ({ context: { queryClient }, params }) => {
    // The file, the check-ins and the form in one read, shared with the file's layout, which
    // asks for it at the same time (decision 123); without signal, or if it fails, each is
    // read on its own as before.
    if (await readTraineeCheckInsScreen(queryClient, params.traineeId)) return;
    const trainee = await queryClient.query(traineeFileQuery(params.traineeId));
    // Check-ins are an area of their own: asked for only when the trainee shares it.
    if (trainee.shares.check_ins) {
      await Promise.all([
        queryClient.query(traineeCheckInsQuery(params.traineeId)),
        queryClient.query(traineeFormQuery(params.traineeId)),
      ]);
    }
  },
  errorComponent: loadErrorView(
    'No pudimos cargar las revisiones de tu cliente. Inténtalo de nuevo.',
  ),
  component: CheckInsTab,
});

function CheckInsTab() {
  const { traineeId } = Route.useParams();
  return (
    <TraineeTab traineeId={traineeId} title="Revisiones" area="check_ins">
      <TraineeCheckInsScreen traineeId={traineeId} />
    </TraineeTab>
  );
}

import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '../../../../../components/ui/load-error';
import { traineeTargetsQuery } from '../../../../../features/trainer-client-targets/trainer-client-targets-api';
import { TrainerClientTargetsScreen } from '../../../../../features/trainer-client-targets/trainer-client-targets-screen';
import { traineeFileQuery } from '../../../../../features/trainer-client-file/trainer-client-file-api';
import { TraineeTab } from '../-trainee-tab';

export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/targets')({
  loader: async ({ context: { queryClient }, params }) => {
    const trainee = await queryClient.query(traineeFileQuery(params.traineeId));
    // The targets are what the diary is measured against: asked for only when it is shared.
    if (trainee.shares.diary) await queryClient.query(traineeTargetsQuery(params.traineeId));
  },
  errorComponent: loadErrorView(
    'No pudimos cargar los objetivos de tu cliente. Inténtalo de nuevo.',
  ),
  component: TargetsTab,
});

function TargetsTab() {
  const { traineeId } = Route.useParams();
  return (
    <TraineeTab traineeId={traineeId} title="Objetivos" area="diary">
      <TrainerClientTargetsScreen traineeId={traineeId} />
    </TraineeTab>
  );
}

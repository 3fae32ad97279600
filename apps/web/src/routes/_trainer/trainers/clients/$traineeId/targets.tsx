import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { loadErrorView } from '#components/ui/load-error';
import { traineeTargetsQuery } from '#features/trainer-client-targets/trainer-client-targets-api';
import { TrainerClientTargetsScreen } from '#features/trainer-client-targets/trainer-client-targets-screen';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { traineeProposalsQuery } from '#lib/trainee-proposals';
import { TraineeTab } from '#routes/_trainer/trainers/clients/-trainee-tab';
import { readTraineeTargetsScreen } from '#routes/-trainee-file-screens';

/** The trainer decides the weekly proposals of a trainee who shares both body and diary. */
const reviewsProposals = (shares: { body: boolean; diary: boolean }) => shares.body && shares.diary;

export const Route = createFileRoute('/_trainer/trainers/clients/$traineeId/targets')({
  loader: async ({ context: { queryClient }, params }) => {
    // The file, the targets and the proposals in one read, shared with the file's layout
    // (decision 122); without signal, while a write waits, or if it fails, one by one.
    if (await readTraineeTargetsScreen(queryClient, params.traineeId)) return;
    const trainee = await queryClient.query(traineeFileQuery(params.traineeId));
    // The targets are what the diary is measured against: asked for only when it is shared.
    if (!trainee.shares.diary) return;
    await Promise.all([
      queryClient.query(traineeTargetsQuery(params.traineeId)),
      // The weekly proposals are a card the tab shows without, should they fail.
      reviewsProposals(trainee.shares)
        ? queryClient.query(traineeProposalsQuery(params.traineeId)).catch(() => null)
        : null,
    ]);
  },
  errorComponent: loadErrorView(
    'No pudimos cargar los objetivos de tu cliente. Inténtalo de nuevo.',
  ),
  component: TargetsTab,
});

function TargetsTab() {
  const { traineeId } = Route.useParams();
  const { data: trainee } = useSuspenseQuery(traineeFileQuery(traineeId));
  return (
    <TraineeTab traineeId={traineeId} title="Objetivos" area="diary">
      <TrainerClientTargetsScreen
        traineeId={traineeId}
        reviewsProposals={reviewsProposals(trainee.shares)}
      />
    </TraineeTab>
  );
}

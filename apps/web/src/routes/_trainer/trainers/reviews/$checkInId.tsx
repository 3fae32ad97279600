import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { Card } from '#components/ui/card';
import { loadErrorView } from '#components/ui/load-error';
import { ReviewScreen } from '#features/trainer-check-ins/review-screen';
import {
  reviewQuery,
  traineeCheckInsQuery,
} from '#features/trainer-check-ins/trainer-check-ins-api';
import { traineeFileQuery } from '#features/trainer-client-file/trainer-client-file-api';
import { traineeTargetsQuery } from '#features/trainer-client-targets/trainer-client-targets-api';
import { TrainerClientTargetsScreen } from '#features/trainer-client-targets/trainer-client-targets-screen';
import { readCheckInReviewScreen } from '#routes/-check-in-review-screen';

/**
 * One check-in to review: what was sent and the reply, with the trainee's targets below, so
 * that answering and adjusting them happen on one screen (the targets need the diary shared).
 */
export const Route = createFileRoute('/_trainer/trainers/reviews/$checkInId')({
  loader: async ({ context: { queryClient }, params }) => {
    // The check-in, the trainee's file and check-ins and their targets in one read (decision
    // 123); without signal, while a write waits, or if it fails, each is read on its own.
    if (await readCheckInReviewScreen(queryClient, params.checkInId)) return;
    const item = await queryClient.query(reviewQuery(params.checkInId));
    const [trainee] = await Promise.all([
      queryClient.query(traineeFileQuery(item.trainee.id)),
      queryClient.query(traineeCheckInsQuery(item.trainee.id)),
    ]);
    if (trainee.shares.diary) await queryClient.query(traineeTargetsQuery(item.trainee.id));
  },
  errorComponent: loadErrorView('No pudimos cargar la revisión. Inténtalo de nuevo.'),
  component: ReviewPage,
});

function ReviewPage() {
  const { checkInId } = Route.useParams();
  const { data: item } = useSuspenseQuery(reviewQuery(checkInId));
  const { data: trainee } = useSuspenseQuery(traineeFileQuery(item.trainee.id));
  return (
    <div className="flex flex-col gap-4">
      <ReviewScreen checkInId={checkInId} />
      {trainee.shares.diary && (
        <Card title="Ajustar objetivos">
          <TrainerClientTargetsScreen traineeId={item.trainee.id} />
        </Card>
      )}
    </div>
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CheckIn, ReviewItem } from '@forja/shared/schemas/check-ins';
import {
  checkInReviewScreenSchema,
  screenIdParamsSchema,
  type CheckInReviewScreen,
} from '@forja/shared/schemas/screens';
import type { TraineeTargets } from '@forja/shared/schemas/targets';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import type { Principal } from '../../http/authentication';
import { responses, send } from '../../http/reply';
import type { RouteDeps, RoutesOptions } from '../../http/route-deps';
import { requireTrainer, trainersOnly } from '../../http/trainer-role';
import { TRAINER_ANSWERS } from '../../security/consent-answers';
import { forTrainer, sharesOfTrainees } from '../../security/consent-table';
import { reviewCheckIn, traineeCheckIns } from '../check-ins/check-ins.service';
import { getTraineeFile } from '../coaching/coaching.service';
import { getTraineeTargets } from '../targets/targets.service';

type App = Parameters<FastifyPluginAsyncZod<RoutesOptions>>[0];

/**
 * One check-in to review in one answer (decision 123): the check-in, then the trainee's file
 * and check-ins together, then, when the trainee shares the diary, their targets; each from
 * the service behind its own call and held to the consent table as that call's answer is.
 */
export async function checkInReviewScreen(
  deps: Pick<RouteDeps, 'db' | 'clock' | 'objects'>,
  principal: Principal,
  checkInId: string,
): Promise<CheckInReviewScreen> {
  const review = await reviewCheckIn(deps, principal.userId, checkInId);
  const traineeId = review.trainee.id;
  const [file, checkIns] = await Promise.all([
    getTraineeFile(deps, principal, traineeId),
    traineeCheckIns(deps, principal.userId, traineeId),
  ]);
  const targets = file.shares.diary ? await getTraineeTargets(deps, principal, traineeId) : null;
  const sharesOf = await sharesOfTrainees(deps.db, principal.userId);
  return {
    review: forTrainer(TRAINER_ANSWERS.reviewItem, sharesOf, checkInId, review) as ReviewItem,
    file: forTrainer(TRAINER_ANSWERS.traineeFile, sharesOf, traineeId, file) as TraineeFile,
    check_ins: forTrainer(TRAINER_ANSWERS.checkIns, sharesOf, traineeId, checkIns) as CheckIn[],
    targets:
      targets &&
      (forTrainer(TRAINER_ANSWERS.traineeTargets, sharesOf, traineeId, targets) as TraineeTargets),
  };
}

export function checkInReviewScreenRoute(app: App) {
  app.get(
    '/screens/check-in-reviews/:id/',
    {
      schema: {
        tags: ['screens'],
        security: [{ token: [] }],
        summary:
          "Everything the review of one check-in shows in one answer: the check-in, the trainee's file and check-ins, and their targets",
        description:
          'A trainer, about a check-in of a trainee of theirs who shares check-ins (anyone else gets a 404); the targets only when the trainee shares the diary (else null), each part bounded by what they share, as its own call.',
        params: screenIdParamsSchema,
        response: responses(200, checkInReviewScreenSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await checkInReviewScreen(request.deps, requireTrainer(request), request.params.id),
      ),
  );
}

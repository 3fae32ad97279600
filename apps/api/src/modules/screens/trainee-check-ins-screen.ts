import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CheckIn } from '@forja/shared/schemas/check-ins';
import {
  screenIdParamsSchema,
  traineeCheckInsScreenSchema,
  type TraineeCheckInsScreen,
} from '@forja/shared/schemas/screens';
import type { TraineeFile } from '@forja/shared/schemas/trainee-file';
import type { Principal } from '../../http/authentication';
import { responses, send } from '../../http/reply';
import type { RouteDeps, RoutesOptions } from '../../http/route-deps';
import { requireTrainer, trainersOnly } from '../../http/trainer-role';
import { TRAINER_ANSWERS } from '../../security/consent-answers';
import { forTrainer, sharesOfTrainees } from '../../security/consent-table';
import { traineeForm } from '../check-ins/check-in-forms.service';
import { traineeCheckIns } from '../check-ins/check-ins.service';
import { getTraineeFile } from '../coaching/coaching.service';

type App = Parameters<FastifyPluginAsyncZod<RoutesOptions>>[0];

/**
 * A trainee's Revisiones tab in one answer (decision 123): the file, then, when the trainee
 * shares their check-ins, those and the form they answer together, each from the service
 * behind its own call. The file and the check-ins are held to the consent table as their own
 * calls' answers are; the form is the trainer's own (its call names no answer of the table).
 */
export async function traineeCheckInsScreen(
  deps: Pick<RouteDeps, 'db' | 'clock' | 'objects'>,
  principal: Principal,
  traineeId: string,
): Promise<TraineeCheckInsScreen> {
  const file = await getTraineeFile(deps, principal, traineeId);
  const [checkIns, form] = file.shares.check_ins
    ? await Promise.all([
        traineeCheckIns(deps, principal.userId, traineeId),
        traineeForm(deps, principal.userId, traineeId),
      ])
    : [null, null];
  const sharesOf = await sharesOfTrainees(deps.db, principal.userId);
  return {
    file: forTrainer(TRAINER_ANSWERS.traineeFile, sharesOf, traineeId, file) as TraineeFile,
    check_ins:
      checkIns &&
      (forTrainer(TRAINER_ANSWERS.checkIns, sharesOf, traineeId, checkIns) as CheckIn[]),
    form,
  };
}

export function traineeCheckInsScreenRoute(app: App) {
  app.get(
    '/screens/trainer-clients/:id/check-ins/',
    {
      schema: {
        tags: ['screens'],
        security: [{ token: [] }],
        summary:
          "Everything the Revisiones tab of a trainee's file shows in one answer: the file, the trainee's check-ins and the form they answer",
        description:
          'A trainer, about one of their trainees (anyone else gets a 404); the check-ins and the form only when the trainee shares check-ins (else null), each part bounded by what they share, as its own call.',
        params: screenIdParamsSchema,
        response: responses(200, traineeCheckInsScreenSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await traineeCheckInsScreen(request.deps, requireTrainer(request), request.params.id),
      ),
  );
}

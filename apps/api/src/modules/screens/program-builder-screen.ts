import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PROGRAM_BUILDER_TRAINEES,
  programBuilderScreenSchema,
  programScreenParamsSchema,
  type ProgramBuilderScreen,
} from '@forja/shared/schemas/screens';
import type { Roster } from '@forja/shared/schemas/trainer-workspace';
import type { Principal } from '../../http/authentication';
import { responses, send } from '../../http/reply';
import type { RouteDeps, RoutesOptions } from '../../http/route-deps';
import { requireTrainer, trainersOnly } from '../../http/trainer-role';
import { TRAINER_ANSWERS } from '../../security/consent-answers';
import { forTrainer, sharesOfTrainees } from '../../security/consent-table';
import { getRoster } from '../coaching/coaching.service';
import { getProgram, trainerExercises } from '../programs/programs.service';

type App = Parameters<FastifyPluginAsyncZod<RoutesOptions>>[0];

/**
 * The program builder in one answer (decision 123): the program, the exercises and the first
 * page of the roster, together, each from the service behind its own call. The roster is held
 * to the consent table as its own call's answer is; the program and the exercises are the
 * trainer's own.
 */
export async function programBuilderScreen(
  deps: Pick<RouteDeps, 'db' | 'clock'>,
  principal: Principal,
  programId: string,
): Promise<ProgramBuilderScreen> {
  const [program, exercises, trainees] = await Promise.all([
    getProgram(deps, principal.userId, programId),
    trainerExercises(deps, principal.userId),
    getRoster(deps, principal, { q: '', limit: PROGRAM_BUILDER_TRAINEES }),
  ]);
  const sharesOf = await sharesOfTrainees(deps.db, principal.userId);
  return {
    program,
    exercises,
    trainees: forTrainer(TRAINER_ANSWERS.roster, sharesOf, undefined, trainees) as Roster,
  };
}

export function programBuilderScreenRoute(app: App) {
  app.get(
    '/screens/program-builder/:id/',
    {
      schema: {
        tags: ['screens'],
        security: [{ token: [] }],
        summary:
          'Everything the program builder shows in one answer: the program, the exercises it picks from and the first trainees it can be given to',
        description:
          "A trainer, about their own program (anyone else gets a 404); the trainees are the roster's first page by name, bounded by what each shares, as its own call.",
        params: programScreenParamsSchema,
        response: responses(200, programBuilderScreenSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await programBuilderScreen(request.deps, requireTrainer(request), request.params.id),
      ),
  );
}

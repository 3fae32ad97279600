import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { diaryDaySchema } from '@forja/shared/schemas/diary';
import {
  MAX_TRAINING_LOG_DAYS,
  trainingLogQuerySchema,
  trainingLogSchema,
} from '@forja/shared/schemas/trainee-file';
import { localDateSchema } from '@forja/shared/schemas/quantities';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import { getTraineeDay, getTrainingLog } from './trainee-diary.service';

const tags = ['trainers'];
const security = [{ token: [] }];
const traineeId = z.string().max(64);

/**
 * The trainer's read-only view of a trainee's diary and training (decision 056): outside the
 * subscription gate, and a 404 to anyone who is not a trainer, for a trainee who is not
 * theirs and for an area the trainee does not share.
 */
export const traineeDiaryRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/trainers/trainees/:id/diary/days/:date/',
    {
      config: { trainerAnswer: 'diaryDay' },
      schema: {
        tags,
        security,
        summary:
          "One day of a trainee's diary, read-only, with their targets: the trainee's own day; its sessions only when they share training too",
        description:
          'A trainer, about one of their trainees who shares the diary; anyone else gets a 404.',
        params: z.object({ id: traineeId, date: localDateSchema }),
        response: responses(200, diaryDaySchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await getTraineeDay(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
          request.params.date,
        ),
      ),
  );

  app.get(
    '/trainers/trainees/:id/workouts/',
    {
      config: { trainerAnswer: 'trainingLog' },
      schema: {
        tags,
        security,
        summary: `A trainee's training log from \`from\` to \`to\` (at most ${MAX_TRAINING_LOG_DAYS} days): each session with its exercises and sets, newest first`,
        description:
          'A trainer, about one of their trainees who shares training; anyone else gets a 404.',
        params: z.object({ id: traineeId }),
        querystring: trainingLogQuerySchema,
        response: responses(200, trainingLogSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await getTrainingLog(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
          request.query,
        ),
      ),
  );

  return Promise.resolve();
};

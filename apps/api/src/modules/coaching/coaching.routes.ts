import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  queueItemStateSchema,
  queueSchema,
  queueSnoozeInputSchema,
  rosterQuerySchema,
  rosterSchema,
  traineeTagsInputSchema,
  traineeTagsSchema,
} from '@forja/shared/schemas/trainer-workspace';
import { traineeFileSchema } from '@forja/shared/schemas/trainee-file';
import { authenticated, requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { trainersOnly } from '#http/trainer-role';
import {
  getQueue,
  getRoster,
  getTraineeFile,
  markItemDone,
  putTraineeTags,
  snoozeItem,
} from './coaching.service';

const tags = ['trainers'];
const security = [{ token: [] }];
const whoMay =
  'A trainer, about their own linked trainees; figures are bounded by what each trainee shares (diary, training, body). Anyone else gets a 404. No subscription is needed.';

/**
 * The trainer's workspace: the roster (Clientes) and the Hoy queue. Trainers need no
 * subscription for it, and anyone else gets a 404, so it sits outside the subscription gate.
 */
export const coachingRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/trainers/trainees/',
    {
      config: { trainerAnswer: 'roster' },
      schema: {
        tags,
        security,
        summary:
          "The trainer's roster: each linked trainee with 7- and 30-day figures, last activity and tags; searchable, filterable by tag, sortable, paged (at most 200 a page)",
        description: whoMay,
        querystring: rosterQuerySchema,
        response: responses(200, rosterSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getRoster(request.deps, requireUser(request), request.query)),
  );

  app.get(
    '/trainers/trainees/:id/',
    {
      config: { trainerAnswer: 'traineeFile' },
      schema: {
        tags,
        security,
        summary:
          "One trainee's file: their roster item (the same figures), what they share, the day of the link, their today and what Hoy lists about them",
        description: whoMay,
        params: z.object({ id: z.string().max(64) }),
        response: responses(200, traineeFileSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(reply, 200, await getTraineeFile(request.deps, requireUser(request), request.params.id)),
  );

  app.put(
    '/trainers/trainees/:id/tags/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary:
          "Replace the trainer's private tags of one trainee (at most 10, 30 characters each)",
        description: whoMay,
        params: z.object({ id: z.string() }),
        body: traineeTagsInputSchema,
        response: responses(200, traineeTagsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await putTraineeTags(request.deps, requireUser(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/trainers/queue/',
    {
      config: { trainerAnswer: 'queue' },
      schema: {
        tags,
        security,
        summary:
          'Hoy: what needs the trainer today, ranked by severity and then by how long it has lasted',
        description: whoMay,
        response: responses(200, queueSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) => send(reply, 200, await getQueue(request.deps, requireUser(request))),
  );

  const itemParams = z.object({ item_id: z.string().max(100) });

  app.post(
    '/trainers/queue/:item_id/snooze/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Hide a queue item for 1 to 14 days',
        description: whoMay,
        params: itemParams,
        body: queueSnoozeInputSchema,
        response: responses(200, queueItemStateSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await snoozeItem(
          request.deps,
          requireUser(request),
          request.params.item_id,
          request.body.days,
        ),
      ),
  );

  app.post(
    '/trainers/queue/:item_id/done/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Mark a queue item done: it comes back only when its situation starts again',
        description: whoMay,
        params: itemParams,
        response: responses(200, queueItemStateSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await markItemDone(request.deps, requireUser(request), request.params.item_id),
      ),
  );

  return Promise.resolve();
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  metricsScreenQuerySchema,
  metricsScreenSchema,
  traineeBodyScreenQuerySchema,
  traineeBodyScreenSchema,
  traineeScreenParamsSchema,
  traineeTargetsScreenSchema,
} from '@forja/shared/schemas/metrics-screens';
import { requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import { metricsScreen, traineeBodyScreen, traineeTargetsScreen } from './metrics-screens';

const tags = ['screens'];
const security = [{ token: [] }];

/**
 * The trainee's Métricas in one read (decision 122): inside the subscription gate, like every
 * part it is made of. The calls of each part stay as they are.
 */
export const metricsScreensRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/screens/metrics/',
    {
      schema: {
        tags,
        security,
        summary:
          'Everything Métricas shows in one answer: the metrics over 1, 3, 6 or 12 months (?months=, as GET /v0/metrics/ takes it), the expenditure and the changes of the targets',
        description:
          'The expenditure and the changes of the targets are null when their own calls are refused (before there are targets).',
        querystring: metricsScreenQuerySchema,
        response: responses(200, metricsScreenSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await metricsScreen(request.deps, requireUser(request).userId, request.query.months),
      ),
  );

  return Promise.resolve();
};

/**
 * The Cuerpo and Objetivos tabs of a trainee's file, each in one read (decision 122): outside
 * the subscription gate and 404 to anyone who is not a trainer, like every part they are made
 * of (decision 051).
 */
export const trainerMetricsScreensRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/screens/trainer-clients/:id/body/',
    {
      schema: {
        tags,
        security,
        summary:
          "Everything the Cuerpo tab of a trainee's file shows in one answer: the file, the metrics over 1, 3, 6 or 12 months (?months=) and the expenditure",
        description:
          'A trainer, about one of their trainees (anyone else gets a 404); the metrics only when the trainee shares the body, the expenditure only when they share the body and the diary (else null), each part bounded by what they share, as its own call.',
        params: traineeScreenParamsSchema,
        querystring: traineeBodyScreenQuerySchema,
        response: responses(200, traineeBodyScreenSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await traineeBodyScreen(
          request.deps,
          requireTrainer(request),
          request.params.id,
          request.query.months,
        ),
      ),
  );

  app.get(
    '/screens/trainer-clients/:id/targets/',
    {
      schema: {
        tags,
        security,
        summary:
          "Everything the Objetivos tab of a trainee's file shows in one answer: the file, the targets and the weekly proposals",
        description:
          'A trainer, about one of their trainees (anyone else gets a 404); the targets only when the trainee shares the diary, the proposals only when they share the body and the diary (else null), each part bounded by what they share, as its own call.',
        params: traineeScreenParamsSchema,
        response: responses(200, traineeTargetsScreenSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await traineeTargetsScreen(request.deps, requireTrainer(request), request.params.id),
      ),
  );

  return Promise.resolve();
};

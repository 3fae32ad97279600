import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateParamsSchema } from '@forja/shared/schemas/diary';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import {
  csvExportQuerySchema,
  csvExportSchema,
  measurementInputSchema,
  measurementSchema,
  metricsQuerySchema,
  metricsSchema,
  weightEntrySchema,
  weightInputSchema,
} from '@forja/shared/schemas/metrics';
import { requireUser } from '#http/authentication';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import { responses, send, sendStreamedText } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import {
  deleteMeasurement,
  deleteWeight,
  exportCsv,
  getMetrics,
  getTraineeMetrics,
  putMeasurement,
  putWeight,
} from './metrics.service';

const tags = ['metrics'];
const security = [{ token: [] }];

export const metricsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  const userOf = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;

  app.get(
    '/metrics/',
    {
      schema: {
        tags,
        security,
        summary: 'Weight and trend, measurements, energy and adherence over 1, 3, 6 or 12 months',
        querystring: metricsQuerySchema,
        response: responses(200, metricsSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await getMetrics(request.deps, userOf(request), request.query.months)),
  );

  app.put(
    '/metrics/weights/:date/',
    {
      schema: {
        tags,
        security,
        summary: 'The weight of a day (one per day; a second one replaces it)',
        params: dateParamsSchema,
        body: weightInputSchema,
        response: responses(200, weightEntrySchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await putWeight(request.deps, userOf(request), request.params.date, request.body.weight_kg),
      ),
  );

  app.delete(
    '/metrics/weights/:date/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the weight of a day',
        params: dateParamsSchema,
        response: responses(200, noticeSchema),
      },
    },
    async (request, reply) => {
      await deleteWeight(request.deps, userOf(request), request.params.date);
      return send(reply, 200, { message: 'Peso eliminado' });
    },
  );

  app.put(
    '/metrics/measurements/:date/',
    {
      schema: {
        tags,
        security,
        summary: 'The body measurements of a day, in cm',
        params: dateParamsSchema,
        body: measurementInputSchema,
        response: responses(200, measurementSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await putMeasurement(request.deps, userOf(request), request.params.date, request.body),
      ),
  );

  app.delete(
    '/metrics/measurements/:date/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete the measurements of a day',
        params: dateParamsSchema,
        response: responses(200, noticeSchema),
      },
    },
    async (request, reply) => {
      await deleteMeasurement(request.deps, userOf(request), request.params.date);
      return send(reply, 200, { message: 'Medidas eliminadas' });
    },
  );

  app.get(
    '/metrics/export/',
    {
      schema: {
        tags,
        security,
        summary:
          'All of one’s logged data as CSV (diary, water, training, weights, measurements), standard or in the Spanish spreadsheet format',
        querystring: csvExportQuerySchema,
        response: responses(200, csvExportSchema),
      },
    },
    async (request, reply) => {
      const { filename, chunks } = await exportCsv(
        request.deps,
        userOf(request),
        undefined,
        request.query.format,
      );
      return sendStreamedText(reply, { filename }, 'content', chunks);
    },
  );

  return Promise.resolve();
};

/**
 * A trainee's metrics as their trainer reads them (the trainee file's Cuerpo): trainers need
 * no subscription and anyone else gets a 404, so it sits outside the subscription gate.
 */
export const trainerMetricsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/trainers/trainees/:id/metrics/',
    {
      config: { trainerAnswer: 'metrics' },
      schema: {
        tags: ['trainers'],
        security,
        summary:
          "A trainee's weight, trend and measurements over 1, 3, 6 or 12 months, as the trainee's own metrics; energy and adherence only when the diary is shared",
        description:
          'A trainer, for their own trainees who share the body area. Anyone else gets a 404. No subscription is needed.',
        params: z.object({ id: z.string() }),
        querystring: metricsQuerySchema,
        response: responses(200, metricsSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await getTraineeMetrics(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
          request.query.months,
        ),
      ),
  );

  return Promise.resolve();
};

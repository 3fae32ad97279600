import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@forja/shared/schemas/health';
import { AppError } from '#http/app-error';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';

export const healthRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check',
        response: responses(200, healthSchema),
      },
    },
    async (_request, reply) => {
      try {
        await deps.database.ping();
      } catch (error) {
        throw new AppError('unavailable', { cause: error });
      }
      return send(reply, 200, {
        status: 'ok',
        database: 'ok',
        version: deps.version,
        rate_limits: deps.rateLimitStore(),
      } as const);
    },
  );
  return Promise.resolve();
};

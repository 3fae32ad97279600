import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@forja/shared/schemas/health';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import { responses, send } from '../../http/reply';

export interface HealthRoutesOptions {
  database: Database;
  version: string;
}

export const healthRoutes: FastifyPluginAsyncZod<HealthRoutesOptions> = (app, options) => {
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
        await options.database.ping();
      } catch (error) {
        throw new AppError('unavailable', { cause: error });
      }
      return send(reply, 200, { status: 'ok', database: 'ok', version: options.version } as const);
    },
  );
  return Promise.resolve();
};

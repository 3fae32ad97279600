import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@forja/shared/schemas/health';
import type { Database } from '../../db/client';
import { AppError } from '../../http/app-error';
import type { RateLimitStoreKind } from '../../http/rate-limit-store';
import { responses, send } from '../../http/reply';

export interface HealthRoutesOptions {
  database: Database;
  version: string;
  /** Where the rate limits count right now: memory while Redis is unavailable. */
  rateLimitStore: () => RateLimitStoreKind;
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
      return send(reply, 200, {
        status: 'ok',
        database: 'ok',
        version: options.version,
        rate_limits: options.rateLimitStore(),
      } as const);
    },
  );
  return Promise.resolve();
};

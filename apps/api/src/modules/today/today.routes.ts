import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todaySchema } from '@forja/shared/schemas/today';
import { authenticated, requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { getToday } from './today.service';

export const todayRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/today/',
    {
      schema: {
        tags: ['today'],
        security: [{ token: [] }],
        summary: "Today's intake, water, training and latest weight, for the home screen",
        response: responses(200, todaySchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getToday(request.deps, requireUser(request).userId)),
  );
  return Promise.resolve();
};

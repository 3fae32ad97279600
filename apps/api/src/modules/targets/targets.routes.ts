import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { targetsSchema } from '@forja/shared/schemas/targets';
import { authenticated, requireUser } from '../../http/authentication';
import { responses, send } from '../../http/reply';
import { getTargets, type TargetsDeps } from './targets.service';

export interface TargetsRoutesOptions {
  deps: TargetsDeps;
  requireSubscription: preHandlerAsyncHookHandler;
}

export const targetsRoutes: FastifyPluginAsyncZod<TargetsRoutesOptions> = (app, options) => {
  app.get(
    '/targets/',
    {
      schema: {
        tags: ['targets'],
        security: [{ token: [] }],
        summary: "The caller's daily targets, computed from their onboarding answers",
        response: responses(200, targetsSchema),
      },
      onRequest: authenticated,
      preHandler: options.requireSubscription,
    },
    async (request, reply) =>
      send(reply, 200, await getTargets(options.deps, requireUser(request).userId)),
  );
  return Promise.resolve();
};

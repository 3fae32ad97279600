import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentsSchema } from '@forja/shared/schemas/consents';
import { authenticated, requireUser } from '#http/authentication';
import { ownUserId } from '#http/ownership';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import {
  getConsents,
  withdrawHealthConsent,
  withdrawTrainerHealthSharing,
} from './consents.service';

const tags = ['consents'];
const security = [{ token: [] }];
const params = z.object({ id: z.string() });

// No subscription gate: seeing and withdrawing consent must work after the plan ends too.
export const consentsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/users/:id/consents/',
    {
      schema: {
        tags,
        security,
        summary:
          'What the caller agreed to and when: the terms, the processing of health data, sharing with the trainer',
        params,
        response: responses(200, consentsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      const userId = ownUserId(requireUser(request), request.params.id);
      return send(reply, 200, await getConsents(request.deps, userId));
    },
  );

  app.delete(
    '/users/:id/consents/health-data/',
    {
      schema: {
        tags,
        security,
        summary:
          'Withdraw the consent to process health data: the health answers are deleted at once',
        params,
        response: responses(200, consentsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      const userId = ownUserId(requireUser(request), request.params.id);
      return send(reply, 200, await withdrawHealthConsent(request.deps, userId));
    },
  );

  app.delete(
    '/users/:id/consents/trainer-health/',
    {
      schema: {
        tags,
        security,
        summary:
          'Stop sharing the health answers with the trainer; the answers and the shared areas stay',
        params,
        response: responses(200, consentsSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      const userId = ownUserId(requireUser(request), request.params.id);
      return send(reply, 200, await withdrawTrainerHealthSharing(request.deps, userId));
    },
  );

  return Promise.resolve();
};

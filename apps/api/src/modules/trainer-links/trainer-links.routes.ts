import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { consentAreasSchema, traineeTrainerSchema } from '@forja/shared/schemas/trainers';
import { authenticated, requireUser } from '#http/authentication';
import { noContentResponses, responses, send, sendNoContent } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { endLink, getTrainer, updateConsent } from './trainer-links.service';

const tags = ['trainers'];
const security = [{ token: [] }];
const idParams = z.object({ id: z.string().max(64) });

export const trainerLinksRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/users/:id/trainer/',
    {
      schema: {
        tags,
        security,
        summary: 'The trainee’s trainer and what the trainee shares with them',
        params: idParams,
        response: responses(200, traineeTrainerSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getTrainer(request.deps, requireUser(request), request.params.id)),
  );

  app.delete(
    '/users/:id/trainer/',
    {
      schema: {
        tags,
        security,
        summary: 'End the link between a trainee and their trainer, asked by either of them',
        params: idParams,
        response: noContentResponses(),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      await endLink(request.deps, requireUser(request), request.params.id);
      return sendNoContent(reply);
    },
  );

  app.put(
    '/users/:id/trainer/consent/',
    {
      schema: {
        tags,
        security,
        summary: 'Change what the trainee shares with their trainer, the four areas at once',
        params: idParams,
        body: consentAreasSchema,
        response: responses(200, traineeTrainerSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updateConsent(request.deps, requireUser(request), request.params.id, request.body),
      ),
  );

  return Promise.resolve();
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import {
  userPreferencesCreateSchema,
  userPreferencesSchema,
  userPreferencesUpdateSchema,
} from '@forja/shared/schemas/preferences';
import { authenticated, requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import {
  createPreferences,
  deletePreferences,
  getPreferences,
  updatePreferences,
} from './preferences.service';

const tags = ['preferences'];
const security = [{ token: [] }];
const idParams = z.object({ id: z.string() });

export const preferencesRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/users/:id/preferences/',
    {
      schema: {
        tags,
        security,
        summary: 'One’s own preferences',
        params: idParams,
        response: responses(200, userPreferencesSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getPreferences(request.deps, requireUser(request), request.params.id)),
  );

  app.post(
    '/users/preferences/',
    {
      schema: {
        tags,
        security,
        summary: 'Create one’s preferences (one set per user)',
        body: userPreferencesCreateSchema,
        response: responses(201, userPreferencesSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 201, await createPreferences(request.deps, requireUser(request), request.body)),
  );

  app.put(
    '/users/preferences/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Update one’s preferences',
        params: idParams,
        body: userPreferencesUpdateSchema,
        response: responses(200, userPreferencesSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updatePreferences(
          request.deps,
          requireUser(request),
          request.params.id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/users/preferences/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one’s preferences',
        params: idParams,
        response: responses(200, noticeSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      await deletePreferences(request.deps, requireUser(request), request.params.id);
      return send(reply, 200, { message: 'Preferencias eliminadas' });
    },
  );

  return Promise.resolve();
};

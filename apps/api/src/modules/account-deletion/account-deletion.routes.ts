import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDeletionSchema } from '@forja/shared/schemas/account';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import { authenticated, requireUser } from '#http/authentication';
import { ownUserId } from '#http/ownership';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { deleteAccount } from './account-deletion.service';

export const accountDeletionRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, options) => {
  // No subscription needed: leaving must always be possible.
  app.delete(
    '/users/:id/',
    {
      schema: {
        tags: ['users'],
        security: [{ token: [] }],
        summary:
          'Delete one’s own account and all its data, confirmed by typing ELIMINAR and the current password',
        params: z.object({ id: z.string() }),
        body: accountDeletionSchema,
        response: responses(200, noticeSchema),
      },
      onRequest: authenticated,
      // Wrong passwords count with the password change's: either call could test guesses.
      preHandler: options.deps.rateLimit(
        'passwordChange',
        (request) => requireUser(request).userId,
      ),
    },
    async (request, reply) => {
      const principal = requireUser(request);
      ownUserId(principal, request.params.id);
      await deleteAccount(request.deps, principal.user, request.body);
      return send(reply, 200, { message: 'Tu cuenta y todos tus datos se han eliminado' });
    },
  );
  return Promise.resolve();
};

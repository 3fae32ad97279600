import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import {
  recoveryCodesSchema,
  twoFactorConfirmationSchema,
  twoFactorDisableSchema,
  twoFactorEnrolmentSchema,
  twoFactorStatusSchema,
} from '@forja/shared/schemas/two-factor';
import { authenticated, requireUser } from '#http/authentication';
import { ownUserId } from '#http/ownership';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import {
  confirmEnrolment,
  disableTwoFactor,
  startEnrolment,
  twoFactorStatus,
} from './two-factor.service';

const tags = ['two-factor'];
const security = [{ token: [] }];
const params = z.object({ id: z.string() });

/** Two-factor sign-in with an authenticator app (decision 100); no subscription needed. */
export const twoFactorRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  // Wrong passwords and codes count with the password change's: each could test guesses.
  const limited = deps.rateLimit('passwordChange', (request) => requireUser(request).userId);

  app.get(
    '/users/:id/two-factor/',
    {
      schema: {
        tags,
        security,
        summary: 'Whether sign-in asks for an authenticator code, and the recovery codes left',
        params,
        response: responses(200, twoFactorStatusSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      const principal = requireUser(request);
      ownUserId(principal, request.params.id);
      return send(reply, 200, await twoFactorStatus(request.deps, principal.user));
    },
  );

  app.post(
    '/users/:id/two-factor/',
    {
      schema: {
        tags,
        security,
        summary: 'Start enrolling: a new secret, answered once, on when a code confirms it',
        params,
        response: responses(201, twoFactorEnrolmentSchema),
      },
      // The answer carries a secret: a write sent with a key keeps its effect, not its answer.
      config: { answerHasSecret: true },
      onRequest: authenticated,
    },
    async (request, reply) => {
      const principal = requireUser(request);
      ownUserId(principal, request.params.id);
      return send(reply, 201, await startEnrolment(request.deps, principal.user));
    },
  );

  app.post(
    '/users/:id/two-factor/confirmation/',
    {
      schema: {
        tags,
        security,
        summary: 'Turn it on with a code from the app; answers ten single-use recovery codes once',
        params,
        body: twoFactorConfirmationSchema,
        response: responses(200, recoveryCodesSchema),
      },
      // The answer carries a secret: a write sent with a key keeps its effect, not its answer.
      config: { answerHasSecret: true },
      onRequest: authenticated,
      preHandler: limited,
    },
    async (request, reply) => {
      const principal = requireUser(request);
      ownUserId(principal, request.params.id);
      return send(reply, 200, await confirmEnrolment(request.deps, principal.user, request.body));
    },
  );

  app.delete(
    '/users/:id/two-factor/',
    {
      schema: {
        tags,
        security,
        summary: 'Turn it off, with the password or a code from the app',
        params,
        body: twoFactorDisableSchema,
        response: responses(200, noticeSchema),
      },
      onRequest: authenticated,
      preHandler: limited,
    },
    async (request, reply) => {
      const principal = requireUser(request);
      ownUserId(principal, request.params.id);
      await disableTwoFactor(request.deps, principal.user, request.body);
      return send(reply, 200, { message: 'Verificación en dos pasos desactivada' });
    },
  );

  return Promise.resolve();
};

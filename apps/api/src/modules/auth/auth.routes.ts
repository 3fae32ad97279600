import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authTokensSchema, loginSchema, refreshSchema } from '@forja/shared/schemas/auth';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import { accessTokenOf } from '#http/authentication';
import { emailOfBody } from '#http/rate-limit';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { login, logout, refresh } from './auth.service';

const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  const { rateLimit } = deps;

  app.post(
    '/auth/login/',
    {
      schema: {
        tags,
        summary: 'Start a session with e-mail and password',
        body: loginSchema,
        response: responses(200, authTokensSchema),
      },
      preHandler: rateLimit('login', emailOfBody),
    },
    async (request, reply) => send(reply, 200, await login(request.deps, request.body)),
  );

  app.post(
    '/auth/refresh/',
    {
      schema: {
        tags,
        summary: 'Trade a refresh token for a new pair (rotation)',
        body: refreshSchema,
        response: responses(200, authTokensSchema),
      },
    },
    async (request, reply) => send(reply, 200, await refresh(request.deps, request.body)),
  );

  // Logout must answer 200 whatever the client sends along: its body is read and ignored.
  void app.register((scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
      done(null, undefined);
    });
    scope.post(
      '/auth/logout/',
      {
        schema: {
          tags,
          security: [{ token: [] }],
          summary: 'End the session of the access token; 200 even when it is no longer valid',
          response: responses(200, noticeSchema),
        },
      },
      async (request, reply) => {
        await logout(request.deps, accessTokenOf(request));
        return send(reply, 200, { message: 'Sesión cerrada' });
      },
    );
    return Promise.resolve();
  });

  return Promise.resolve();
};

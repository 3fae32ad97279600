import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authTokensSchema } from '@forja/shared/schemas/auth';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import {
  emailOnlySchema,
  emailVerificationSchema,
  passwordChangeSchema,
  passwordResetSchema,
  passwordResetTriggerSchema,
  registrationSchema,
  userSchema,
  usersQuerySchema,
  userUpdateSchema,
} from '@forja/shared/schemas/user';
import { authenticated, requireUser } from '#http/authentication';
import { emailOfBody } from '#http/rate-limit';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import {
  changePassword,
  getUser,
  listUsers,
  registerUser,
  requestMail,
  resetPassword,
  updateUser,
  verifyEmail,
} from './users.service';

const tags = ['users'];
const idParams = z.object({ id: z.string() });
const security = [{ token: [] }];

export const usersRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  const { rateLimit } = deps;

  app.post(
    '/users/registrations/',
    {
      schema: {
        tags,
        summary: 'Create an account and mail a verification code',
        body: registrationSchema,
        response: responses(201, userSchema),
      },
      preHandler: rateLimit('registration', emailOfBody),
    },
    async (request, reply) => send(reply, 201, await registerUser(request.deps, request.body)),
  );

  app.post(
    '/users/registrations/email-verifications/',
    {
      schema: {
        tags,
        summary: 'Enable an account with the code from its e-mail',
        body: emailVerificationSchema,
        response: responses(200, noticeSchema),
      },
      preHandler: rateLimit('verification', emailOfBody),
    },
    async (request, reply) => {
      await verifyEmail(request.deps, request.body);
      return send(reply, 200, { message: 'Correo electrónico verificado' });
    },
  );

  app.post(
    '/users/registrations/email-verifications/resend/',
    {
      schema: {
        tags,
        summary: 'Mail a new verification code when one is due',
        body: emailOnlySchema,
        response: responses(200, noticeSchema),
      },
      preHandler: rateLimit('verificationResend', emailOfBody),
    },
    async (request, reply) => {
      await requestMail(request.deps, 'verification_resend', request.body);
      return send(reply, 200, {
        message: 'Si la cuenta existe y falta verificarla, te hemos enviado un código nuevo',
      });
    },
  );

  app.post(
    '/users/password-reset/triggers/',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link when the account exists',
        body: passwordResetTriggerSchema,
        response: responses(200, noticeSchema),
      },
      preHandler: rateLimit('passwordResetTrigger', emailOfBody),
    },
    async (request, reply) => {
      await requestMail(request.deps, 'password_reset', request.body);
      return send(reply, 200, {
        message:
          'Si existe una cuenta con ese correo, te hemos enviado un enlace para restablecer la contraseña',
      });
    },
  );

  app.post(
    '/users/password-reset/',
    {
      schema: {
        tags,
        summary: 'Set a new password with the token from the reset e-mail',
        body: passwordResetSchema,
        response: responses(200, noticeSchema),
      },
      preHandler: rateLimit('passwordReset', emailOfBody),
    },
    async (request, reply) => {
      await resetPassword(request.deps, request.body);
      return send(reply, 200, { message: 'Contraseña restablecida' });
    },
  );

  app.post(
    '/users/password-change/',
    {
      schema: {
        tags,
        security,
        summary:
          'Change the password, knowing the current one: every session ends and a new pair of tokens replaces the caller’s',
        body: passwordChangeSchema,
        response: responses(200, authTokensSchema),
      },
      // The answer carries a secret: a write sent with a key keeps its effect, not its answer.
      config: { answerHasSecret: true },
      onRequest: authenticated,
      // A stolen access token must not become a way to try passwords.
      preHandler: rateLimit('passwordChange', (request) => requireUser(request).userId),
    },
    async (request, reply) =>
      send(reply, 200, await changePassword(request.deps, requireUser(request), request.body)),
  );

  app.get(
    '/users/',
    {
      config: { trainerAnswer: 'users' },
      schema: {
        tags,
        security,
        summary: 'The current user first, then (for a trainer) their trainees',
        description: '`limit` (1–1000) keeps the first n: `?limit=1` is the current user alone.',
        querystring: usersQuerySchema,
        response: responses(200, z.array(userSchema)),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await listUsers(request.deps, requireUser(request), request.query.limit)),
  );

  app.get(
    '/users/:id/',
    {
      config: { trainerAnswer: 'user' },
      schema: {
        tags,
        security,
        summary: 'One user: oneself or, for a trainer, one of their trainees',
        params: idParams,
        response: responses(200, userSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getUser(request.deps, requireUser(request), request.params.id)),
  );

  app.put(
    '/users/:id/',
    {
      config: { trainerAnswer: 'user' },
      schema: {
        tags,
        security,
        summary: 'Update one’s own profile',
        params: idParams,
        body: userUpdateSchema,
        response: responses(200, userSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updateUser(request.deps, requireUser(request), request.params.id, request.body),
      ),
  );

  return Promise.resolve();
};

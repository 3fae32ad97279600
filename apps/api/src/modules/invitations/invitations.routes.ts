import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invitationAcceptanceSchema,
  invitationCreateSchema,
  invitationPreviewSchema,
  invitationSchema,
  invitationSummarySchema,
  traineeTrainerSchema,
} from '@forja/shared/schemas/trainers';
import { authenticated, requireUser } from '#http/authentication';
import { noContentResponses, responses, send, sendNoContent } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import {
  acceptInvitation,
  createInvitation,
  listInvitations,
  previewInvitation,
  revokeInvitation,
} from './invitations.service';

const tags = ['trainers'];
const security = [{ token: [] }];
const idParams = z.object({ id: z.string().max(64) });
const codeParams = z.object({ code: z.string().max(64) });

export const invitationsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  app.post(
    '/trainers/invitations/',
    {
      schema: {
        tags,
        security,
        summary: 'Invite trainees: a link for one or several people, valid for some days',
        body: invitationCreateSchema,
        response: responses(201, invitationSchema),
      },
      // The answer carries a secret: a write sent with a key keeps its effect, not its answer.
      config: { trainerAnswer: 'own', answerHasSecret: true },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        201,
        await createInvitation(request.deps, requireTrainer(request).userId, request.body),
      ),
  );

  app.get(
    '/trainers/invitations/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'The trainer’s invitations that can still be accepted, newest first',
        response: responses(200, z.array(invitationSummarySchema)),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(reply, 200, await listInvitations(request.deps, requireTrainer(request).userId)),
  );

  app.delete(
    '/trainers/invitations/:id/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Revoke an invitation: its link stops working',
        params: idParams,
        response: noContentResponses(),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) => {
      await revokeInvitation(request.deps, requireTrainer(request).userId, request.params.id);
      return sendNoContent(reply);
    },
  );

  app.get(
    '/invitations/:code/',
    {
      schema: {
        tags,
        summary: 'Who invites and what they ask to see, for anyone holding the link',
        params: codeParams,
        response: responses(200, invitationPreviewSchema),
      },
      preHandler: deps.rateLimit('invitationPreview', (request) => {
        const { code } = request.params as { code: string };
        return code;
      }),
    },
    async (request, reply) =>
      send(reply, 200, await previewInvitation(request.deps, request.params.code)),
  );

  app.post(
    '/trainers/invitations/:code/acceptance/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary:
          'Accept an invitation as a trainee: the trainer becomes theirs, seeing only the areas chosen',
        params: codeParams,
        body: invitationAcceptanceSchema,
        response: responses(200, traineeTrainerSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await acceptInvitation(
          request.deps,
          requireUser(request),
          request.params.code,
          request.body,
        ),
      ),
  );

  return Promise.resolve();
};

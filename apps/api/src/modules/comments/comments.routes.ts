import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  commentDateQuerySchema,
  commentListSchema,
  commentSchema,
  commentTargetInputSchema,
  unreadCommentsSchema,
} from '@forja/shared/schemas/comments';
import { dateParamsSchema } from '@forja/shared/schemas/diary';
import { requireUser } from '#http/authentication';
import { signedInAccount } from '#http/rate-limit';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import {
  countUnread,
  latestFromTrainers,
  listOwnComments,
  listTraineeComments,
  writeOwnComment,
  writeTraineeComment,
} from './comments.service';

const security = [{ token: [] }];
const traineeParams = z.object({ id: z.string().max(64) });
const targetHelp =
  'A comment is on the day (`target: day`), one of its meals (`target: meal`, `meal`) or one of its sessions (`target: workout`, `workout_id`); `body` is 1 to 2000 characters once trimmed. At most 200 comments a day per trainee.';

/**
 * The trainer's side of the comments (decision 055): outside the subscription gate, and a 404
 * to anyone who is not a trainer. A day and its meals need the diary shared, a session the
 * training; a trainee who is not theirs, or shares neither, is a 404.
 */
export const trainerCommentsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  const tags = ['trainers'];

  app.get(
    '/trainers/trainees/:id/comments/',
    {
      config: { trainerAnswer: 'comments' },
      schema: {
        tags,
        security,
        summary:
          "The comments between the trainer and one trainee on a day, of the areas the trainee shares (the day and its meals with the diary, sessions with training); the trainee's become read",
        params: traineeParams,
        querystring: commentDateQuerySchema,
        response: responses(200, commentListSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await listTraineeComments(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
          request.query.date,
        ),
      ),
  );

  app.post(
    '/trainers/trainees/:id/comments/',
    {
      config: { trainerAnswer: 'comment' },
      schema: {
        tags,
        security,
        summary: "Comment on a trainee's day, meal or session",
        description: `${targetHelp} The day and its meals need the diary shared, a session the training; otherwise a 404.`,
        params: traineeParams,
        querystring: commentDateQuerySchema,
        body: commentTargetInputSchema,
        response: responses(201, commentSchema),
      },
      preHandler: deps.rateLimit('commentWrite', signedInAccount),
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        201,
        await writeTraineeComment(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
          request.query.date,
          request.body,
        ),
      ),
  );

  return Promise.resolve();
};

/** The trainee's side: inside the subscription gate, like the diary. */
export const commentsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  const tags = ['diary'];

  app.get(
    '/diary/days/:date/comments/',
    {
      schema: {
        tags,
        security,
        summary:
          "Every comment on one day of the caller's, from their trainer now and any before; the trainers' become read",
        params: dateParamsSchema,
        response: responses(200, commentListSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await listOwnComments(request.deps, requireUser(request).userId, request.params.date),
      ),
  );

  app.post(
    '/diary/days/:date/comments/',
    {
      schema: {
        tags,
        security,
        summary: 'Write or reply to their trainer on the day, a meal or a session',
        description: `${targetHelp} Needs a trainer linked now (404 \`trainer not found\` otherwise).`,
        params: dateParamsSchema,
        body: commentTargetInputSchema,
        response: responses(201, commentSchema),
      },
      preHandler: deps.rateLimit('commentWrite', signedInAccount),
    },
    async (request, reply) =>
      send(
        reply,
        201,
        await writeOwnComment(
          request.deps,
          requireUser(request).userId,
          request.params.date,
          request.body,
        ),
      ),
  );

  app.get(
    '/comments/unread/',
    {
      schema: {
        tags,
        security,
        summary:
          "How many of their trainers' comments the caller has not read yet, and the latest three of them, read or not (for home); reading this marks nothing",
        response: responses(200, unreadCommentsSchema),
      },
    },
    async (request, reply) => {
      const userId = requireUser(request).userId;
      const [count, latest] = await Promise.all([
        countUnread(request.deps, userId),
        latestFromTrainers(request.deps, userId),
      ]);
      return send(reply, 200, { count, latest });
    },
  );

  return Promise.resolve();
};

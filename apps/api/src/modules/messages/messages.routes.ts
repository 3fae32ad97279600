import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conversationPageSchema,
  conversationQuerySchema,
  markReadInputSchema,
  messageInputSchema,
  messageSchema,
  trainerUnreadMessagesSchema,
  unreadMessagesSchema,
} from '@forja/shared/schemas/conversation';
import { AppError } from '#http/app-error';
import { authenticated, requireUser } from '#http/authentication';
import { IMAGE_MAX_UPLOAD_BYTES } from '#images/resize';
import { uploadedFile } from '#images/upload';
import { signedInAccount } from '#http/rate-limit';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import {
  findPhoto,
  markRead,
  readConversation,
  sendPhoto,
  sendText,
  trainerPair,
  traineePair,
  unreadForTrainee,
  unreadForTrainer,
  type PairOf,
} from './messages.service';

const security = [{ token: [] }];
const traineeParams = z.object({ id: z.string().max(64) });
const uploadLimits = { fileSize: IMAGE_MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 };
const pageHelp =
  'The newest 50 messages before `before` (the `next_cursor` of the page after), oldest first. Reading a page marks nothing: `read/` does.';
const textHelp = '`body` is 1 to 2000 characters once trimmed.';
const photoHelp =
  'multipart/form-data, field "photo", at most 8 MiB: JPEG, PNG, WebP, GIF, AVIF or HEIF, stored re-encoded (1280 px a side at most, metadata removed).';
const boundHelp =
  'A pair keeps its newest 10 000 messages and 100 photos: the oldest go as new ones come.';

/**
 * The trainer's side of the conversation (decision 060): outside the subscription gate, and a
 * 404 to anyone who is not a trainer or for a trainee who is not theirs now.
 */
export const trainerMessagesRoutes: FastifyPluginAsyncZod<RoutesOptions> = async (
  app,
  { deps },
) => {
  await app.register(multipart, { limits: uploadLimits });
  const tags = ['trainers'];
  const pairOf =
    (trainerId: string, traineeId: string): PairOf =>
    (db, lock) =>
      trainerPair(db, trainerId, traineeId, lock);

  app.get(
    '/trainers/trainees/:id/messages/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'One page of the conversation with a trainee of theirs',
        description: pageHelp,
        params: traineeParams,
        querystring: conversationQuerySchema,
        response: responses(200, conversationPageSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await readConversation(
          request.deps,
          pairOf(requireTrainer(request).userId, request.params.id),
          request.query.before,
        ),
      ),
  );

  app.post(
    '/trainers/trainees/:id/messages/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Send a trainee of theirs a text message',
        description: `${textHelp} ${boundHelp}`,
        params: traineeParams,
        body: messageInputSchema,
        response: responses(201, messageSchema),
      },
      preHandler: deps.rateLimit('messageWrite', signedInAccount),
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        201,
        await sendText(
          request.deps,
          pairOf(requireTrainer(request).userId, request.params.id),
          request.body.body,
        ),
      ),
  );

  app.post(
    '/trainers/trainees/:id/messages/photos/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Send a trainee of theirs a photo',
        description: `${photoHelp} ${boundHelp}`,
        consumes: ['multipart/form-data'],
        params: traineeParams,
        response: responses(201, messageSchema),
      },
      preHandler: deps.rateLimit('upload', signedInAccount),
      onRequest: trainersOnly,
    },
    async (request, reply) => {
      const pair = pairOf(requireTrainer(request).userId, request.params.id);
      await pair(request.deps.db, false);
      const upload = await uploadedFile(request);
      return send(reply, 201, await sendPhoto(request.deps, pair, upload));
    },
  );

  app.post(
    '/trainers/trainees/:id/messages/read/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: "Mark the trainee's messages read up to one (included)",
        description: 'Answers how many of theirs are still unread.',
        params: traineeParams,
        body: markReadInputSchema,
        response: responses(200, unreadMessagesSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await markRead(
          request.deps,
          pairOf(requireTrainer(request).userId, request.params.id),
          request.body.up_to,
        ),
      ),
  );

  app.get(
    '/trainers/messages/unread/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary:
          'How many messages of their trainees now the trainer has not read, in all and per trainee',
        response: responses(200, trainerUnreadMessagesSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(reply, 200, await unreadForTrainer(request.deps, requireTrainer(request).userId)),
  );
};

/** The trainee's side: inside the subscription gate, like the comments. */
export const messagesRoutes: FastifyPluginAsyncZod<RoutesOptions> = async (app, { deps }) => {
  await app.register(multipart, { limits: uploadLimits });
  const tags = ['messages'];
  const pairOf =
    (traineeId: string): PairOf =>
    (db, lock) =>
      traineePair(db, traineeId, lock);

  app.get(
    '/messages/',
    {
      schema: {
        tags,
        security,
        summary: 'One page of the conversation with their trainer now',
        description: `${pageHelp} Without a trainer, a 404 \`trainer not found\`.`,
        querystring: conversationQuerySchema,
        response: responses(200, conversationPageSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await readConversation(
          request.deps,
          pairOf(requireUser(request).userId),
          request.query.before,
        ),
      ),
  );

  app.post(
    '/messages/',
    {
      schema: {
        tags,
        security,
        summary: 'Send their trainer a text message',
        description: `${textHelp} ${boundHelp}`,
        body: messageInputSchema,
        response: responses(201, messageSchema),
      },
      preHandler: deps.rateLimit('messageWrite', signedInAccount),
    },
    async (request, reply) =>
      send(
        reply,
        201,
        await sendText(request.deps, pairOf(requireUser(request).userId), request.body.body),
      ),
  );

  app.post(
    '/messages/photos/',
    {
      schema: {
        tags,
        security,
        summary: 'Send their trainer a photo',
        description: `${photoHelp} ${boundHelp}`,
        consumes: ['multipart/form-data'],
        response: responses(201, messageSchema),
      },
      preHandler: deps.rateLimit('upload', signedInAccount),
    },
    async (request, reply) => {
      const pair = pairOf(requireUser(request).userId);
      await pair(request.deps.db, false);
      const upload = await uploadedFile(request);
      return send(reply, 201, await sendPhoto(request.deps, pair, upload));
    },
  );

  app.post(
    '/messages/read/',
    {
      schema: {
        tags,
        security,
        summary: "Mark their trainer's messages read up to one (included)",
        description: 'Answers how many of theirs are still unread.',
        body: markReadInputSchema,
        response: responses(200, unreadMessagesSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await markRead(request.deps, pairOf(requireUser(request).userId), request.body.up_to),
      ),
  );

  app.get(
    '/messages/unread/',
    {
      schema: {
        tags,
        security,
        summary: 'How many messages of their trainer now the caller has not read',
        response: responses(200, unreadMessagesSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, {
        count: await unreadForTrainee(request.deps, requireUser(request).userId),
      }),
  );
};

const photoParams = z.object({ photoId: z.string().max(64) });

/**
 * The photos, for both people of a pair while the link lasts (outside the subscription gate):
 * asked for with the access token, so the web app fetches them; never cached by others.
 */
export const messagePhotoRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/messages/photos/:photoId/',
    {
      schema: {
        tags: ['messages'],
        security,
        summary: 'The photo of a message of one of their conversations (image/webp)',
        params: photoParams,
      },
      onRequest: authenticated,
      // After the /v0 answers' `no-store`: a photo never changes, and only its reader keeps it.
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) {
          reply.header('cache-control', 'private, max-age=31536000, immutable');
        }
        return payload;
      },
    },
    async (request, reply) => {
      const photo = await findPhoto(
        request.deps,
        requireUser(request).userId,
        request.params.photoId,
      );
      if (!photo) throw new AppError('notFound');
      return reply
        .header('content-type', photo.content_type)
        .header('etag', `"${photo.sha256}"`)
        .header('x-content-type-options', 'nosniff')
        .send(photo.content);
    },
  );
  return Promise.resolve();
};

export { messageEventLoaders } from './messages.service';

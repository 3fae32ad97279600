import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkInFormSchema,
  checkInFormsSchema,
  checkInInputSchema,
  checkInListSchema,
  checkInReplyInputSchema,
  checkInSchema,
  checkInWeekParamsSchema,
  currentCheckInSchema,
  effectiveCheckInFormSchema,
  photoQuerySchema,
  progressPhotoSchema,
  reviewItemSchema,
  reviewListSchema,
  reviewQuerySchema,
} from '@forja/shared/schemas/check-ins';
import { requireUser } from '#http/authentication';
import { signedInAccount } from '#http/rate-limit';
import { noContentResponses, responses, send, sendNoContent } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import { IMAGE_MAX_UPLOAD_BYTES } from '#images/resize';
import { uploadedFile } from '#images/upload';
import {
  deleteForm,
  listForms,
  parseGroupTag,
  saveForm,
  traineeForm,
} from './check-in-forms.service';
import {
  currentCheckIn,
  listOwnCheckIns,
  replyToCheckIn,
  reviewCheckIn,
  reviewList,
  sendCheckIn,
  traineeCheckIns,
} from './check-ins.service';
import {
  addProgressPhoto,
  deleteProgressPhoto,
  readProgressPhoto,
} from './progress-photos.service';

const security = [{ token: [] }];
const idParams = z.object({ id: z.string().max(64) });
const tagParams = z.object({ tag: z.string().max(200) });
const trainerHelp =
  'A trainer only, about trainees linked to them now who share check-ins (or, for forms, linked at all); anyone else gets a 404. No subscription is needed.';

/**
 * The trainee's check-ins (decision 061), inside the subscription gate like the diary.
 * Sending needs a trainer the trainee shares check-ins with, and the explicit consent to
 * process health data, given with each check-in.
 */
export const checkInsRoutes: FastifyPluginAsyncZod<RoutesOptions> = async (app, { deps }) => {
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
  });
  const tags = ['check-ins'];

  app.get(
    '/check-ins/current/',
    {
      schema: {
        tags,
        security,
        summary:
          "This week's check-in: the form, the figures the server fills in, and what was sent; null without a trainer sharing check-ins",
        response: responses(200, currentCheckInSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await currentCheckIn(request.deps, requireUser(request).userId)),
  );

  app.get(
    '/check-ins/',
    {
      schema: {
        tags,
        security,
        summary: 'Every check-in sent, newest week first (at most 52 are kept)',
        response: responses(200, checkInListSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await listOwnCheckIns(request.deps, requireUser(request).userId)),
  );

  app.put(
    '/check-ins/:week/',
    {
      schema: {
        tags,
        security,
        summary:
          "Send or change the check-in of a week (its Monday: this week's or last week's) until the trainer answers it",
        params: checkInWeekParamsSchema,
        body: checkInInputSchema,
        response: responses(200, checkInSchema),
      },
      preHandler: deps.rateLimit('checkInWrite', signedInAccount),
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await sendCheckIn(
          request.deps,
          requireUser(request).userId,
          request.params.week,
          request.body,
        ),
      ),
  );

  app.post(
    '/check-ins/:id/photos/',
    {
      schema: {
        tags,
        security,
        summary:
          'Add a progress photo (multipart, field "photo", at most 8 MiB) of a pose, replacing that pose\'s; at most one per pose',
        consumes: ['multipart/form-data'],
        params: idParams,
        querystring: photoQuerySchema,
        response: responses(201, progressPhotoSchema),
      },
      preHandler: deps.rateLimit('upload', signedInAccount),
    },
    async (request, reply) => {
      const userId = requireUser(request).userId;
      const upload = await uploadedFile(request);
      return send(
        reply,
        201,
        await addProgressPhoto(request.deps, userId, request.params.id, request.query.pose, upload),
      );
    },
  );
};

/**
 * Progress photos by their random id, for their owner and their trainer with check-ins
 * shared (anyone else: 404). Outside the subscription gate: a trainer has none. Never in a
 * shared cache.
 */
export const progressPhotoRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  const tags = ['check-ins'];
  app.get(
    '/progress-photos/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'A progress photo (image/webp) for its owner or their trainer',
        params: idParams,
      },
      onSend: async (_request, reply, payload) => {
        if (reply.statusCode === 200) reply.header('cache-control', 'private, no-cache');
        return payload;
      },
    },
    async (request, reply) => {
      const photo = await readProgressPhoto(
        request.deps,
        requireUser(request).userId,
        request.params.id,
      );
      return reply
        .header('content-type', photo.contentType)
        .header('etag', `"${photo.sha256}"`)
        .send(photo.content);
    },
  );

  app.delete(
    '/progress-photos/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete one of your progress photos, while the check-in is not answered',
        params: idParams,
        response: noContentResponses(),
      },
    },
    async (request, reply) => {
      await deleteProgressPhoto(request.deps, requireUser(request).userId, request.params.id);
      return sendNoContent(reply);
    },
  );
  return Promise.resolve();
};

/** The trainer's side: forms, the review list, a trainee's check-ins, the reply. */
export const trainerCheckInsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app, { deps }) => {
  const tags = ['trainers'];
  const guard = { onRequest: trainersOnly };
  const trainer = (request: Parameters<typeof requireTrainer>[0]) => requireTrainer(request).userId;

  app.get(
    '/trainers/check-in-forms/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary:
          "The trainer's check-in forms: the default (Forja's until saved), groups', trainees'",
        description: trainerHelp,
        response: responses(200, checkInFormsSchema),
      },
      ...guard,
    },
    async (request, reply) => send(reply, 200, await listForms(request.deps, trainer(request))),
  );

  const formTargets = [
    {
      path: '/trainers/check-in-forms/default/',
      params: undefined,
      what: 'the default form, for every trainee without a form of their own or of a group',
      target: () => ({ scope: 'default' as const }),
    },
    {
      path: '/trainers/check-in-forms/groups/:tag/',
      params: tagParams,
      what: "a group's form: the trainees with that tag (a trainee's own form wins)",
      target: (params: unknown) => ({
        scope: 'group' as const,
        tag: parseGroupTag((params as { tag: string }).tag),
      }),
    },
    {
      path: '/trainers/check-in-forms/trainees/:id/',
      params: idParams,
      what: "one trainee's own form",
      target: (params: unknown) => ({
        scope: 'trainee' as const,
        traineeId: (params as { id: string }).id,
      }),
    },
  ];
  for (const { path, params, what, target } of formTargets) {
    app.put(
      path,
      {
        config: { trainerAnswer: 'own' },
        schema: {
          tags,
          security,
          summary: `Save ${what} (1 to 20 questions)`,
          description: trainerHelp,
          ...(params ? { params } : {}),
          body: checkInFormSchema,
          response: responses(200, checkInFormSchema),
        },
        ...guard,
      },
      async (request, reply) =>
        send(
          reply,
          200,
          await saveForm(request.deps, trainer(request), target(request.params), request.body),
        ),
    );
    app.delete(
      path,
      {
        config: { trainerAnswer: 'own' },
        schema: {
          tags,
          security,
          summary: `Delete ${what}`,
          description: trainerHelp,
          ...(params ? { params } : {}),
          response: noContentResponses(),
        },
        ...guard,
      },
      async (request, reply) => {
        await deleteForm(request.deps, trainer(request), target(request.params));
        return sendNoContent(reply);
      },
    );
  }

  app.get(
    '/trainers/trainees/:id/check-in-form/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'The form a trainee answers, and where it comes from',
        description: trainerHelp,
        params: idParams,
        response: responses(200, effectiveCheckInFormSchema),
      },
      ...guard,
    },
    async (request, reply) =>
      send(reply, 200, await traineeForm(request.deps, trainer(request), request.params.id)),
  );

  app.get(
    '/trainers/check-ins/',
    {
      config: { trainerAnswer: 'reviewList' },
      schema: {
        tags,
        security,
        summary:
          'Check-ins to review (`status=pending`, oldest first) or answered (newest first), at most 100',
        description: trainerHelp,
        querystring: reviewQuerySchema,
        response: responses(200, reviewListSchema),
      },
      ...guard,
    },
    async (request, reply) =>
      send(reply, 200, await reviewList(request.deps, trainer(request), request.query.status)),
  );

  app.get(
    '/trainers/check-ins/:id/',
    {
      config: { trainerAnswer: 'reviewItem' },
      schema: {
        tags,
        security,
        summary: 'One check-in of a trainee of theirs',
        description: trainerHelp,
        params: idParams,
        response: responses(200, reviewItemSchema),
      },
      ...guard,
    },
    async (request, reply) =>
      send(reply, 200, await reviewCheckIn(request.deps, trainer(request), request.params.id)),
  );

  app.post(
    '/trainers/check-ins/:id/reply/',
    {
      config: { trainerAnswer: 'reviewItem' },
      schema: {
        tags,
        security,
        summary:
          "Answer a check-in (1 to 4000 characters); it closes it to the trainee's changes. Again: rewrites the answer",
        description: trainerHelp,
        params: idParams,
        body: checkInReplyInputSchema,
        response: responses(200, reviewItemSchema),
      },
      preHandler: deps.rateLimit('checkInWrite', signedInAccount),
      ...guard,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await replyToCheckIn(request.deps, trainer(request), request.params.id, request.body),
      ),
  );

  app.get(
    '/trainers/trainees/:id/check-ins/',
    {
      config: { trainerAnswer: 'checkIns' },
      schema: {
        tags,
        security,
        summary: "A trainee's check-ins sent to this trainer, newest week first",
        description: trainerHelp,
        params: idParams,
        response: responses(200, checkInListSchema),
      },
      ...guard,
    },
    async (request, reply) =>
      send(reply, 200, await traineeCheckIns(request.deps, trainer(request), request.params.id)),
  );

  return Promise.resolve();
};

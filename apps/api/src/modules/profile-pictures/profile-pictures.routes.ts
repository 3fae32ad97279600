import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { profilePictureSchema } from '@forja/shared/schemas/account';
import { AppError } from '#http/app-error';
import { authenticated, requireUser } from '#http/authentication';
import { ownUserId } from '#http/ownership';
import { signedInAccount } from '#http/rate-limit';
import { responses, send } from '#http/reply';
import { IMAGE_MAX_UPLOAD_BYTES } from '#images/resize';
import { uploadedFile } from '#images/upload';
import type { RoutesOptions } from '#http/route-deps';
import {
  deleteProfilePicture,
  findProfilePicture,
  saveProfilePicture,
} from './profile-pictures.service';

const tags = ['users'];
const security = [{ token: [] }];
const params = z.object({ id: z.string() });

/** Upload and removal, under /v0. Only these routes accept multipart bodies. */
export const profilePictureRoutes: FastifyPluginAsyncZod<RoutesOptions> = async (app, options) => {
  const { deps } = options;
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_UPLOAD_BYTES, files: 1, fields: 0, parts: 1 },
  });
  const guards = { onRequest: authenticated };

  app.put(
    '/users/:id/picture/',
    {
      schema: {
        tags,
        security,
        summary: 'Upload a profile picture as multipart/form-data (field "picture", at most 8 MiB)',
        consumes: ['multipart/form-data'],
        params,
        response: responses(200, profilePictureSchema),
      },
      preHandler: deps.rateLimit('upload', signedInAccount),
      ...guards,
    },
    async (request, reply) => {
      const userId = ownUserId(requireUser(request), request.params.id);
      const upload = await uploadedFile(request);
      const stored = await saveProfilePicture(request.deps, userId, upload);
      return send(reply, 200, {
        profile_picture_url: stored.url,
        width: stored.width,
        height: stored.height,
      });
    },
  );

  app.delete(
    '/users/:id/picture/',
    {
      schema: {
        tags,
        security,
        summary: 'Remove the profile picture',
        params,
        response: responses(200, z.object({ profile_picture_url: z.literal('') })),
      },
      ...guards,
    },
    async (request, reply) => {
      const userId = ownUserId(requireUser(request), request.params.id);
      // An upload sent to the removal is a mistake, not a removal.
      if (request.isMultipart()) throw new AppError('unsupportedMediaType');
      await deleteProfilePicture(request.deps, userId);
      return send(reply, 200, { profile_picture_url: '' as const });
    },
  );
};

const pictureFile = z.object({ file: z.string() });
const pictureName = /^([0-9a-f-]{36})\.webp$/;

/**
 * The pictures themselves, outside /v0: an `<img>` cannot send the access token, so the
 * unguessable address (new on every upload) is what protects them.
 */
export const profilePictureMediaRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/media/profile-pictures/:file',
    { schema: { hide: true, params: pictureFile } },
    async (request, reply) => {
      const id = pictureName.exec(request.params.file)?.[1];
      const picture =
        id && z.uuid().safeParse(id).success ? await findProfilePicture(request.deps, id) : null;
      if (!picture) throw new AppError('notFound');
      return reply
        .header('content-type', picture.content_type)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('etag', `"${picture.sha256}"`)
        .send(picture.content);
    },
  );
  return Promise.resolve();
};

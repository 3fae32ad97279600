import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  noteInputSchema,
  noteListSchema,
  noteParamsSchema,
  noteSchema,
} from '@forja/shared/schemas/trainer-notes';
import { noContentResponses, responses, send, sendNoContent } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer, trainersOnly } from '#http/trainer-role';
import { createNote, deleteNote, listNotes, updateNote } from './trainer-notes.service';

const tags = ['trainers'];
const security = [{ token: [] }];
const whoMay =
  'A trainer, about their own linked trainees (whatever they share): the notes are read by that trainer alone, never by the trainee or a later trainer, and are deleted when the link ends. Anyone else gets a 404. No subscription is needed.';
const params = z.object({ id: z.string() });

/** A trainer's private notes about one trainee (decision 057), outside the subscription gate. */
export const trainerNotesRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/trainers/trainees/:id/notes/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: "The trainer's private notes about one trainee, newest first",
        description: whoMay,
        params,
        response: responses(200, noteListSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await listNotes(request.deps, requireTrainer(request).userId, request.params.id),
      ),
  );

  app.post(
    '/trainers/trainees/:id/notes/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Write a private note about one trainee (1 to 4000 characters; at most 500)',
        description: whoMay,
        params,
        body: noteInputSchema,
        response: responses(201, noteSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        201,
        await createNote(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
          request.body,
        ),
      ),
  );

  app.patch(
    '/trainers/trainees/:id/notes/:note_id/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Rewrite one of the private notes about a trainee',
        description: whoMay,
        params: noteParamsSchema,
        body: noteInputSchema,
        response: responses(200, noteSchema),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updateNote(
          request.deps,
          requireTrainer(request).userId,
          request.params.id,
          request.params.note_id,
          request.body,
        ),
      ),
  );

  app.delete(
    '/trainers/trainees/:id/notes/:note_id/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Delete one of the private notes about a trainee',
        description: whoMay,
        params: noteParamsSchema,
        response: noContentResponses(),
      },
      onRequest: trainersOnly,
    },
    async (request, reply) => {
      await deleteNote(
        request.deps,
        requireTrainer(request).userId,
        request.params.id,
        request.params.note_id,
      );
      return sendNoContent(reply);
    },
  );

  return Promise.resolve();
};

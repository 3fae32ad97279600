import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exerciseSchema } from '@forja/shared/schemas/diary';
import {
  ownExerciseInputSchema,
  planQuerySchema,
  programAssignmentInputSchema,
  programAssignmentSchema,
  programCreateSchema,
  programInputSchema,
  programListSchema,
  programSchema,
  trainerExercisesSchema,
  trainingPlanSchema,
} from '@forja/shared/schemas/programs';
import { authenticated, requireUser } from '#http/authentication';
import { noContentResponses, responses, send, sendNoContent } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import { requireTrainer } from '#http/trainer-role';
import {
  assignProgram,
  createOwnExercise,
  createProgram,
  deleteProgram,
  getPlan,
  getProgram,
  listPrograms,
  saveProgram,
  trainerExercises,
  unassignProgram,
} from './programs.service';

const tags = ['trainers'];
const security = [{ token: [] }];
const whoMay =
  'A trainer, about their own programs (and their own trainees who share training). Anyone else gets a 404. No subscription is needed.';
const idParams = z.object({ id: z.string() });
const trainerOf = (request: Parameters<typeof requireTrainer>[0]) => requireTrainer(request).userId;

/**
 * The trainer's programs, their own exercises and the assignment of a program to a trainee
 * (decision 058): outside the subscription gate, a 404 to anyone but a trainer.
 */
export const programsRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/trainers/programs/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: "The trainer's programs, the last changed first",
        description: whoMay,
        response: responses(200, programListSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await listPrograms(request.deps, trainerOf(request))),
  );

  app.post(
    '/trainers/programs/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Create a program with a name and no routines yet (at most 100 a trainer)',
        description: whoMay,
        body: programCreateSchema,
        response: responses(201, programSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 201, await createProgram(request.deps, trainerOf(request), request.body)),
  );

  app.get(
    '/trainers/programs/:id/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'One program with its routines, their exercises and the trainees following it',
        description: whoMay,
        params: idParams,
        response: responses(200, programSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await getProgram(request.deps, trainerOf(request), request.params.id)),
  );

  app.put(
    '/trainers/programs/:id/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary:
          'Save the whole program: name, notes and its routines in order (at most 7, each on its weekdays with at most 20 exercises); trainees follow the change from their next session',
        description: `${whoMay} Each exercise is prescribed by sets and reps, or, when it is cardio, by duration_min and/or distance_km with an intensity (decision 079); the other kind is a 400.`,
        params: idParams,
        body: programInputSchema,
        response: responses(200, programSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await saveProgram(request.deps, trainerOf(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/trainers/programs/:id/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: 'Delete a program; the trainees following it are left without one',
        description: whoMay,
        params: idParams,
        response: noContentResponses(),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      await deleteProgram(request.deps, trainerOf(request), request.params.id);
      return sendNoContent(reply);
    },
  );

  app.put(
    '/trainers/trainees/:id/program/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary:
          "Give one of the trainer's trainees (who shares training) a program from a start date, in place of any they had",
        description: whoMay,
        params: idParams,
        body: programAssignmentInputSchema,
        response: responses(200, programAssignmentSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await assignProgram(request.deps, trainerOf(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/trainers/trainees/:id/program/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: "Take the trainee's program away",
        description: whoMay,
        params: idParams,
        response: noContentResponses(),
      },
      onRequest: authenticated,
    },
    async (request, reply) => {
      await unassignProgram(request.deps, trainerOf(request), request.params.id);
      return sendNoContent(reply);
    },
  );

  app.get(
    '/trainers/exercises/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary: "What a program's exercises are picked from: the library and the trainer's own",
        description: whoMay,
        response: responses(200, trainerExercisesSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 200, await trainerExercises(request.deps, trainerOf(request))),
  );

  app.post(
    '/trainers/exercises/',
    {
      config: { trainerAnswer: 'own' },
      schema: {
        tags,
        security,
        summary:
          "Create one of the trainer's own exercises (at most 300); their trainees see it in the library",
        description: whoMay,
        body: ownExerciseInputSchema,
        response: responses(201, exerciseSchema),
      },
      onRequest: authenticated,
    },
    async (request, reply) =>
      send(reply, 201, await createOwnExercise(request.deps, trainerOf(request), request.body)),
  );

  return Promise.resolve();
};

/** The trainee's side: the session their program plans on a day. Inside the subscription gate. */
export const trainingPlanRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  app.get(
    '/training/plan/',
    {
      schema: {
        tags: ['diary'],
        security,
        summary:
          "The session the caller's program plans on a day (routine, exercises and their prescription), or null",
        querystring: planQuerySchema,
        response: responses(200, trainingPlanSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await getPlan(request.deps, requireUser(request).userId, request.query.date),
      ),
  );

  return Promise.resolve();
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completenessInputSchema,
  completenessSchema,
  dateParamsSchema,
  diaryCopySchema,
  diaryCopyResultSchema,
  diaryDaySchema,
  diaryEntrySchema,
  entryInputSchema,
  entryUpdateSchema,
  exerciseListSchema,
  notesInputSchema,
  notesSchema,
  waterInputSchema,
  waterSchema,
  workoutExerciseInputSchema,
  workoutExerciseUpdateSchema,
  workoutInputSchema,
  workoutSchema,
  workoutSetInputSchema,
  workoutUpdateSchema,
} from '@forja/shared/schemas/diary';
import { envelope, noticeSchema } from '@forja/shared/schemas/envelope';
import { requireUser } from '#http/authentication';
import { responses, send } from '#http/reply';
import type { RoutesOptions } from '#http/route-deps';
import {
  copyEntries,
  createEntry,
  deleteEntry,
  getDay,
  setCompleteness,
  setNotes,
  setWater,
  updateEntry,
} from './diary.service';
import {
  addSet,
  addWorkoutExercise,
  createWorkout,
  deleteSet,
  deleteWorkout,
  listExercises,
  removeWorkoutExercise,
  renameWorkout,
  updateSet,
  listRecentExercises,
  updateWorkoutExercise,
} from './workouts.service';

const tags = ['diary'];
const security = [{ token: [] }];
const idParams = z.object({ id: z.string() });

export const diaryRoutes: FastifyPluginAsyncZod<RoutesOptions> = (app) => {
  const userOf = (request: Parameters<typeof requireUser>[0]) => requireUser(request).userId;

  app.get(
    '/diary/days/:date/',
    {
      schema: {
        tags,
        security,
        summary: 'One day of the diary',
        params: dateParamsSchema,
        response: responses(200, diaryDaySchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await getDay(request.deps, userOf(request), request.params.date)),
  );

  app.put(
    '/diary/days/:date/water/',
    {
      schema: {
        tags,
        security,
        summary: 'The water drunk on a day, in ml',
        params: dateParamsSchema,
        body: waterInputSchema,
        response: responses(200, waterSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await setWater(request.deps, userOf(request), request.params.date, request.body.water_ml),
      ),
  );

  app.put(
    '/diary/days/:date/notes/',
    {
      schema: {
        tags,
        security,
        summary: 'The notes of a day',
        params: dateParamsSchema,
        body: notesInputSchema,
        response: responses(200, notesSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await setNotes(request.deps, userOf(request), request.params.date, request.body.notes),
      ),
  );

  app.put(
    '/diary/days/:date/completeness/',
    {
      schema: {
        tags,
        security,
        summary:
          'Mark a day as logged completely, in part or not at all (null takes the mark away); only complete days count towards the estimate of expenditure',
        params: dateParamsSchema,
        body: completenessInputSchema,
        response: responses(200, completenessSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await setCompleteness(
          request.deps,
          userOf(request),
          request.params.date,
          request.body.completeness,
        ),
      ),
  );

  app.post(
    '/diary/entries/',
    {
      schema: {
        tags,
        security,
        summary: 'Log an amount of a food, or a quick add of energy and macros',
        body: entryInputSchema,
        response: responses(201, diaryEntrySchema),
      },
    },
    async (request, reply) =>
      send(reply, 201, await createEntry(request.deps, userOf(request), request.body)),
  );

  app.put(
    '/diary/entries/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Change the amount or values of an entry, or move it to another meal or day',
        params: idParams,
        body: entryUpdateSchema,
        response: responses(200, diaryEntrySchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updateEntry(request.deps, userOf(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/diary/entries/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete an entry',
        params: idParams,
        response: responses(200, noticeSchema),
      },
    },
    async (request, reply) => {
      await deleteEntry(request.deps, userOf(request), request.params.id);
      return send(reply, 200, { message: 'Entrada eliminada' });
    },
  );

  app.post(
    '/diary/copy/',
    {
      schema: {
        tags,
        security,
        summary:
          'Copy a meal or a whole day to another date; answers that day and the entries made',
        body: diaryCopySchema,
        response: responses(200, diaryCopyResultSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await copyEntries(request.deps, userOf(request), request.body)),
  );

  app.get(
    '/exercises/',
    {
      schema: {
        tags,
        security,
        summary:
          "The exercise library with the caller's own exercises (a trainer's) and their trainer's own",
        response: responses(200, exerciseListSchema),
      },
    },
    async (request, reply) => send(reply, 200, await listExercises(request.deps, userOf(request))),
  );

  app.get(
    '/exercises/recent/',
    {
      schema: {
        tags,
        security,
        summary: 'The last distinct exercises the person logged, most recent first (up to 10)',
        response: responses(200, exerciseListSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await listRecentExercises(request.deps, userOf(request))),
  );

  app.post(
    '/diary/workouts/',
    {
      schema: {
        tags,
        security,
        summary:
          "Start a training session on a day; with routine_id, the session the trainee's program plans that day, with its exercises and their prescription (201), or the one already started from it (200)",
        body: workoutInputSchema,
        response: { ...responses(201, workoutSchema), 200: envelope(workoutSchema) },
      },
    },
    async (request, reply) => {
      const { created, workout } = await createWorkout(request.deps, userOf(request), request.body);
      return send(reply, created ? 201 : 200, workout);
    },
  );

  app.put(
    '/diary/workouts/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Rename a training session',
        params: idParams,
        body: workoutUpdateSchema,
        response: responses(200, workoutSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await renameWorkout(request.deps, userOf(request), request.params.id, request.body.name),
      ),
  );

  app.delete(
    '/diary/workouts/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a training session with its exercises and sets',
        params: idParams,
        response: responses(200, noticeSchema),
      },
    },
    async (request, reply) => {
      await deleteWorkout(request.deps, userOf(request), request.params.id);
      return send(reply, 200, { message: 'Entrenamiento eliminado' });
    },
  );

  app.post(
    '/diary/workouts/:id/exercises/',
    {
      schema: {
        tags,
        security,
        summary: 'Add an exercise of the library to a session',
        params: idParams,
        body: workoutExerciseInputSchema,
        response: responses(200, workoutSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await addWorkoutExercise(
          request.deps,
          userOf(request),
          request.params.id,
          request.body.exercise_id,
          request.body.id,
        ),
      ),
  );

  app.put(
    '/diary/workout-exercises/:id/',
    {
      schema: {
        tags,
        security,
        summary: "Set the person's notes on an exercise of a session",
        params: idParams,
        body: workoutExerciseUpdateSchema,
        response: responses(200, workoutSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updateWorkoutExercise(
          request.deps,
          userOf(request),
          request.params.id,
          request.body.notes,
        ),
      ),
  );

  app.delete(
    '/diary/workout-exercises/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Take an exercise, with its sets, out of a session',
        params: idParams,
        response: responses(200, workoutSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await removeWorkoutExercise(request.deps, userOf(request), request.params.id),
      ),
  );

  app.post(
    '/diary/workout-exercises/:id/sets/',
    {
      schema: {
        tags,
        security,
        summary: 'Add a set (reps × kg, optional RPE) to an exercise of a session',
        params: idParams,
        body: workoutSetInputSchema,
        response: responses(200, workoutSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await addSet(request.deps, userOf(request), request.params.id, request.body),
      ),
  );

  app.put(
    '/diary/sets/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Change a set in place',
        params: idParams,
        body: workoutSetInputSchema,
        response: responses(200, workoutSchema),
      },
    },
    async (request, reply) =>
      send(
        reply,
        200,
        await updateSet(request.deps, userOf(request), request.params.id, request.body),
      ),
  );

  app.delete(
    '/diary/sets/:id/',
    {
      schema: {
        tags,
        security,
        summary: 'Delete a set',
        params: idParams,
        response: responses(200, workoutSchema),
      },
    },
    async (request, reply) =>
      send(reply, 200, await deleteSet(request.deps, userOf(request), request.params.id)),
  );

  return Promise.resolve();
};

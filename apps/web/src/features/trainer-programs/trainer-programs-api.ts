import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { exerciseSchema, type Exercise } from '@forja/shared/schemas/diary';
import {
  programAssignmentSchema,
  programListSchema,
  programSchema,
  trainerExercisesSchema,
  type OwnExerciseInput,
  type ProgramAssignmentInput,
  type ProgramInput,
} from '@forja/shared/schemas/programs';
import { PROGRAM_BUILDER_TRAINEES } from '@forja/shared/schemas/screens';
import { rosterSchema } from '@forja/shared/schemas/trainer-workspace';
import { http } from '#lib/http';

const programPath = (id: string) => `/trainers/programs/${encodeURIComponent(id)}/`;

/** The trainer's programs, the last changed first. */
export const programsQuery = queryOptions({
  queryKey: ['trainers', 'programs'],
  queryFn: () =>
    http.get('/trainers/programs/', {
      schema: programListSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener tus programas',
    }),
});

/** One program with its routines and the trainees following it. */
export function programQuery(id: string) {
  return queryOptions({
    queryKey: ['trainers', 'programs', id],
    queryFn: () =>
      http.get(programPath(id), {
        schema: programSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener el programa',
      }),
  });
}

/** The library and the trainer's own exercises, which the builder picks from. */
export const trainerExercisesQuery = queryOptions({
  queryKey: ['trainers', 'exercises'],
  queryFn: () => http.get('/trainers/exercises/', { schema: trainerExercisesSchema }),
});

/** Trainees a program can be given to, shown at once: a search finds the others. */
export const PROGRAM_TRAINEES_PAGE = PROGRAM_BUILDER_TRAINEES;

/** The trainees whose name matches `q` (all when empty), a page of them, by name. */
export function programTraineesQuery(q: string) {
  return queryOptions({
    queryKey: ['trainers', 'trainees', 'for-programs', q],
    queryFn: () =>
      http.get('/trainers/trainees/', {
        schema: rosterSchema,
        query: { q, limit: String(PROGRAM_TRAINEES_PAGE) },
        invalidResponseMessage: 'Ocurrió un error al obtener tus clientes',
      }),
  });
}

export const createProgram = (name: string) =>
  http.post('/trainers/programs/', { schema: programSchema, body: { name } });

export const saveProgram = (id: string, program: ProgramInput) =>
  http.put(programPath(id), { schema: programSchema, body: program });

export async function deleteProgram(id: string): Promise<void> {
  await http.delete(programPath(id), { schema: z.unknown() });
}

export const createOwnExercise = (exercise: OwnExerciseInput): Promise<Exercise> =>
  http.post('/trainers/exercises/', { schema: exerciseSchema, body: exercise });

export const assignProgram = (traineeId: string, assignment: ProgramAssignmentInput) =>
  http.put(`/trainers/trainees/${encodeURIComponent(traineeId)}/program/`, {
    schema: programAssignmentSchema,
    body: assignment,
  });

export async function unassignProgram(traineeId: string): Promise<void> {
  await http.delete(`/trainers/trainees/${encodeURIComponent(traineeId)}/program/`, {
    schema: z.unknown(),
  });
}

import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { noteListSchema, noteSchema } from '@forja/shared/schemas/trainer-notes';
import { http } from '#lib/http';

const notesPath = (traineeId: string) =>
  `/trainers/trainees/${encodeURIComponent(traineeId)}/notes/`;
const notePath = (traineeId: string, noteId: string) =>
  `${notesPath(traineeId)}${encodeURIComponent(noteId)}/`;

export const traineeNotesKey = (traineeId: string) =>
  ['trainers', 'trainees', traineeId, 'notes'] as const;

/** The trainer's private notes about the trainee, newest first. */
export function traineeNotesQuery(traineeId: string) {
  return queryOptions({
    queryKey: traineeNotesKey(traineeId),
    queryFn: () =>
      http.get(notesPath(traineeId), {
        schema: noteListSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener tus notas',
      }),
  });
}

export function createNote(traineeId: string, body: string) {
  return http.post(notesPath(traineeId), {
    schema: noteSchema,
    body: { body },
    invalidResponseMessage: 'Ocurrió un error al guardar la nota',
  });
}

export function updateNote(traineeId: string, noteId: string, body: string) {
  return http.patch(notePath(traineeId, noteId), {
    schema: noteSchema,
    body: { body },
    invalidResponseMessage: 'Ocurrió un error al guardar la nota',
  });
}

export async function deleteNote(traineeId: string, noteId: string) {
  await http.delete(notePath(traineeId, noteId), { schema: z.unknown() });
}

import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  completenessSchema,
  diaryCopyResultSchema,
  diaryDaySchema,
  diaryEntrySchema,
  exerciseListSchema,
  notesSchema,
  waterSchema,
  workoutSchema,
  type DayCompleteness,
  type DiaryCopy,
  type DiaryEntry,
  type EntryInput,
  type EntryUpdate,
  type Workout,
  type WorkoutSetInput,
} from '@forja/shared/schemas/diary';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import { foodSchema } from '@forja/shared/schemas/foods';
import type { z } from 'zod';
import { MEAL_LABELS, type Meal } from '@forja/shared/schemas/meals';
import { http } from '#lib/http';
import { offlineWrite, readAfterWrites } from '#lib/offline/offline';
import { isTodayQuery } from '#lib/query-keys';

export const DIARY_ERROR = 'No pudimos guardar el cambio en el diario. Inténtalo de nuevo.';

export function diaryDayQuery(date: string) {
  return queryOptions({
    queryKey: ['diary', date],
    queryFn: (context) =>
      readAfterWrites(context, () => http.get(`/diary/days/${date}/`, { schema: diaryDaySchema })),
  });
}

/**
 * The food an entry was made from, read once when its edit form opens: its portions and its
 * figures per 100 g, for the units offered and the energy shown as the amount is typed.
 */
export function entryFoodQuery(foodId: string) {
  return queryOptions({
    queryKey: ['foods', 'item', foodId],
    queryFn: () => http.get(`/foods/${foodId}/`, { schema: foodSchema }),
    staleTime: 5 * 60_000,
  });
}

export const exercisesQuery = queryOptions({
  queryKey: ['exercises'],
  queryFn: () => http.get('/exercises/', { schema: exerciseListSchema }),
  // The library changes only with a new version of Forja.
  staleTime: Infinity,
});

/** After a change to the diary: the days shown, and what is computed from them. */
export async function refreshDiary(queryClient: QueryClient, ...dates: string[]) {
  await Promise.all([
    ...dates.map((date) => queryClient.invalidateQueries({ queryKey: ['diary', date] })),
    queryClient.invalidateQueries({ queryKey: ['metrics'] }),
    queryClient.invalidateQueries({ queryKey: ['foods'] }),
    queryClient.invalidateQueries({ predicate: isTodayQuery }),
  ]);
}

/*
 * The trainee's writes go through the outbox (decision 077): each is kept on the device with
 * its Idempotency-Key, sent in order, and answers `QUEUED` when it waits for the network.
 * Entries and sets carry an identifier chosen here, so a later edit or deletion of one made
 * without signal names it before the API has seen it.
 */

/** «Pan» en Comida: how a write is named when it cannot be applied. */
function entryLabel(name: string | undefined, meal: Meal): string {
  return name
    ? `«${name}» en ${MEAL_LABELS[meal].toLowerCase()}`
    : `la comida de ${MEAL_LABELS[meal].toLowerCase()}`;
}

export const addEntry = (input: EntryInput, name?: string) => {
  const id = input.id ?? crypto.randomUUID();
  return offlineWrite(
    {
      method: 'POST',
      path: '/diary/entries/',
      body: { ...input, id },
      op: 'create',
      target: `entry:${id}`,
      label: entryLabel(name ?? (input.kind === 'quick' ? input.name : undefined), input.meal),
      dates: [input.date],
    },
    diaryEntrySchema,
  );
};

export const changeEntry = (id: string, change: EntryUpdate, date?: string) =>
  offlineWrite(
    {
      method: 'PUT',
      path: `/diary/entries/${id}/`,
      body: change,
      op: 'edit',
      target: `entry:${id}`,
      label: 'el cambio de una comida',
      dates: [...(date ? [date] : []), ...(change.date ? [change.date] : [])],
    },
    diaryEntrySchema,
  );

export const removeEntry = (id: string, date?: string) =>
  offlineWrite(
    {
      method: 'DELETE',
      path: `/diary/entries/${id}/`,
      op: 'delete',
      target: `entry:${id}`,
      label: 'el borrado de una comida',
      dates: date ? [date] : [],
    },
    noticeSchema,
  );

/**
 * Answers the day copied to and the entries the copy made there. The copies the app named
 * (`copies`) show as pending until it is sent.
 */
export const copyEntries = (copy: DiaryCopy) =>
  offlineWrite(
    {
      method: 'POST',
      path: '/diary/copy/',
      body: copy,
      op: 'other',
      target: `copy:${copy.to_date}`,
      marks: (copy.copies ?? []).map(({ id }) => `entry:${id}`),
      label: 'la copia de comidas',
      dates: [copy.to_date],
    },
    diaryCopyResultSchema,
  );

/** Takes back a copy: removes the entries it made, and only those. */
export const removeEntries = (ids: string[]) => Promise.all(ids.map((id) => removeEntry(id)));

/**
 * Logs again an entry that was deleted, with its values: a food by its amount, or (a quick
 * add, or a food deleted since) by its energy and macros.
 */
export const restoreEntry = (entry: DiaryEntry) =>
  addEntry(
    entry.kind === 'food' && entry.food_id !== null
      ? {
          kind: 'food',
          date: entry.date,
          meal: entry.meal,
          food_id: entry.food_id,
          quantity: entry.quantity,
          unit: entry.unit,
        }
      : {
          kind: 'quick',
          date: entry.date,
          meal: entry.meal,
          name: entry.name,
          kcal: entry.kcal,
          protein_g: entry.protein_g,
          carbohydrate_g: entry.carbohydrate_g,
          fat_g: entry.fat_g,
        },
    entry.name,
  );

/** A whole value of the day (water, notes, completeness): the latest one wins. */
const saveOfDay = <T>(
  date: string,
  what: 'water' | 'notes' | 'completeness',
  body: Record<string, unknown>,
  label: string,
  schema: z.ZodType<T>,
) =>
  offlineWrite(
    {
      method: 'PUT',
      path: `/diary/days/${date}/${what}/`,
      body,
      op: 'replace',
      target: `${what}:${date}`,
      label,
      dates: [date],
    },
    schema,
  );

export const saveWater = (date: string, waterMl: number) =>
  saveOfDay(date, 'water', { water_ml: waterMl }, 'el agua del día', waterSchema);

export const saveNotes = (date: string, notes: string) =>
  saveOfDay(date, 'notes', { notes }, 'las notas del día', notesSchema);

export const saveCompleteness = (date: string, completeness: DayCompleteness | null) =>
  saveOfDay(date, 'completeness', { completeness }, 'el estado del día', completenessSchema);

/** A training write: kept and sent in order like the rest. */
const trainingWrite = (
  method: 'POST' | 'PUT' | 'DELETE',
  path: string,
  body: Record<string, unknown> | undefined,
  target: string,
  op: 'create' | 'edit' | 'delete' | 'other',
  label: string,
) =>
  offlineWrite(
    { method, path, body, op, target, label, dates: [] },
    workoutSchema as z.ZodType<Workout>,
  );

/**
 * A free session, with the identifier the app chose (`id`), so that its exercises and sets
 * can follow it into the outbox before the API has seen it. Never folded away: what follows
 * it needs it on the API.
 */
export const startWorkout = ({ date, name, id }: { date: string; name: string; id: string }) =>
  offlineWrite(
    {
      method: 'POST',
      path: '/diary/workouts/',
      body: { id, date, name },
      op: 'other',
      target: `workout:${id}`,
      label: 'la sesión de entrenamiento',
      dates: [date],
    },
    workoutSchema,
  );

export const removeWorkout = (id: string) =>
  offlineWrite(
    {
      method: 'DELETE',
      path: `/diary/workouts/${id}/`,
      op: 'delete',
      target: `workout:${id}`,
      label: 'el borrado de la sesión',
      dates: [],
    },
    noticeSchema,
  );

/** An exercise added to a session, with the identifier the app chose, as for the session. */
export const addExercise = (workoutId: string, exerciseId: string, id: string) =>
  trainingWrite(
    'POST',
    `/diary/workouts/${workoutId}/exercises/`,
    { id, exercise_id: exerciseId },
    `item:${id}`,
    'other',
    'el ejercicio añadido',
  );

export const removeExercise = (itemId: string) =>
  trainingWrite(
    'DELETE',
    `/diary/workout-exercises/${itemId}/`,
    undefined,
    `item:${itemId}`,
    'delete',
    'el borrado de un ejercicio',
  );

export const addSet = (itemId: string, set: WorkoutSetInput) => {
  const id = set.id ?? crypto.randomUUID();
  return trainingWrite(
    'POST',
    `/diary/workout-exercises/${itemId}/sets/`,
    { ...set, id },
    `set:${id}`,
    'create',
    'una serie',
  );
};

export const changeSet = (setId: string, set: WorkoutSetInput) =>
  trainingWrite(
    'PUT',
    `/diary/sets/${setId}/`,
    { ...set },
    `set:${setId}`,
    'edit',
    'el cambio de una serie',
  );

export const removeSet = (setId: string) =>
  trainingWrite(
    'DELETE',
    `/diary/sets/${setId}/`,
    undefined,
    `set:${setId}`,
    'delete',
    'el borrado de una serie',
  );

/** The last distinct exercises the person logged, most recent first. */
export const recentExercisesQuery = queryOptions({
  queryKey: ['exercises', 'recent'],
  queryFn: () => http.get('/exercises/recent/', { schema: exerciseListSchema }),
});

export const saveExerciseNotes = (itemId: string, notes: string) =>
  trainingWrite(
    'PUT',
    `/diary/workout-exercises/${itemId}/`,
    { notes },
    `item-notes:${itemId}`,
    'other',
    'las notas del ejercicio',
  );

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
  type WorkoutSetInput,
} from '@forja/shared/schemas/diary';
import { noticeSchema } from '@forja/shared/schemas/envelope';
import { http } from '../../lib/http';
import { isTodayQuery } from '../../lib/query-keys';

export const DIARY_ERROR = 'No pudimos guardar el cambio en el diario. Inténtalo de nuevo.';

export function diaryDayQuery(date: string) {
  return queryOptions({
    queryKey: ['diary', date],
    queryFn: () => http.get(`/diary/days/${date}/`, { schema: diaryDaySchema }),
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

export const addEntry = (input: EntryInput) =>
  http.post('/diary/entries/', { schema: diaryEntrySchema, body: input });

export const changeEntry = (id: string, change: EntryUpdate) =>
  http.put(`/diary/entries/${id}/`, { schema: diaryEntrySchema, body: change });

export const removeEntry = (id: string) =>
  http.delete(`/diary/entries/${id}/`, { schema: noticeSchema });

/** Answers the day copied to and the entries the copy made there. */
export const copyEntries = (copy: DiaryCopy) =>
  http.post('/diary/copy/', { schema: diaryCopyResultSchema, body: copy });

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
  );

export const saveWater = (date: string, waterMl: number) =>
  http.put(`/diary/days/${date}/water/`, { schema: waterSchema, body: { water_ml: waterMl } });

export const saveNotes = (date: string, notes: string) =>
  http.put(`/diary/days/${date}/notes/`, { schema: notesSchema, body: { notes } });

export const saveCompleteness = (date: string, completeness: DayCompleteness | null) =>
  http.put(`/diary/days/${date}/completeness/`, {
    schema: completenessSchema,
    body: { completeness },
  });

export const startWorkout = (date: string, name: string) =>
  http.post('/diary/workouts/', { schema: workoutSchema, body: { date, name } });

export const removeWorkout = (id: string) =>
  http.delete(`/diary/workouts/${id}/`, { schema: noticeSchema });

export const addExercise = (workoutId: string, exerciseId: string) =>
  http.post(`/diary/workouts/${workoutId}/exercises/`, {
    schema: workoutSchema,
    body: { exercise_id: exerciseId },
  });

export const removeExercise = (itemId: string) =>
  http.delete(`/diary/workout-exercises/${itemId}/`, { schema: workoutSchema });

export const addSet = (itemId: string, set: WorkoutSetInput) =>
  http.post(`/diary/workout-exercises/${itemId}/sets/`, { schema: workoutSchema, body: set });

export const changeSet = (setId: string, set: WorkoutSetInput) =>
  http.put(`/diary/sets/${setId}/`, { schema: workoutSchema, body: set });

export const removeSet = (setId: string) =>
  http.delete(`/diary/sets/${setId}/`, { schema: workoutSchema });

/** The last distinct exercises the person logged, most recent first. */
export const recentExercisesQuery = queryOptions({
  queryKey: ['exercises', 'recent'],
  queryFn: () => http.get('/exercises/recent/', { schema: exerciseListSchema }),
});

export const saveExerciseNotes = (itemId: string, notes: string) =>
  http.put(`/diary/workout-exercises/${itemId}/`, { schema: workoutSchema, body: { notes } });

import type {
  DiaryDay,
  Exercise,
  Workout,
  WorkoutExercise,
  WorkoutSet,
} from '@forja/shared/schemas/diary';

/** A set as the logger's forms give it: reps × kg, or a cardio block's time and distance. */
export interface ShownSetValues {
  reps?: number;
  weight_kg?: number;
  duration_s?: number | null;
  distance_m?: number | null;
  rpe: number | null;
}

/*
 * A training write shows on the day at once, before the API has it (decision 077): a new
 * session, an exercise added or taken out, a set logged, changed or deleted, an exercise's
 * notes. Each function changes a day as the API will; the API's answer (or the next read)
 * replaces what it shows. What only the API knows waits for it: a set's record mark, and
 * the sets of last time of an exercise added without signal.
 */

type DayChange = (day: DiaryDay) => DiaryDay;

function eachExercise(change: (item: WorkoutExercise) => WorkoutExercise): DayChange {
  return (day) => ({
    ...day,
    workouts: day.workouts.map((workout) => ({
      ...workout,
      exercises: workout.exercises.map(change),
    })),
  });
}

/** A free session started with its name (the API's default name is ''). */
export function withWorkout(workout: { id: string; date: string; name: string }): DayChange {
  return (day) =>
    day.workouts.some((shown) => shown.id === workout.id)
      ? day
      : {
          ...day,
          workouts: [
            ...day.workouts,
            { ...workout, routine_id: null, exercises: [] } satisfies Workout,
          ],
        };
}

export function withoutWorkout(id: string): DayChange {
  return (day) => ({ ...day, workouts: day.workouts.filter((workout) => workout.id !== id) });
}

/** An exercise added by hand: no sets yet, no prescription, and its last time unknown here. */
export function withExercise(workoutId: string, id: string, exercise: Exercise): DayChange {
  const item: WorkoutExercise = {
    id,
    exercise,
    sets: [],
    notes: '',
    last_time: [],
    prescription: null,
  };
  return (day) => ({
    ...day,
    workouts: day.workouts.map((workout) =>
      workout.id === workoutId && !workout.exercises.some((shown) => shown.id === id)
        ? { ...workout, exercises: [...workout.exercises, item] }
        : workout,
    ),
  });
}

export function withoutExercise(itemId: string): DayChange {
  return (day) => ({
    ...day,
    workouts: day.workouts.map((workout) => ({
      ...workout,
      exercises: workout.exercises.filter((item) => item.id !== itemId),
    })),
  });
}

export function withExerciseNotes(itemId: string, notes: string): DayChange {
  return eachExercise((item) => (item.id === itemId ? { ...item, notes } : item));
}

/** The set's values as the API keeps them: what was not given is 0 (reps, load) or null. */
function setValues(set: ShownSetValues) {
  return {
    reps: set.reps ?? 0,
    weight_kg: set.weight_kg ?? 0,
    duration_s: set.duration_s ?? null,
    distance_m: set.distance_m ?? null,
    rpe: set.rpe,
  };
}

export function withSet(itemId: string, set: ShownSetValues & { id: string }): DayChange {
  const shown: WorkoutSet = { id: set.id, ...setValues(set), record: false };
  return eachExercise((item) =>
    item.id === itemId && !item.sets.some((logged) => logged.id === set.id)
      ? { ...item, sets: [...item.sets, shown] }
      : item,
  );
}

/** A set edited: its values replaced, its record mark kept until the API says again. */
export function withSetChanged(setId: string, set: ShownSetValues): DayChange {
  return eachExercise((item) => ({
    ...item,
    sets: item.sets.map((logged) =>
      logged.id === setId ? { ...logged, ...setValues(set) } : logged,
    ),
  }));
}

export function withoutSet(setId: string): DayChange {
  return eachExercise((item) => ({
    ...item,
    sets: item.sets.filter((logged) => logged.id !== setId),
  }));
}

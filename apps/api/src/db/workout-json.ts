import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PreviousSet, Workout, WorkoutExercise } from '@forja/shared/schemas/diary';
import { markRecords } from '@forja/shared/records';
import { workoutExercises, workouts, workoutSets } from './schema/diary';
import { exercises } from './schema/foods';

const earlierItem = alias(workoutExercises, 'earlier_item');
const earlierSet = alias(workoutSets, 'earlier_set');

/**
 * The person's items of the exercise in sessions before this one (by date, then by the order
 * sessions were started), found in the index (user_id, exercise_id, date, workout_seq, seq)
 * of the session's copy on each item (decisions 059 and 125). `workouts` and
 * `workout_exercises` must be in scope.
 */
const earlierOfExercise = sql`${earlierItem.user_id} = ${workouts.user_id}
    and ${earlierItem.exercise_id} = ${workoutExercises.exercise_id}
    and (${earlierItem.date}, ${earlierItem.workout_seq}) < (${workouts.date}, ${workouts.seq})`;

/** The sets of the most recent earlier session with the exercise that had any. */
const lastTime = sql`coalesce((
  select json_agg(json_build_object(
    'reps', ${earlierSet.reps},
    'weight_kg', ${earlierSet.weight_kg},
    'duration_s', ${earlierSet.duration_s},
    'distance_m', ${earlierSet.distance_m},
    'rpe', ${earlierSet.rpe}
  ) order by ${earlierSet.seq})
  from ${workoutSets} ${earlierSet}
  where ${earlierSet.workout_exercise_id} = (
    select ${earlierItem.id} from ${workoutExercises} ${earlierItem}
    where ${earlierOfExercise}
      and exists (select 1 from ${workoutSets} where ${workoutSets.workout_exercise_id} = ${earlierItem.id})
    order by ${earlierItem.date} desc, ${earlierItem.workout_seq} desc, ${earlierItem.seq} desc
    limit 1
  )
), '[]')`;

/** The heaviest earlier set of the exercise with at least one rep; null when none. */
const bestBefore = sql`(
  select max(${earlierSet.weight_kg})
  from ${workoutExercises} ${earlierItem}
  join ${workoutSets} ${earlierSet} on ${earlierSet.workout_exercise_id} = ${earlierItem.id}
  where ${earlierOfExercise} and ${earlierSet.reps} >= 1
)`;

const setsJson = sql`coalesce((
  select json_agg(json_build_object(
    'id', ${workoutSets.id},
    'reps', ${workoutSets.reps},
    'weight_kg', ${workoutSets.weight_kg},
    'duration_s', ${workoutSets.duration_s},
    'distance_m', ${workoutSets.distance_m},
    'rpe', ${workoutSets.rpe}
  ) order by ${workoutSets.seq})
  from ${workoutSets}
  where ${workoutSets.workout_exercise_id} = ${workoutExercises.id}
), '[]')`;

const itemsJson = sql`coalesce((
  select json_agg(json_build_object(
    'id', ${workoutExercises.id},
    'exercise', json_build_object(
      'id', ${exercises.id},
      'name', ${exercises.name},
      'muscle_group', ${exercises.muscle_group},
      'equipment', ${exercises.equipment}
    ),
    'notes', coalesce(${workoutExercises.notes}, ''),
    'prescription', ${workoutExercises.prescription},
    'sets', ${setsJson},
    'last_time', ${lastTime},
    'best_before', ${bestBefore}
  ) order by ${workoutExercises.seq})
  from ${workoutExercises}
  join ${exercises} on ${exercises.id} = ${workoutExercises.exercise_id}
  where ${workoutExercises.workout_id} = ${workouts.id}
), '[]')`;

/** A workout as stored JSON, before its records are marked: `workouts` must be in scope. */
export const workoutJson = sql`json_build_object(
  'id', ${workouts.id},
  'date', ${workouts.date},
  'name', ${workouts.name},
  'routine_id', ${workouts.routine_id},
  'exercises', ${itemsJson}
)`;

export interface StoredWorkout {
  id: string;
  date: string;
  name: string;
  routine_id: string | null;
  exercises: (Omit<WorkoutExercise, 'sets' | 'last_time'> & {
    sets: {
      id: string;
      reps: number;
      weight_kg: number;
      duration_s: number | null;
      distance_m: number | null;
      rpe: number | null;
    }[];
    last_time: PreviousSet[];
    best_before: number | null;
  })[];
}

/** The workout as the API answers it: each set marked a record or not. */
export function finishWorkout(stored: StoredWorkout): Workout {
  const bestBefore = new Map(stored.exercises.map((item) => [item.exercise.id, item.best_before]));
  const flat = stored.exercises.flatMap((item) =>
    item.sets.map((set) => ({ exerciseId: item.exercise.id, ...set })),
  );
  const records = markRecords(flat, bestBefore);
  let index = 0;
  return {
    id: stored.id,
    date: stored.date,
    name: stored.name,
    routine_id: stored.routine_id,
    exercises: stored.exercises.map((item) => ({
      id: item.id,
      exercise: item.exercise,
      notes: item.notes,
      prescription: item.prescription,
      last_time: item.last_time,
      sets: item.sets.map((set) => ({ ...set, record: records[index++] ?? false })),
    })),
  };
}

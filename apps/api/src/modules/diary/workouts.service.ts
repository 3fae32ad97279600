import { and, asc, between, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import {
  MAX_EXERCISES_PER_WORKOUT,
  MAX_SETS_PER_EXERCISE,
  MAX_WORKOUTS_PER_DAY,
} from '@forja/shared/constants';
import { isId } from '@forja/shared/schemas/common';
import {
  isCardio,
  type Exercise,
  type Workout,
  type WorkoutSetValues,
} from '@forja/shared/schemas/diary';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { lockDiaryDay } from '#db/advisory-locks';
import { inTransaction } from '#db/in-transaction';
import { insertOwnId } from './own-id';
import { exercisesVisibleTo, plannedRoutine, withCardioFields } from '#db/training-plan';
import { workoutExercises, workouts, workoutSets } from '#db/schema/diary';
import { exercises } from '#db/schema/foods';
import { finishWorkout, workoutJson, type StoredWorkout } from '#db/workout-json';
import { AppError } from '#http/app-error';

interface WorkoutsDeps {
  db: Db;
  clock: Clock;
}

type WorkoutRow = typeof workouts.$inferSelect;

/**
 * The exercise library with the person's own exercises (a trainer's) and their trainer's
 * own, by muscle group and name.
 */
export async function listExercises(deps: { db: Db }, userId: string): Promise<Exercise[]> {
  return deps.db
    .select({
      id: exercises.id,
      name: exercises.name,
      muscle_group: exercises.muscle_group,
      equipment: exercises.equipment,
    })
    .from(exercises)
    .where(exercisesVisibleTo(userId))
    .orderBy(asc(exercises.muscle_group), asc(exercises.name));
}

/** How many exercises the picker offers as the person's recent ones. */
export const RECENT_EXERCISES = 10;

/**
 * The last distinct exercises the person logged, most recent first: the session's date,
 * then the order they were added.
 */
export async function listRecentExercises(deps: { db: Db }, userId: string): Promise<Exercise[]> {
  const last = deps.db
    .select({
      exercise_id: workoutExercises.exercise_id,
      date: max(workouts.date).as('last_date'),
      seq: max(workoutExercises.seq).as('last_seq'),
    })
    .from(workouts)
    .innerJoin(workoutExercises, eq(workoutExercises.workout_id, workouts.id))
    .where(eq(workouts.user_id, userId))
    .groupBy(workoutExercises.exercise_id)
    .as('last');
  return deps.db
    .select({
      id: exercises.id,
      name: exercises.name,
      muscle_group: exercises.muscle_group,
      equipment: exercises.equipment,
    })
    .from(last)
    .innerJoin(exercises, eq(exercises.id, last.exercise_id))
    .orderBy(desc(last.date), desc(last.seq))
    .limit(RECENT_EXERCISES);
}

/** The person's workout; `lock` holds it until the transaction ends, to add to it. */
async function ownWorkout(db: Db, userId: string, id: string, lock = false): Promise<WorkoutRow> {
  if (!isId(id)) throw new AppError('workoutNotFound');
  const query = db
    .select()
    .from(workouts)
    .where(and(eq(workouts.id, id), eq(workouts.user_id, userId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('workoutNotFound');
  return row;
}

/**
 * The person's sessions from `from` to `to` (both included), newest first, each with its
 * exercises and sets, last time and records: one statement whatever the range. The caller
 * bounds the range.
 */
export async function workoutsBetween(
  db: Db,
  userId: string,
  from: string,
  to: string,
): Promise<Workout[]> {
  const rows = await db
    .select({ workout: sql<StoredWorkout>`${workoutJson}` })
    .from(workouts)
    .where(and(eq(workouts.user_id, userId), between(workouts.date, from, to)))
    .orderBy(desc(workouts.date), desc(workouts.seq));
  return rows.map((row) => finishWorkout(row.workout));
}

/** The workout with its exercises and sets, each with last time and records (decision 059). */
async function workoutOf(db: Db, row: WorkoutRow): Promise<Workout> {
  const [stored] = await db
    .select({ workout: sql<StoredWorkout>`${workoutJson}` })
    .from(workouts)
    .where(eq(workouts.id, row.id));
  if (!stored) throw new AppError('workoutNotFound');
  return finishWorkout(stored.workout);
}

export async function createWorkout(
  deps: WorkoutsDeps,
  userId: string,
  input: {
    id?: string | undefined;
    date: string;
    name: string;
    routine_id?: string | undefined;
    exercises?: { id: string; exercise_id: string }[] | undefined;
  },
): Promise<{ created: boolean; workout: Workout }> {
  return inTransaction(deps, async ({ db, clock }) => {
    await lockDiaryDay(db, userId, input.date);
    if (input.id !== undefined) {
      // The app's own identifier (decision 069): sent again, the session it already started.
      const [taken] = await db.select().from(workouts).where(eq(workouts.id, input.id));
      if (taken) {
        if (taken.user_id !== userId) throw new AppError('idInUse');
        return { created: false, workout: await workoutOf(db, taken) };
      }
    }
    const planned =
      input.routine_id === undefined ? null : await plannedRoutine(db, userId, input.date);
    if (input.routine_id !== undefined) {
      // Only the routine the program plans that day starts, and only once: under the day's
      // lock, a second start finds the first session and answers it.
      if (planned?.routine.id !== input.routine_id) throw new AppError('plannedSessionNotFound');
      const [started] = await db
        .select()
        .from(workouts)
        .where(
          and(
            eq(workouts.user_id, userId),
            eq(workouts.date, input.date),
            eq(workouts.routine_id, input.routine_id),
          ),
        );
      if (started) return { created: false, workout: await workoutOf(db, started) };
    }
    const [held] = await db
      .select({ n: count() })
      .from(workouts)
      .where(and(eq(workouts.user_id, userId), eq(workouts.date, input.date)));
    if ((held?.n ?? 0) >= MAX_WORKOUTS_PER_DAY) throw new AppError('workoutsPerDayFull');
    const now = clock.now();
    const [stored] = await insertOwnId(() =>
      db
        .insert(workouts)
        .values({
          ...(input.id === undefined ? {} : { id: input.id }),
          user_id: userId,
          date: input.date,
          name: planned ? planned.routine.name : input.name.trim(),
          routine_id: planned?.routine.id ?? null,
          created_at: now,
        })
        .returning(),
    );
    if (!stored) throw new Error('workout not stored');
    const items = (planned?.routine.exercises ?? []).slice(0, MAX_EXERCISES_PER_WORKOUT);
    if (items.length > 0) {
      const visible = await db
        .select({ id: exercises.id })
        .from(exercises)
        .where(
          and(
            inArray(
              exercises.id,
              items.map((item) => item.exercise_id),
            ),
            exercisesVisibleTo(userId),
          ),
        );
      const allowed = new Set(visible.map((row) => row.id));
      const chosen = chosenIds(input.exercises ?? []);
      const rows = items
        .filter((item) => allowed.has(item.exercise_id))
        .map(({ exercise_id, ...prescription }) => {
          const itemId = chosen(exercise_id);
          return {
            ...(itemId === undefined ? {} : { id: itemId }),
            ...sessionOf(stored),
            exercise_id,
            prescription: withCardioFields(prescription),
            created_at: now,
          };
        });
      // One statement: seq follows the routine's order.
      if (rows.length > 0) await insertOwnId(() => db.insert(workoutExercises).values(rows));
    }
    return { created: true, workout: await workoutOf(db, stored) };
  });
}

/** An item's copy of its session, kept the session's own by their foreign key (decision 125). */
function sessionOf(row: WorkoutRow) {
  return { workout_id: row.id, user_id: row.user_id, date: row.date, workout_seq: row.seq };
}

/**
 * The identifier the app chose for each exercise of a session started from a routine: the
 * n-th one given for an exercise goes to its n-th time in the routine; none, the database's.
 */
function chosenIds(given: readonly { id: string; exercise_id: string }[]) {
  const left = new Map<string, string[]>();
  for (const { id, exercise_id } of given)
    left.set(exercise_id, [...(left.get(exercise_id) ?? []), id]);
  return (exerciseId: string): string | undefined => left.get(exerciseId)?.shift();
}

export async function renameWorkout(
  deps: WorkoutsDeps,
  userId: string,
  id: string,
  name: string,
): Promise<Workout> {
  return inTransaction(deps, async ({ db }) => {
    const row = await ownWorkout(db, userId, id);
    const [updated] = await db
      .update(workouts)
      .set({ name: name.trim() })
      .where(eq(workouts.id, row.id))
      .returning();
    return workoutOf(db, updated ?? row);
  });
}

export async function deleteWorkout(deps: WorkoutsDeps, userId: string, id: string): Promise<void> {
  const row = await ownWorkout(deps.db, userId, id);
  await deps.db.delete(workouts).where(eq(workouts.id, row.id));
}

export async function addWorkoutExercise(
  deps: WorkoutsDeps,
  userId: string,
  workoutId: string,
  exerciseId: string,
  itemId?: string,
): Promise<Workout> {
  return inTransaction(deps, async ({ db, clock }) => {
    const row = await ownWorkout(db, userId, workoutId, true);
    if (itemId !== undefined) {
      const [taken] = await db
        .select({ workout_id: workoutExercises.workout_id })
        .from(workoutExercises)
        .where(eq(workoutExercises.id, itemId));
      if (taken) {
        if (taken.workout_id !== row.id) throw new AppError('idInUse');
        return workoutOf(db, row);
      }
    }
    const [held] = await db
      .select({ n: count() })
      .from(workoutExercises)
      .where(eq(workoutExercises.workout_id, row.id));
    if ((held?.n ?? 0) >= MAX_EXERCISES_PER_WORKOUT) throw new AppError('workoutExercisesFull');
    if (!isId(exerciseId)) throw new AppError('exerciseNotFound');
    const [exercise] = await db
      .select({ id: exercises.id })
      .from(exercises)
      .where(and(eq(exercises.id, exerciseId), exercisesVisibleTo(userId)));
    if (!exercise) throw new AppError('exerciseNotFound');
    await insertOwnId(() =>
      db.insert(workoutExercises).values({
        ...(itemId === undefined ? {} : { id: itemId }),
        ...sessionOf(row),
        exercise_id: exercise.id,
        created_at: clock.now(),
      }),
    );
    return workoutOf(db, row);
  });
}

/** The workout an exercise of it belongs to, when the person owns it. */
async function workoutOfItem(db: Db, userId: string, itemId: string): Promise<WorkoutRow> {
  return (await itemOf(db, userId, itemId)).workout;
}

/** An exercise of a session with its workout and whether it is cardio. */
async function itemOf(
  db: Db,
  userId: string,
  itemId: string,
): Promise<{ workout: WorkoutRow; cardio: boolean }> {
  if (!isId(itemId)) throw new AppError('workoutNotFound');
  const [row] = await db
    .select({ workout: workouts, muscle_group: exercises.muscle_group })
    .from(workoutExercises)
    .innerJoin(workouts, eq(workouts.id, workoutExercises.workout_id))
    .innerJoin(exercises, eq(exercises.id, workoutExercises.exercise_id))
    .where(and(eq(workoutExercises.id, itemId), eq(workouts.user_id, userId)));
  if (!row) throw new AppError('workoutNotFound');
  return { workout: row.workout, cardio: isCardio(row) };
}

/** A set is logged the way its exercise is: reps × kg, or time and distance for cardio. */
function checkKind(set: { cardio: boolean }, exerciseIsCardio: boolean) {
  if (set.cardio !== exerciseIsCardio) throw new AppError('workoutSetKind');
}

export async function removeWorkoutExercise(
  deps: WorkoutsDeps,
  userId: string,
  itemId: string,
): Promise<Workout> {
  return inTransaction(deps, async ({ db }) => {
    const row = await workoutOfItem(db, userId, itemId);
    await db.delete(workoutExercises).where(eq(workoutExercises.id, itemId));
    return workoutOf(db, row);
  });
}

/** The person's notes on one exercise of a session; '' clears them. */
export async function updateWorkoutExercise(
  deps: WorkoutsDeps,
  userId: string,
  itemId: string,
  notes: string,
): Promise<Workout> {
  return inTransaction(deps, async ({ db }) => {
    const row = await workoutOfItem(db, userId, itemId);
    const kept = notes.trim();
    await db
      .update(workoutExercises)
      .set({ notes: kept === '' ? null : kept })
      .where(eq(workoutExercises.id, itemId));
    return workoutOf(db, row);
  });
}

export async function addSet(
  deps: WorkoutsDeps,
  userId: string,
  itemId: string,
  input: WorkoutSetValues,
): Promise<Workout> {
  const { cardio, id: setId, ...set } = input;
  return inTransaction(deps, async ({ db, clock }) => {
    const { workout: row, cardio: exerciseIsCardio } = await itemOf(db, userId, itemId);
    if (setId !== undefined) {
      const [taken] = await db
        .select({ item: workoutSets.workout_exercise_id })
        .from(workoutSets)
        .where(eq(workoutSets.id, setId));
      if (taken) {
        if (taken.item !== itemId) throw new AppError('idInUse');
        return workoutOf(db, row);
      }
    }
    checkKind({ cardio }, exerciseIsCardio);
    // The exercise's row is held until the end, so two sets at once count one after the other.
    await db
      .select({ id: workoutExercises.id })
      .from(workoutExercises)
      .where(eq(workoutExercises.id, itemId))
      .for('update');
    const [held] = await db
      .select({ n: count() })
      .from(workoutSets)
      .where(eq(workoutSets.workout_exercise_id, itemId));
    if ((held?.n ?? 0) >= MAX_SETS_PER_EXERCISE) throw new AppError('workoutSetsFull');
    await insertOwnId(() =>
      db.insert(workoutSets).values({
        ...(setId === undefined ? {} : { id: setId }),
        workout_exercise_id: itemId,
        ...set,
        created_at: clock.now(),
      }),
    );
    return workoutOf(db, row);
  });
}

/** The workout a set belongs to, when the person owns it, and whether it is of cardio. */
async function workoutOfSet(
  db: Db,
  userId: string,
  setId: string,
): Promise<{ workout: WorkoutRow; cardio: boolean }> {
  if (!isId(setId)) throw new AppError('workoutSetNotFound');
  const [row] = await db
    .select({ workout: workouts, muscle_group: exercises.muscle_group })
    .from(workoutSets)
    .innerJoin(workoutExercises, eq(workoutExercises.id, workoutSets.workout_exercise_id))
    .innerJoin(workouts, eq(workouts.id, workoutExercises.workout_id))
    .innerJoin(exercises, eq(exercises.id, workoutExercises.exercise_id))
    .where(and(eq(workoutSets.id, setId), eq(workouts.user_id, userId)));
  if (!row) throw new AppError('workoutSetNotFound');
  return { workout: row.workout, cardio: isCardio(row) };
}

/** Changes a set in place: the same set, never a second one. */
export async function updateSet(
  deps: WorkoutsDeps,
  userId: string,
  setId: string,
  input: WorkoutSetValues,
): Promise<Workout> {
  // A set keeps its identifier: one sent here is the one in the address or none.
  const { cardio, reps, weight_kg, duration_s, distance_m, rpe } = input;
  const set = { reps, weight_kg, duration_s, distance_m, rpe };
  return inTransaction(deps, async ({ db }) => {
    const { workout: row, cardio: exerciseIsCardio } = await workoutOfSet(db, userId, setId);
    checkKind({ cardio }, exerciseIsCardio);
    await db.update(workoutSets).set(set).where(eq(workoutSets.id, setId));
    return workoutOf(db, row);
  });
}

export async function deleteSet(
  deps: WorkoutsDeps,
  userId: string,
  setId: string,
): Promise<Workout> {
  return inTransaction(deps, async ({ db }) => {
    const { workout: row } = await workoutOfSet(db, userId, setId);
    await db.delete(workoutSets).where(eq(workoutSets.id, setId));
    return workoutOf(db, row);
  });
}

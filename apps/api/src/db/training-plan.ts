import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Exercise, WorkoutPrescription } from '@forja/shared/schemas/diary';
import type { PlannedSession, Routine } from '@forja/shared/schemas/programs';
import { routineOn } from '@forja/shared/training-plan';
import type { Db } from './client';
import { workouts } from './schema/diary';
import { exercises } from './schema/foods';
import {
  programAssignments,
  programs,
  type StoredRoutine,
  type StoredRoutineExercise,
} from './schema/programs';
import { users } from './schema/users';

/**
 * The exercises a person may use (decision 058): the library, their own (a trainer's), and
 * their trainer's own.
 */
export function exercisesVisibleTo(userId: string): SQL {
  return or(
    isNotNull(exercises.key),
    eq(exercises.owner_id, userId),
    eq(
      exercises.owner_id,
      sql`(select ${users.trainer_id} from ${users} where ${users.id} = ${userId})`,
    ),
  ) as SQL;
}

const exerciseColumns = {
  id: exercises.id,
  name: exercises.name,
  muscle_group: exercises.muscle_group,
  equipment: exercises.equipment,
};

/** The exercises of the list, by id. */
export async function exercisesById(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Exercise>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(exerciseColumns)
    .from(exercises)
    .where(inArray(exercises.id, [...new Set(ids)]))
    .orderBy(asc(exercises.name));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * A stored prescription with the cardio fields, which documents saved before cardio was
 * prescribed lack (decision 079): those are strength prescriptions.
 */
export function withCardioFields({
  duration_min = null,
  distance_km = null,
  intensity = '',
  ...prescription
}: Omit<StoredRoutineExercise, 'exercise_id'>): WorkoutPrescription {
  return { ...prescription, duration_min, distance_km, intensity };
}

/** Routines as answered: each exercise with its name, group and equipment. */
export async function routinesOf(db: Db, stored: readonly StoredRoutine[]): Promise<Routine[]> {
  const byId = await exercisesById(
    db,
    stored.flatMap((routine) => routine.exercises.map((item) => item.exercise_id)),
  );
  return stored.map((routine) => ({
    id: routine.id,
    name: routine.name,
    weekdays: routine.weekdays,
    exercises: routine.exercises.flatMap(({ exercise_id, ...prescription }) => {
      const exercise = byId.get(exercise_id);
      return exercise ? [{ exercise, ...withCardioFields(prescription) }] : [];
    }),
  }));
}

/**
 * The program the trainee follows now: assigned by the trainer they have now (after a change
 * of trainer, or none, the former trainer's program plans nothing).
 */
export async function currentProgram(db: Db, traineeId: string) {
  const [row] = await db
    .select({
      id: programs.id,
      name: programs.name,
      routines: programs.routines,
      start_date: programAssignments.start_date,
    })
    .from(programAssignments)
    .innerJoin(users, eq(users.id, programAssignments.trainee_id))
    .innerJoin(programs, eq(programs.id, programAssignments.program_id))
    .where(
      and(
        eq(programAssignments.trainee_id, traineeId),
        eq(programAssignments.trainer_id, users.trainer_id),
      ),
    );
  return row;
}

/** The routine the trainee's program plans on `date`, as stored; null when none. */
export async function plannedRoutine(db: Db, traineeId: string, date: string) {
  const program = await currentProgram(db, traineeId);
  if (!program) return null;
  const routine = routineOn(program.routines, program.start_date, date);
  return routine ? { program, routine } : null;
}

/** The session the trainee's program plans on `date`, with the workout started from it. */
export async function plannedSession(
  db: Db,
  traineeId: string,
  date: string,
): Promise<PlannedSession | null> {
  const planned = await plannedRoutine(db, traineeId, date);
  if (!planned) return null;
  const [routine] = await routinesOf(db, [planned.routine]);
  if (!routine) return null;
  const [started] = await db
    .select({ id: workouts.id })
    .from(workouts)
    .where(
      and(
        eq(workouts.user_id, traineeId),
        eq(workouts.date, date),
        eq(workouts.routine_id, routine.id),
      ),
    );
  return {
    date,
    program: { id: planned.program.id, name: planned.program.name },
    routine,
    workout_id: started?.id ?? null,
  };
}

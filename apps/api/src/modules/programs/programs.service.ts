import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { MAX_OWN_EXERCISES, MAX_PROGRAMS_PER_TRAINER } from '@forja/shared/constants';
import { isId } from '@forja/shared/schemas/common';
import { isCardio, type Exercise } from '@forja/shared/schemas/diary';
import {
  isCardioPrescription,
  ownExerciseInputSchema,
  storedPrescription,
  programAssignmentInputSchema,
  programCreateSchema,
  programInputSchema,
  type OwnExerciseInput,
  type PlannedSession,
  type Program,
  type ProgramAssignment,
  type ProgramAssignmentInput,
  type ProgramInput,
  type ProgramSummary,
  type TrainerExercises,
} from '@forja/shared/schemas/programs';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { lockOwnExercises, lockPrograms } from '#db/advisory-locks';
import { inTransaction } from '#db/in-transaction';
import { trainerLinks } from '#db/schema/coaching';
import { exercises } from '#db/schema/foods';
import { programAssignments, programs, type StoredRoutine } from '#db/schema/programs';
import { users } from '#db/schema/users';
import { plannedSession, routinesOf, withCardioFields } from '#db/training-plan';
import { AppError } from '#http/app-error';
import { notify } from '#notifications/notify';
import { trainerMay } from '#security/trainer-access';

export interface ProgramsDeps {
  db: Db;
  clock: Clock;
}

type ProgramRow = typeof programs.$inferSelect;

const exerciseColumns = {
  id: exercises.id,
  name: exercises.name,
  muscle_group: exercises.muscle_group,
  equipment: exercises.equipment,
};

/** The trainer's program, or a 404 (another trainer's is as good as absent). */
async function ownProgram(
  db: Db,
  trainerId: string,
  id: string,
  lock = false,
): Promise<ProgramRow> {
  if (!isId(id)) throw new AppError('programNotFound');
  const query = db
    .select()
    .from(programs)
    .where(and(eq(programs.id, id), eq(programs.trainer_id, trainerId)));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw new AppError('programNotFound');
  return row;
}

/** Assignments of the trainer's programs to trainees still linked to them. */
function currentAssignments(db: Db, trainerId: string, programId?: string) {
  return db
    .select({
      program_id: programAssignments.program_id,
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      starts_on: programAssignments.start_date,
    })
    .from(programAssignments)
    .innerJoin(users, eq(users.id, programAssignments.trainee_id))
    .innerJoin(
      trainerLinks,
      and(
        eq(trainerLinks.trainee_id, users.id),
        eq(trainerLinks.trainer_id, programAssignments.trainer_id),
      ),
    )
    .where(
      and(
        eq(programAssignments.trainer_id, trainerId),
        eq(users.trainer_id, trainerId),
        programId === undefined ? undefined : eq(programAssignments.program_id, programId),
      ),
    )
    .orderBy(asc(users.first_name), asc(users.last_name), asc(users.id));
}

async function programOf(db: Db, row: ProgramRow): Promise<Program> {
  const trainees = await currentAssignments(db, row.trainer_id, row.id);
  return {
    id: row.id,
    name: row.name,
    notes: row.notes,
    routines: await routinesOf(db, row.routines),
    trainees: trainees.map(({ program_id: _program, ...trainee }) => trainee),
    updated_at: row.updated_at,
  };
}

export async function listPrograms(
  deps: ProgramsDeps,
  trainerId: string,
): Promise<ProgramSummary[]> {
  const rows = await deps.db
    .select({
      id: programs.id,
      name: programs.name,
      routines: sql<number>`jsonb_array_length(${programs.routines})`.mapWith(Number),
      weekdays: programs.weekdays,
      updated_at: programs.updated_at,
    })
    .from(programs)
    .where(eq(programs.trainer_id, trainerId))
    .orderBy(desc(programs.updated_at), asc(programs.id));
  const assigned = await currentAssignments(deps.db, trainerId);
  return rows.map((row) => ({
    ...row,
    weekdays: [...row.weekdays].sort(),
    trainees: assigned.filter((item) => item.program_id === row.id).length,
  }));
}

export async function createProgram(
  deps: ProgramsDeps,
  trainerId: string,
  input: { name: string; notes?: string | undefined },
): Promise<Program> {
  const { name, notes } = programCreateSchema.parse(input);
  return inTransaction(deps, async ({ db, clock }) => {
    await lockPrograms(db, trainerId);
    const [held] = await db
      .select({ n: count() })
      .from(programs)
      .where(eq(programs.trainer_id, trainerId));
    if ((held?.n ?? 0) >= MAX_PROGRAMS_PER_TRAINER) throw new AppError('tooManyPrograms');
    const now = clock.now();
    const [row] = await db
      .insert(programs)
      .values({
        trainer_id: trainerId,
        name: name.trim(),
        notes,
        routines: [],
        weekdays: [],
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!row) throw new Error('program not stored');
    return programOf(db, row);
  });
}

export async function getProgram(deps: ProgramsDeps, trainerId: string, id: string) {
  return programOf(deps.db, await ownProgram(deps.db, trainerId, id));
}

/**
 * Saves the whole program in one transaction: name, notes and every routine in order.
 * Routines keep their ids (a session started from one still points at it); new ones get one.
 */
export async function saveProgram(
  deps: ProgramsDeps,
  trainerId: string,
  id: string,
  input: ProgramInput,
): Promise<Program> {
  const program = programInputSchema.parse(input);
  return inTransaction(deps, async ({ db, clock }) => {
    const row = await ownProgram(db, trainerId, id, true);
    const known = new Set(row.routines.map((routine) => routine.id));
    if (program.routines.some((routine) => routine.id !== undefined && !known.has(routine.id))) {
      throw new AppError('programRoutineUnknown');
    }
    const exerciseIds = [
      ...new Set(program.routines.flatMap((r) => r.exercises.map((item) => item.exercise_id))),
    ];
    const found =
      exerciseIds.length === 0
        ? []
        : await db
            .select({ id: exercises.id, muscle_group: exercises.muscle_group })
            .from(exercises)
            .where(
              and(
                inArray(exercises.id, exerciseIds),
                sql`(${exercises.key} is not null or ${exercises.owner_id} = ${trainerId})`,
              ),
            );
    if (found.length !== exerciseIds.length) throw new AppError('programExerciseUnknown');
    const routines: StoredRoutine[] = program.routines.map((routine) => ({
      id: routine.id ?? randomUUID(),
      name: routine.name.trim(),
      weekdays: [...routine.weekdays].sort(),
      exercises: routine.exercises.map(({ exercise_id, ...item }) => {
        const prescription = storedPrescription(item);
        return { exercise_id, ...prescription, notes: prescription.notes.trim() };
      }),
    }));
    checkPrescriptionKinds(routines, new Map(found.map((item) => [item.id, item])));
    const [updated] = await db
      .update(programs)
      .set({
        name: program.name.trim(),
        notes: program.notes,
        routines,
        weekdays: routines.flatMap((routine) => routine.weekdays).sort(),
        updated_at: clock.now(),
      })
      .where(eq(programs.id, row.id))
      .returning();
    return programOf(db, updated ?? row);
  });
}

/**
 * A cardio exercise is prescribed by time and distance, any other by sets and reps (decision
 * 079): the kind sent must be the exercise's, else a 400 naming where, and nothing is saved.
 */
function checkPrescriptionKinds(
  routines: readonly StoredRoutine[],
  groups: ReadonlyMap<string, Pick<Exercise, 'muscle_group'>>,
) {
  routines.forEach((routine, routineIndex) => {
    routine.exercises.forEach((item, index) => {
      const exercise = groups.get(item.exercise_id);
      if (!exercise || isCardio(exercise) === isCardioPrescription(withCardioFields(item))) return;
      const path = `routines.${String(routineIndex)}.exercises.${String(index)}`;
      const message = isCardio(exercise)
        ? 'Este ejercicio es de cardio: prescríbelo con duración o distancia, no con series, repeticiones ni carga'
        : 'Este ejercicio no es de cardio: prescríbelo con series y repeticiones, no con duración ni distancia';
      throw new AppError('programPrescriptionKind', {
        message,
        fields: { [isCardio(exercise) ? `${path}.reps_min` : `${path}.duration_min`]: message },
      });
    });
  });
}

export async function deleteProgram(deps: ProgramsDeps, trainerId: string, id: string) {
  const row = await ownProgram(deps.db, trainerId, id);
  await deps.db.delete(programs).where(eq(programs.id, row.id));
}

function startDay(date: string): string {
  return new Intl.DateTimeFormat('es-ES', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * Gives the trainee the program from `start_date`, in place of any they had, and tells them
 * (decision 062).
 */
export async function assignProgram(
  deps: ProgramsDeps,
  trainerId: string,
  traineeId: string,
  input: ProgramAssignmentInput,
): Promise<ProgramAssignment> {
  const { program_id, start_date } = programAssignmentInputSchema.parse(input);
  return inTransaction(deps, async ({ db, clock }) => {
    // The link is held until the end: a withdrawal of training waits for this write.
    if (!(await trainerMay(db, trainerId, traineeId, { area: 'training', lock: true }))) {
      throw new AppError('notFound');
    }
    const program = await ownProgram(db, trainerId, program_id);
    const values = {
      trainee_id: traineeId,
      trainer_id: trainerId,
      program_id: program.id,
      start_date,
      assigned_at: clock.now(),
    };
    await db
      .insert(programAssignments)
      .values(values)
      .onConflictDoUpdate({
        target: programAssignments.trainee_id,
        set: {
          trainer_id: values.trainer_id,
          program_id: values.program_id,
          start_date: values.start_date,
          assigned_at: values.assigned_at,
        },
      });
    const [trainer] = await db
      .select({ first_name: users.first_name, last_name: users.last_name })
      .from(users)
      .where(eq(users.id, trainerId));
    const name = trainer ? `${trainer.first_name} ${trainer.last_name}`.trim() : 'Tu entrenador';
    await notify(
      { db, clock },
      {
        userId: traineeId,
        kind: 'program_assigned',
        title: `${name} te ha asignado el programa «${program.name}»`,
        body: `Empieza el ${startDay(start_date)}. Verás cada día su sesión en Inicio y en el diario.`,
        path: '/users/home',
        subjectUserId: trainerId,
      },
    );
    return { trainee_id: traineeId, program_id: program.id, starts_on: start_date };
  });
}

/** Takes the trainee's program away; 404 when they are not the trainer's or share no training. */
export async function unassignProgram(deps: ProgramsDeps, trainerId: string, traineeId: string) {
  await inTransaction(deps, async ({ db }) => {
    if (!(await trainerMay(db, trainerId, traineeId, { area: 'training', lock: true }))) {
      throw new AppError('notFound');
    }
    await db
      .delete(programAssignments)
      .where(
        and(
          eq(programAssignments.trainee_id, traineeId),
          eq(programAssignments.trainer_id, trainerId),
        ),
      );
  });
}

/** What the builder picks from: the library and the trainer's own exercises. */
export async function trainerExercises(
  deps: ProgramsDeps,
  trainerId: string,
): Promise<TrainerExercises> {
  const [library, own] = await Promise.all([
    deps.db
      .select(exerciseColumns)
      .from(exercises)
      .where(isNotNull(exercises.key))
      .orderBy(asc(exercises.muscle_group), asc(exercises.name)),
    deps.db
      .select(exerciseColumns)
      .from(exercises)
      .where(eq(exercises.owner_id, trainerId))
      .orderBy(asc(exercises.name)),
  ]);
  return { library, own };
}

export async function createOwnExercise(
  deps: ProgramsDeps,
  trainerId: string,
  input: OwnExerciseInput,
): Promise<Exercise> {
  const exercise = ownExerciseInputSchema.parse(input);
  return inTransaction(deps, async ({ db, clock }) => {
    await lockOwnExercises(db, trainerId);
    const [held] = await db
      .select({ n: count() })
      .from(exercises)
      .where(eq(exercises.owner_id, trainerId));
    if ((held?.n ?? 0) >= MAX_OWN_EXERCISES) throw new AppError('tooManyOwnExercises');
    const [row] = await db
      .insert(exercises)
      .values({
        key: null,
        owner_id: trainerId,
        name: exercise.name.trim(),
        muscle_group: exercise.muscle_group,
        equipment: exercise.equipment,
        created_at: clock.now(),
      })
      .returning(exerciseColumns);
    if (!row) throw new Error('exercise not stored');
    return row;
  });
}

/** The session the trainee's program plans on the day, or null. */
export function getPlan(deps: ProgramsDeps, traineeId: string, date: string) {
  return plannedSession(deps.db, traineeId, date) satisfies Promise<PlannedSession | null>;
}

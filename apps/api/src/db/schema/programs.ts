import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One exercise of a routine as stored: the exercise's id and its prescription. A cardio one
 * has a time or a distance and no reps, load or RPE (decision 079); documents saved before
 * then have no cardio fields at all.
 */
export interface StoredRoutineExercise {
  exercise_id: string;
  sets: number;
  reps_min: number | null;
  reps_max: number | null;
  load_kg: number | null;
  rpe: number | null;
  rest_s: number;
  notes: string;
  duration_min?: number | null;
  distance_km?: number | null;
  intensity?: string;
}

/**
 * A JSON path matching a prescription out of bounds (decision 079): a time outside 1–600
 * minutes or a distance outside 0.1–300 km, a cardio one with reps, load or RPE, or one
 * with neither reps nor a time or distance. Documents without the cardio fields match
 * nothing: they are strength prescriptions saved before cardio was prescribed.
 */
export const prescriptionOutOfBounds = `(@.duration_min < 1 || @.duration_min > 600
  || @.distance_km < 0.1 || @.distance_km > 300
  || @.reps_min == null && @.duration_min == null && @.distance_km == null
  || (@.duration_min != null || @.distance_km != null)
    && (@.reps_min != null || @.reps_max != null || @.load_kg != null || @.rpe != null))`.replace(
  /\s+/g,
  ' ',
);

/** One routine (a day of training) of a program as stored, in the program's order. */
export interface StoredRoutine {
  id: string;
  name: string;
  /** ISO weekdays, 1 (Monday) to 7 (Sunday). */
  weekdays: number[];
  exercises: StoredRoutineExercise[];
}

/**
 * A trainer's program (decision 058): saved whole, as the builder sends it, so its routines
 * are one JSON document checked by the shared schema. `weekdays` is the union of the
 * routines' days, which the roster and the Hoy queue read without opening the document.
 */
export const programs = pgTable(
  'programs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trainer_id: uuid('trainer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    notes: text('notes').notNull().default(''),
    routines: jsonb('routines').$type<StoredRoutine[]>().notNull().default([]),
    weekdays: smallint('weekdays')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    created_at: at('created_at').notNull(),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [
    index('programs_trainer_id_idx').on(table.trainer_id),
    check('programs_routines_check', sql`jsonb_array_length(${table.routines}) <= 7`),
    check(
      'programs_routines_prescriptions_check',
      sql`not jsonb_path_exists(${table.routines}, ${sql.raw(`'$[*].exercises[*] ? ${prescriptionOutOfBounds}'`)})`,
    ),
  ],
);

/**
 * The program a trainee follows now, from `start_date`: one per trainee. It is the trainer's
 * who assigned it; once the trainee has another trainer, or none, it plans nothing.
 */
export const programAssignments = pgTable(
  'program_assignments',
  {
    trainee_id: uuid('trainee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    trainer_id: uuid('trainer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    program_id: uuid('program_id')
      .notNull()
      .references(() => programs.id, { onDelete: 'cascade' }),
    start_date: date('start_date', { mode: 'string' }).notNull(),
    assigned_at: at('assigned_at').notNull(),
  },
  (table) => [index('program_assignments_program_id_idx').on(table.program_id)],
);

import { sql } from 'drizzle-orm';
import {
  bigserial,
  bigint,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DAY_COMPLETENESS,
  ENTRY_KINDS,
  MEALS,
  type WorkoutPrescription,
} from '@forja/shared/schemas/diary';
import { exercises, foods } from './foods';
import { prescriptionOutOfBounds } from './programs';
import { users } from './users';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const day = (name: string) => date(name, { mode: 'string' });
const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/**
 * One line of the diary. Its energy and nutrients are those of the amount eaten, kept with
 * the entry: editing or deleting the food later does not rewrite what was logged.
 */
export const diaryEntries = pgTable(
  'diary_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: owner(),
    date: day('date').notNull(),
    meal: text('meal', { enum: MEALS }).notNull(),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    food_id: uuid('food_id').references(() => foods.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    quantity: doublePrecision('quantity').notNull(),
    unit: text('unit').notNull(),
    /** Grams in one `unit`: 1 for g, the density for ml, the portion's weight. */
    unit_grams: doublePrecision('unit_grams'),
    grams: doublePrecision('grams'),
    kcal: doublePrecision('kcal').notNull(),
    protein_g: doublePrecision('protein_g').notNull(),
    carbohydrate_g: doublePrecision('carbohydrate_g').notNull(),
    fat_g: doublePrecision('fat_g').notNull(),
    fibre_g: doublePrecision('fibre_g').notNull(),
    created_at: at('created_at').notNull(),
    /** Order of logging, which the diary keeps within a meal (times may be equal). */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    // With the energy in the key, a trainer's roster sums each trainee's days from the index
    // alone (decision 053); every read by person and day uses it as it would (user_id, date).
    index('diary_entries_user_id_date_kcal_idx').on(table.user_id, table.date, table.kcal),
    // Behind the foreign key: deleting one's own food sets its entries' food to null.
    index('diary_entries_food_id_idx')
      .on(table.food_id)
      .where(sql`${table.food_id} is not null`),
    check('diary_entries_meal_check', sql`${table.meal} in (${inList(MEALS)})`),
    check('diary_entries_kind_check', sql`${table.kind} in (${inList(ENTRY_KINDS)})`),
    check('diary_entries_food_grams_check', sql`${table.kind} = 'quick' or ${table.grams} > 0`),
  ],
);

/** What belongs to a day as a whole: water, notes and how fully it was logged. */
export const diaryDays = pgTable(
  'diary_days',
  {
    user_id: owner(),
    date: day('date').notNull(),
    water_ml: integer('water_ml').notNull().default(0),
    notes: text('notes').notNull().default(''),
    /** How fully the person says they logged the day; null until they say (decision 065). */
    completeness: text('completeness', { enum: DAY_COMPLETENESS }),
    updated_at: at('updated_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.user_id, table.date] }),
    check('diary_days_water_ml_check', sql`${table.water_ml} >= 0`),
    check(
      'diary_days_completeness_check',
      sql`${table.completeness} in (${inList(DAY_COMPLETENESS)})`,
    ),
  ],
);

export const workouts = pgTable(
  'workouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: owner(),
    date: day('date').notNull(),
    name: text('name').notNull().default(''),
    /** The routine of the trainee's program it was started from (decision 058). */
    routine_id: uuid('routine_id'),
    created_at: at('created_at').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    // With seq: "the sessions before this one", newest first, read in index order (decision 059).
    index('workouts_user_id_date_seq_idx').on(table.user_id, table.date, table.seq),
    // A routine is started once a day: a second start answers the first session.
    uniqueIndex('workouts_user_id_date_routine_id_key')
      .on(table.user_id, table.date, table.routine_id)
      .where(sql`${table.routine_id} is not null`),
    // The target of the session's items' copy of its owner, date and order (decision 125).
    unique('workouts_id_user_id_date_seq_key').on(table.id, table.user_id, table.date, table.seq),
  ],
);

export const workoutExercises = pgTable(
  'workout_exercises',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workout_id: uuid('workout_id').notNull(),
    /**
     * The session's owner, date and order, copied so an exercise's earlier items are found
     * by one index (decision 125); the foreign key keeps them the session's own, a moved
     * date included.
     */
    user_id: uuid('user_id').notNull(),
    date: day('date').notNull(),
    workout_seq: bigint('workout_seq', { mode: 'number' }).notNull(),
    exercise_id: uuid('exercise_id')
      .notNull()
      .references(() => exercises.id),
    /** The person's notes on this exercise in this session; null when none. */
    notes: text('notes'),
    /** The program's prescription, copied when the session was started from a routine. */
    prescription: jsonb('prescription').$type<WorkoutPrescription>(),
    created_at: at('created_at').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    foreignKey({
      name: 'workout_exercises_workout_fk',
      columns: [table.workout_id, table.user_id, table.date, table.workout_seq],
      foreignColumns: [workouts.id, workouts.user_id, workouts.date, workouts.seq],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('workout_exercises_workout_id_exercise_id_idx').on(table.workout_id, table.exercise_id),
    // An exercise's items before a session, newest first, for last time and records.
    index('workout_exercises_user_id_exercise_id_date_idx').on(
      table.user_id,
      table.exercise_id,
      table.date,
      table.workout_seq,
      table.seq,
    ),
    check('workout_exercises_notes_check', sql`char_length(${table.notes}) <= 500`),
    check(
      'workout_exercises_prescription_check',
      sql`not jsonb_path_exists(${table.prescription}, ${sql.raw(`'$ ? ${prescriptionOutOfBounds}'`)})`,
    ),
  ],
);

export const workoutSets = pgTable(
  'workout_sets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workout_exercise_id: uuid('workout_exercise_id')
      .notNull()
      .references(() => workoutExercises.id, { onDelete: 'cascade' }),
    /** 0 for a cardio set. */
    reps: integer('reps').notNull(),
    /** 0 for a cardio set. */
    weight_kg: doublePrecision('weight_kg').notNull(),
    /** A cardio set's time in seconds; null for a set of reps or when not given (decision 074). */
    duration_s: integer('duration_s'),
    /** A cardio set's distance in metres; null for a set of reps or when not given. */
    distance_m: doublePrecision('distance_m'),
    /** Rating of perceived exertion, 6 to 10 in halves; null when not given. */
    rpe: doublePrecision('rpe'),
    created_at: at('created_at').notNull(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (table) => [
    index('workout_sets_workout_exercise_id_idx').on(table.workout_exercise_id),
    check('workout_sets_values_check', sql`${table.reps} >= 0 and ${table.weight_kg} >= 0`),
    check(
      'workout_sets_cardio_check',
      sql`(${table.duration_s} is null and ${table.distance_m} is null) or (${table.reps} = 0 and ${table.weight_kg} = 0 and (${table.duration_s} between 1 and 86400 or ${table.distance_m} between 0.001 and 1000000) and (${table.duration_s} is null or ${table.duration_s} between 1 and 86400) and (${table.distance_m} is null or ${table.distance_m} between 0.001 and 1000000))`,
    ),
    check(
      'workout_sets_rpe_check',
      sql`${table.rpe} between 6 and 10 and ${table.rpe} * 2 = floor(${table.rpe} * 2)`,
    ),
  ],
);

import { z } from 'zod';
import { MAX_ENTRIES_PER_DAY, MAX_EXERCISES_PER_WORKOUT } from '../constants';
import { id, oneOf, text } from './common';
import { nutrientsSchema } from './foods';
import { MEALS, mealSchema } from './meals';
import { validationMessages as m } from './messages';
import { amountUpTo, localDateSchema, numberUpTo } from './quantities';

export { MEAL_LABELS, MEALS, mealAt, mealSchema, type Meal } from './meals';

/** Water is logged a glass at a time. */
export const WATER_STEP_ML = 250;
export const MAX_WATER_ML = 20_000;
/** The most of one food in one entry: 5 kg, 5 l or 50 portions. */
export const MAX_ENTRY_GRAMS = 5000;
/** The heaviest load of one set. */
export const MAX_SET_KG = 1000;
/** The longest cardio set: 24 hours, in seconds. */
export const MAX_SET_SECONDS = 86_400;
/** The longest cardio distance of one set: 1000 km, in metres. */
export const MAX_SET_METRES = 1_000_000;

// --- The exercise library -------------------------------------------------------------

export const MUSCLE_GROUPS = [
  'chest',
  'back',
  'shoulders',
  'biceps',
  'triceps',
  'forearms',
  'quadriceps',
  'hamstrings',
  'glutes',
  'calves',
  'adductors',
  'core',
  'full_body',
  'cardio',
] as const;
export type MuscleGroup = (typeof MUSCLE_GROUPS)[number];

export const MUSCLE_GROUP_LABELS: Record<MuscleGroup, string> = {
  chest: 'Pecho',
  back: 'Espalda',
  shoulders: 'Hombros',
  biceps: 'Bíceps',
  triceps: 'Tríceps',
  forearms: 'Antebrazos',
  quadriceps: 'Cuádriceps',
  hamstrings: 'Isquiotibiales',
  glutes: 'Glúteos',
  calves: 'Gemelos',
  adductors: 'Aductores',
  core: 'Abdomen',
  full_body: 'Cuerpo completo',
  cardio: 'Cardio',
};

/**
 * Cardio is logged by time and distance, not by reps and load (decision 074): an exercise
 * of the cardio group is one.
 */
export function isCardio(exercise: { muscle_group: MuscleGroup }): boolean {
  return exercise.muscle_group === 'cardio';
}

export const EQUIPMENT = [
  'barbell',
  'dumbbell',
  'machine',
  'cable',
  'bodyweight',
  'kettlebell',
  'band',
  'ez_bar',
  'smith',
  'ab_wheel',
  'cardio_machine',
  'bicycle',
  'none',
] as const;
export type Equipment = (typeof EQUIPMENT)[number];

export const EQUIPMENT_LABELS: Record<Equipment, string> = {
  barbell: 'Barra',
  dumbbell: 'Mancuernas',
  machine: 'Máquina',
  cable: 'Polea',
  bodyweight: 'Peso corporal',
  kettlebell: 'Kettlebell',
  band: 'Banda elástica',
  ez_bar: 'Barra Z',
  smith: 'Máquina Smith',
  ab_wheel: 'Rueda abdominal',
  cardio_machine: 'Máquina de cardio',
  bicycle: 'Bicicleta',
  none: 'Sin material',
};

export const exerciseSchema = z.object({
  id,
  name: z.string(),
  muscle_group: z.enum(MUSCLE_GROUPS),
  equipment: z.enum(EQUIPMENT),
});
export type Exercise = z.infer<typeof exerciseSchema>;
export const exerciseListSchema = z.array(exerciseSchema);

// --- Entries --------------------------------------------------------------------------

export const ENTRY_KINDS = ['food', 'quick'] as const;

/** One line of the diary: an amount of a food, or a quick add of energy and macros. */
export const diaryEntrySchema = nutrientsSchema.extend({
  id,
  date: z.string(),
  meal: z.enum(MEALS),
  kind: z.enum(ENTRY_KINDS),
  /** The food it was made from; null for quick adds and for foods deleted since. */
  food_id: id.nullable(),
  name: z.string(),
  /** How much, in `unit`: grams, millilitres or portions ("1 huevo"). 0 for quick adds. */
  quantity: z.number(),
  unit: z.string(),
  /** The weight eaten; null for quick adds. */
  grams: z.number().nullable(),
});
export type DiaryEntry = z.infer<typeof diaryEntrySchema>;

const quantitySchema = amountUpTo('La cantidad', MAX_ENTRY_GRAMS);
const unitSchema = text('La unidad', { max: 40 }).refine((value) => value.length > 0, {
  error: 'La unidad no puede estar vacía',
});

const quickNutrients = {
  kcal: numberUpTo('Las calorías', 10_000, { unit: 'kcal' }),
  protein_g: numberUpTo('Las proteínas', 1000, { unit: 'g' }).default(0),
  carbohydrate_g: numberUpTo('Los carbohidratos', 1000, { unit: 'g' }).default(0),
  fat_g: numberUpTo('Las grasas', 1000, { unit: 'g' }).default(0),
};

/**
 * The identifier the app chose for a row it creates, so that what it writes offline about
 * the row before the server has seen it can name it (decision 069). Optional: without it,
 * the server chooses.
 */
export const clientIdSchema = z.uuid({ error: 'El identificador no es válido' }).optional();

export const foodEntryInputSchema = z.strictObject({
  id: clientIdSchema,
  kind: z.literal('food'),
  date: localDateSchema,
  meal: mealSchema,
  food_id: id,
  quantity: quantitySchema,
  unit: unitSchema,
});

export const quickEntryInputSchema = z.strictObject({
  id: clientIdSchema,
  kind: z.literal('quick'),
  date: localDateSchema,
  meal: mealSchema,
  name: text('El nombre', { max: 100 }).default(''),
  ...quickNutrients,
});

export const entryInputSchema = z.discriminatedUnion('kind', [
  foodEntryInputSchema,
  quickEntryInputSchema,
]);
export type EntryInput = z.input<typeof entryInputSchema>;

/**
 * A change to an entry: its amount (foods), its values (quick adds), or where it sits
 * (meal and day: moving it).
 */
export const entryUpdateSchema = z.strictObject({
  date: localDateSchema.optional(),
  meal: mealSchema.optional(),
  quantity: quantitySchema.optional(),
  unit: unitSchema.optional(),
  name: text('El nombre', { max: 100 }).optional(),
  kcal: quickNutrients.kcal.optional(),
  protein_g: numberUpTo('Las proteínas', 1000, { unit: 'g' }).optional(),
  carbohydrate_g: numberUpTo('Los carbohidratos', 1000, { unit: 'g' }).optional(),
  fat_g: numberUpTo('Las grasas', 1000, { unit: 'g' }).optional(),
});
export type EntryUpdate = z.input<typeof entryUpdateSchema>;

/** Copies a meal (or, without `from_meal`, the whole day) from one date to another. */
export const diaryCopySchema = z
  .strictObject({
    from_date: localDateSchema,
    to_date: localDateSchema,
    from_meal: mealSchema.optional(),
    /** Where the copied meal lands; the same meal when left out. */
    to_meal: mealSchema.optional(),
    /**
     * The identifiers the app chose for the copies, each with the entry it copies, so that a
     * copy made without signal can be shown, changed or deleted before the API has it
     * (decision 077). An entry not named gets one from the API.
     */
    copies: z
      .array(z.strictObject({ entry_id: id, id }), { error: 'Las copias deben ser una lista' })
      .max(MAX_ENTRIES_PER_DAY, {
        error: `Una copia admite como máximo ${String(MAX_ENTRIES_PER_DAY)} alimentos`,
      })
      // Each entry is copied once: a repeated one would add copies the day's count missed.
      .refine((copies) => new Set(copies.map((copy) => copy.entry_id)).size === copies.length, {
        error: 'Cada alimento solo puede copiarse una vez: quita los repetidos',
      })
      .refine((copies) => new Set(copies.map((copy) => copy.id)).size === copies.length, {
        error: 'Cada copia necesita su propio identificador',
      })
      .optional(),
  })
  .refine((copy) => copy.to_meal === undefined || copy.from_meal !== undefined, {
    error: 'Elige la comida de origen',
    path: ['from_meal'],
  });
export type DiaryCopy = z.input<typeof diaryCopySchema>;

export const dateParamsSchema = z.object({ date: localDateSchema });

export const waterInputSchema = z.strictObject({
  water_ml: numberUpTo('El agua', MAX_WATER_ML, { unit: 'ml', integer: true }),
});
export const notesInputSchema = z.strictObject({
  notes: text('Las notas', { max: 4000, lines: 'several' }),
});

/**
 * How fully a day was logged (decision 065): everything eaten, part of it, or nothing worth
 * counting. Only complete days count towards the estimate of expenditure.
 */
export const DAY_COMPLETENESS = ['complete', 'partial', 'not_logged'] as const;
export type DayCompleteness = (typeof DAY_COMPLETENESS)[number];
export const DAY_COMPLETENESS_LABELS: Record<DayCompleteness, string> = {
  complete: 'Día completo',
  partial: 'Día a medias',
  not_logged: 'Sin registrar',
};
/** An unmarked day with less than this share of the energy target counts as partial. */
export const PARTIAL_DAY_SHARE_OF_TARGET = 0.5;

/**
 * A day's completeness as it counts: the person's mark, else nothing logged is `not_logged`,
 * less than half the energy target `partial`, and anything else `complete`.
 */
export function dayCompleteness(
  marked: DayCompleteness | null,
  kcal: number,
  targetKcal: number | null,
): DayCompleteness {
  if (marked) return marked;
  if (kcal <= 0) return 'not_logged';
  if (targetKcal !== null && kcal < PARTIAL_DAY_SHARE_OF_TARGET * targetKcal) return 'partial';
  return 'complete';
}

/** A day's mark; null takes it away, and the day counts by its energy again. */
export const completenessInputSchema = z.strictObject({
  completeness: oneOf('El estado del día', DAY_COMPLETENESS).nullable(),
});
export type CompletenessInput = z.infer<typeof completenessInputSchema>;

// --- Training -------------------------------------------------------------------------

/** Effort of a set, Rating of Perceived Exertion: 6 to 10 in halves. */
export const RPE_VALUES = [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10] as const;
/** What one exercise of a session may carry as notes. */
export const MAX_EXERCISE_NOTES = 500;

export const workoutSetSchema = z.object({
  id,
  /** 0 for a cardio set. */
  reps: z.number(),
  /** 0 for a cardio set. */
  weight_kg: z.number(),
  /** A cardio set's time in seconds; null for a set of reps, or when only its distance was given. */
  duration_s: z.number().nullable().default(null),
  /** A cardio set's distance in metres; null for a set of reps, or when only its time was given. */
  distance_m: z.number().nullable().default(null),
  /** Null when not given. */
  rpe: z.number().nullable(),
  /**
   * A personal record: heavier than every earlier set of that exercise with at least one
   * rep (earlier sessions, and earlier sets of this session). Never on the first session
   * of an exercise: there is nothing to beat yet (decision 059).
   */
  record: z.boolean(),
});
export type WorkoutSet = z.infer<typeof workoutSetSchema>;

/** A set as it was done the last time: what the logger shows beside each set. */
export const previousSetSchema = z.object({
  reps: z.number(),
  weight_kg: z.number(),
  duration_s: z.number().nullable().default(null),
  distance_m: z.number().nullable().default(null),
  rpe: z.number().nullable(),
});
export type PreviousSet = z.infer<typeof previousSetSchema>;
/**
 * What the trainee's program prescribed for an exercise of a session started from it
 * (decision 058); null for exercises added by hand. A cardio exercise is prescribed by time
 * and distance: one block, no reps or load (decision 079). Documents saved before then have
 * no cardio fields, and read as strength ones.
 */
export const workoutPrescriptionSchema = z.object({
  sets: z.number(),
  /** Null for cardio. */
  reps_min: z.number().nullable(),
  /** Null for cardio. */
  reps_max: z.number().nullable(),
  load_kg: z.number().nullable(),
  rpe: z.number().nullable(),
  rest_s: z.number(),
  notes: z.string(),
  /** Cardio: the time in whole minutes; null when not prescribed. */
  duration_min: z.number().nullable().default(null),
  /** Cardio: the distance in km; null when not prescribed. */
  distance_km: z.number().nullable().default(null),
  /** Cardio: the intensity in the trainer's words; '' when none. */
  intensity: z.string().default(''),
});
export type WorkoutPrescription = z.infer<typeof workoutPrescriptionSchema>;

export const workoutExerciseSchema = z.object({
  id,
  exercise: exerciseSchema,
  sets: z.array(workoutSetSchema),
  /** The person's notes on this exercise in this session; '' when none. */
  notes: z.string(),
  /** The sets of the most recent earlier session with this exercise; [] the first time. */
  last_time: z.array(previousSetSchema),
  prescription: workoutPrescriptionSchema.nullable().default(null),
});
export type WorkoutExercise = z.infer<typeof workoutExerciseSchema>;

export const workoutSchema = z.object({
  id,
  date: z.string(),
  name: z.string(),
  /** The routine of the trainee's program it was started from; null for a free session. */
  routine_id: id.nullable().default(null),
  exercises: z.array(workoutExerciseSchema),
});
export type Workout = z.infer<typeof workoutSchema>;

export const workoutInputSchema = z.strictObject({
  id: clientIdSchema,
  date: localDateSchema,
  name: text('El nombre', { max: 100 }).default(''),
  /**
   * Starts the session the trainee's program plans that day from this routine: named after
   * it, with its exercises and their prescription. Once a day: a second call answers the
   * session already started.
   */
  routine_id: z.uuid({ error: 'La rutina no es válida' }).optional(),
  /**
   * With `routine_id`: the identifiers the app chose for the session's exercises, each with
   * the routine's exercise it is for (the n-th of an exercise for its n-th time in the
   * routine), so that sets logged before the API answers can name them (decision 077).
   */
  exercises: z
    .array(z.strictObject({ id, exercise_id: id }), {
      error: 'Los ejercicios deben ser una lista',
    })
    .max(MAX_EXERCISES_PER_WORKOUT, {
      error: `Una sesión admite como máximo ${String(MAX_EXERCISES_PER_WORKOUT)} ejercicios`,
    })
    .optional(),
});
export const workoutUpdateSchema = z.strictObject({
  name: text('El nombre', { max: 100 }),
});
export const workoutExerciseInputSchema = z.strictObject({ id: clientIdSchema, exercise_id: id });
export const workoutExerciseUpdateSchema = z.strictObject({
  notes: text('Las notas', { max: MAX_EXERCISE_NOTES, lines: 'several' }),
});
export const rpeSchema = z
  .number({ error: 'El RPE debe ser un número entre 6 y 10' })
  .refine((value) => (RPE_VALUES as readonly number[]).includes(value), {
    error: 'El RPE va de 6 a 10, en medios puntos',
  });
/** A set's reps: a whole number from 1 to 1000. */
export const repsSchema = numberUpTo(
  'Las repeticiones',
  1000,
  { integer: true },
  { holds: (value) => value >= 1, message: 'Una serie necesita al menos 1 repetición' },
);
const weightSchema = numberUpTo('El peso', MAX_SET_KG, { unit: 'kg' });
/** A cardio set's time, in whole seconds; empty or 0 is "not given". */
const durationSchema = numberUpTo('El tiempo', MAX_SET_SECONDS, { integer: true });
/** A cardio set's distance, in metres; empty or 0 is "not given". */
const distanceSchema = numberUpTo('La distancia', MAX_SET_METRES, { unit: 'm' });

/**
 * A set is either reps × kg or, for cardio, time and distance (decision 074):
 * - reps × kg: at least one rep (a set without reps was not done: 0 × 0 and 0 reps with a
 *   load are refused); 0 kg is a bodyweight set (decision 059);
 * - cardio: its time, its distance or both; one with neither was not done, like 0 × 0.
 * RPE is optional for both. Whether the exercise takes the kind sent is checked against
 * the exercise. What comes out is the set as stored: reps and kg 0 for cardio, time and
 * distance null when not given.
 */
export const workoutSetInputSchema = z
  .strictObject({
    /** Only when adding a set: the identifier the app chose for it. */
    id: clientIdSchema,
    reps: repsSchema.optional(),
    weight_kg: weightSchema.optional(),
    duration_s: durationSchema.optional(),
    distance_m: distanceSchema.optional(),
    rpe: rpeSchema.nullable().default(null),
  })
  .superRefine((set, ctx) => {
    const cardio = set.duration_s !== undefined || set.distance_m !== undefined;
    if (cardio && (set.reps !== undefined || set.weight_kg !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Una serie lleva repeticiones y peso, o tiempo y distancia, no ambas cosas',
        path: ['reps'],
      });
    } else if (cardio && !(set.duration_s || set.distance_m)) {
      ctx.addIssue({
        code: 'custom',
        message: 'Una serie de cardio necesita el tiempo o la distancia',
        path: ['duration_s'],
      });
    } else if (!cardio && set.reps === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: 'Una serie necesita al menos 1 repetición',
        path: ['reps'],
      });
    } else if (!cardio && set.weight_kg === undefined) {
      ctx.addIssue({ code: 'custom', message: m.number('El peso'), path: ['weight_kg'] });
    }
  })
  .transform((set) => {
    const cardio = set.duration_s !== undefined || set.distance_m !== undefined;
    return {
      id: set.id,
      cardio,
      reps: cardio ? 0 : (set.reps ?? 0),
      weight_kg: cardio ? 0 : (set.weight_kg ?? 0),
      duration_s: cardio && set.duration_s ? set.duration_s : null,
      distance_m: cardio && set.distance_m ? set.distance_m : null,
      rpe: set.rpe,
    };
  });
export type WorkoutSetInput = z.input<typeof workoutSetInputSchema>;
/** A set as the schema gives it: what the API's services take. */
export type WorkoutSetValues = z.output<typeof workoutSetInputSchema>;

// --- The day --------------------------------------------------------------------------

/** What the person aims for each day; null until their targets are known. */
export const dailyTargetsSchema = nutrientsSchema.extend({ water_ml: z.number() });
export type DailyTargets = z.infer<typeof dailyTargetsSchema>;

export const diaryMealSchema = z.object({
  meal: z.enum(MEALS),
  entries: z.array(diaryEntrySchema),
  totals: nutrientsSchema,
});
export type DiaryMeal = z.infer<typeof diaryMealSchema>;

/**
 * One day of the diary. Energy is in whole kcal and nutrients in whole grams, rounded so
 * that entries add up to their meal's totals and meals to the day's.
 */
export const diaryDaySchema = z.object({
  date: z.string(),
  meals: z.array(diaryMealSchema),
  totals: nutrientsSchema,
  targets: dailyTargetsSchema.nullable(),
  water_ml: z.number(),
  notes: z.string(),
  /** The person's mark of how fully they logged the day; null when unmarked. */
  completeness_marked: z.enum(DAY_COMPLETENESS).nullable(),
  /** How the day counts: the mark, or what its energy says (`dayCompleteness`). */
  completeness: z.enum(DAY_COMPLETENESS),
  workouts: z.array(workoutSchema),
});
export type DiaryDay = z.infer<typeof diaryDaySchema>;

/** A copy's answer: the day copied to, and the entries the copy made there (for an undo). */
export const diaryCopyResultSchema = diaryDaySchema.extend({
  copied_entry_ids: z.array(z.string()),
});
export type DiaryCopyResult = z.infer<typeof diaryCopyResultSchema>;

export const waterSchema = z.object({ date: z.string(), water_ml: z.number() });
export const notesSchema = z.object({ date: z.string(), notes: z.string() });
export const completenessSchema = z.object({
  date: z.string(),
  completeness_marked: z.enum(DAY_COMPLETENESS).nullable(),
});

import { z } from 'zod';
import { MAX_EXERCISES_PER_ROUTINE, MAX_ROUTINES_PER_PROGRAM } from '../constants';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '../training-plan';
import { dateTime, id, oneOf, requiredText, text } from './common';
import {
  EQUIPMENT,
  exerciseSchema,
  MAX_SET_KG,
  MUSCLE_GROUPS,
  workoutPrescriptionSchema,
} from './diary';
import { validationMessages as m } from './messages';
import { formatSpanishNumber } from './onboarding';
import { localDateSchema } from './quantities';
import { milesToKm, rangeIn, roundTo, type MetricSystem } from '../units';

/** Bounds of one exercise's prescription in a routine. */
export const PRESCRIPTION_LIMITS = {
  sets: { min: 1, max: 10 },
  reps: { min: 1, max: 100 },
  rpe: { min: 1, max: 10 },
  rest_s: { min: 0, max: 900 },
  notes: 300,
  /** A cardio exercise's time, in whole minutes (decision 079). */
  duration_min: { min: 1, max: 600 },
  /** A cardio exercise's distance, in km, kept to the metre (decision 079). */
  distance_km: { min: 0.1, max: 300 },
  /** A cardio exercise's intensity, in the trainer's words ("zona 2", "ritmo suave"). */
  intensity: 60,
} as const;

/** The rest between sets when the trainer leaves it out: 90 s, and none for cardio. */
const DEFAULT_REST_S = 90;

function integerBetween(field: string, min: number, max: number, unit = '') {
  return z
    .number({ error: m.number(field) })
    .refine((value) => Number.isFinite(value), { error: m.number(field) })
    .refine((value) => Number.isInteger(value), { error: m.integer(field) })
    .refine((value) => value >= min && value <= max, {
      error: m.between(field, String(min), `${String(max)}${unit}`),
    });
}

const loadSchema = z
  .number({ error: m.number('La carga') })
  .refine((value) => Number.isFinite(value) && value >= 0, {
    error: m.positiveNumber('La carga'),
  })
  .refine((value) => value <= MAX_SET_KG, { error: m.atMost('La carga', `${MAX_SET_KG} kg`) });

const rpeSchema = z
  .number({ error: m.number('El RPE') })
  .refine((value) => Number.isFinite(value), { error: m.number('El RPE') })
  .refine((value) => value >= PRESCRIPTION_LIMITS.rpe.min && value <= PRESCRIPTION_LIMITS.rpe.max, {
    error: m.between('El RPE', '1', '10'),
  })
  .refine((value) => Number.isInteger(value * 2), {
    error: 'El RPE va de medio en medio punto (7, 7,5, 8…)',
  });

const { duration_min, distance_km } = PRESCRIPTION_LIMITS;

const durationSchema = integerBetween(
  'La duración',
  duration_min.min,
  duration_min.max,
  ' minutos',
);

/**
 * A cardio distance, in km, within bounds stated in the unit the person types: 0,1–300 km,
 * or for imperial the tenths of a mile inside them, 0,1–186,4 mi (`rangeIn`). The builder
 * sends the miles typed in km, kept to the metre, so the bounds in miles are checked as it
 * sends them: 186,4 mi (299,982 km) is taken and 186,5 mi is refused in miles.
 */
function distanceSchemaIn(system: MetricSystem) {
  const range = rangeIn(distance_km, 'distance', system, 1);
  const sent = (value: number) => (system === 'metric' ? value : roundTo(milesToKm(value), 3));
  const [min, max] = [sent(range.min), sent(range.max)];
  return z
    .number({ error: m.number('La distancia') })
    .refine((value) => Number.isFinite(value), { error: m.number('La distancia') })
    .refine((value) => value >= min && value <= max, {
      // "0,1 y 300 km": the builder and its messages write decimals the Spanish way.
      error: m.between(
        'La distancia',
        formatSpanishNumber(range.min),
        `${formatSpanishNumber(range.max)} ${range.unit}`,
      ),
    });
}

/**
 * What a trainer prescribes for one exercise: sets, reps or a range of reps, a load in kg or
 * a target RPE (either or neither), the rest between sets and notes; for cardio, a time, a
 * distance or both, and an intensity, in place of sets, reps and load (decision 079).
 */
export const prescriptionSchema = workoutPrescriptionSchema;
export type Prescription = z.infer<typeof prescriptionSchema>;

/** Whether a prescription is a cardio one: it has a time or a distance. */
export function isCardioPrescription(prescription: {
  duration_min: number | null;
  distance_km: number | null;
}): boolean {
  return prescription.duration_min !== null || prescription.distance_km !== null;
}

const { sets, reps, rest_s } = PRESCRIPTION_LIMITS;

/**
 * Every field is optional here: which ones a prescription needs depends on its kind, which
 * `checkPrescription` tells from what was sent. The distance's bounds are stated in the
 * unit the person types (`distanceSchemaIn`).
 */
function prescriptionShapeIn(system: MetricSystem) {
  return {
    sets: integerBetween('Las series', sets.min, sets.max).optional(),
    reps_min: integerBetween('Las repeticiones mínimas', reps.min, reps.max).optional(),
    reps_max: integerBetween('Las repeticiones máximas', reps.min, reps.max).optional(),
    load_kg: loadSchema.nullable().optional(),
    rpe: rpeSchema.nullable().optional(),
    rest_s: integerBetween('El descanso', rest_s.min, rest_s.max).optional(),
    notes: text('Las notas del ejercicio', {
      max: PRESCRIPTION_LIMITS.notes,
      lines: 'several',
    }).default(''),
    duration_min: durationSchema.nullable().optional(),
    distance_km: distanceSchemaIn(system).nullable().optional(),
    intensity: text('La intensidad', { max: PRESCRIPTION_LIMITS.intensity }).optional(),
  };
}

const prescriptionShape = prescriptionShapeIn('metric');

type PrescriptionShape = z.output<z.ZodObject<typeof prescriptionShape>>;

/** A prescription is cardio when it sends a time or a distance, even an empty one. */
function sentAsCardio(value: PrescriptionShape): boolean {
  return value.duration_min !== undefined || value.distance_km !== undefined;
}

const strengthOnly = ['sets', 'reps_min', 'reps_max', 'load_kg', 'rpe'] as const;

function checkPrescription(value: PrescriptionShape, ctx: z.RefinementCtx) {
  if (sentAsCardio(value)) {
    const strength = strengthOnly.find((key) => value[key] !== undefined && value[key] !== null);
    if (strength) {
      ctx.addIssue({
        code: 'custom',
        path: [strength],
        message:
          'El cardio se prescribe con duración o distancia: sin series, repeticiones, carga ni RPE',
      });
    } else if (value.duration_min == null && value.distance_km == null) {
      ctx.addIssue({
        code: 'custom',
        path: ['duration_min'],
        message: 'Indica la duración, la distancia o las dos',
      });
    }
    return;
  }
  if (value.intensity?.trim()) {
    ctx.addIssue({
      code: 'custom',
      path: ['intensity'],
      message: 'La intensidad es para el cardio: en los demás ejercicios, indica la carga o el RPE',
    });
  }
  for (const [key, field] of [
    ['sets', 'Las series'],
    ['reps_min', 'Las repeticiones mínimas'],
    ['reps_max', 'Las repeticiones máximas'],
  ] as const) {
    if (value[key] === undefined) {
      ctx.addIssue({ code: 'custom', path: [key], message: m.number(field) });
    }
  }
  if (
    value.reps_min !== undefined &&
    value.reps_max !== undefined &&
    value.reps_max < value.reps_min
  ) {
    ctx.addIssue({
      code: 'custom',
      path: ['reps_max'],
      message: 'Las repeticiones máximas no pueden ser menos que las mínimas',
    });
  }
  if (value.load_kg != null && value.rpe != null) {
    ctx.addIssue({
      code: 'custom',
      path: ['rpe'],
      message: 'Indica la carga o el RPE, no los dos',
    });
  }
}

/**
 * A checked prescription as stored and answered: a strength one with its sets, reps, load or
 * RPE and rest; a cardio one as one block of time and distance (distance to the metre), no
 * reps, load or RPE, and no rest unless given.
 */
export function storedPrescription(value: PrescriptionShape): Prescription {
  if (sentAsCardio(value)) {
    return {
      sets: 1,
      reps_min: null,
      reps_max: null,
      load_kg: null,
      rpe: null,
      rest_s: value.rest_s ?? 0,
      notes: value.notes,
      duration_min: value.duration_min ?? null,
      distance_km: value.distance_km == null ? null : Math.round(value.distance_km * 1000) / 1000,
      intensity: value.intensity?.trim() ?? '',
    };
  }
  return {
    sets: value.sets ?? sets.min,
    reps_min: value.reps_min ?? reps.min,
    reps_max: value.reps_max ?? reps.min,
    load_kg: value.load_kg ?? null,
    rpe: value.rpe ?? null,
    rest_s: value.rest_s ?? DEFAULT_REST_S,
    notes: value.notes,
    duration_min: null,
    distance_km: null,
    intensity: '',
  };
}

export const prescriptionInputSchema = z
  .strictObject(prescriptionShape)
  .superRefine(checkPrescription);

function routineExerciseInputSchemaOf(shape: typeof prescriptionShape) {
  return z
    .strictObject({
      exercise_id: z.uuid({ error: 'El ejercicio no es válido' }),
      ...shape,
    })
    .superRefine(checkPrescription);
}

export const routineExerciseInputSchema = routineExerciseInputSchemaOf(prescriptionShape);
export type RoutineExerciseInput = z.input<typeof routineExerciseInputSchema>;

const weekdaySchema = z
  .number({ error: m.oneOf('El día de la semana', WEEKDAYS.map(String)) })
  .refine((value): value is Weekday => (WEEKDAYS as readonly number[]).includes(value), {
    error: m.oneOf('El día de la semana', WEEKDAYS.map(String)),
  });

function routineInputSchemaOf(exercise: typeof routineExerciseInputSchema) {
  return z.strictObject({
    /** The routine's id when it is already saved: workouts started from it keep pointing at it. */
    id: id.optional(),
    name: requiredText('El nombre de la rutina', { max: 60 }),
    weekdays: z
      .array(weekdaySchema, { error: 'Los días de la semana deben ser una lista' })
      .min(1, { error: 'Elige al menos un día de la semana para la rutina' })
      .max(7, { error: 'Una semana tiene 7 días' })
      .refine((days) => new Set(days).size === days.length, {
        error: 'Un día de la semana aparece dos veces en la rutina',
      }),
    exercises: z
      .array(exercise, { error: 'Los ejercicios deben ser una lista' })
      .max(MAX_EXERCISES_PER_ROUTINE, {
        error: `Una rutina admite como máximo ${MAX_EXERCISES_PER_ROUTINE} ejercicios`,
      }),
  });
}

export const routineInputSchema = routineInputSchemaOf(routineExerciseInputSchema);
export type RoutineInput = z.input<typeof routineInputSchema>;

function programInputSchemaOf(routine: typeof routineInputSchema) {
  return z
    .strictObject({
      name: requiredText('El nombre del programa', { max: 80 }),
      notes: text('Las notas del programa', { max: 2000, lines: 'several' }).default(''),
      routines: z
        .array(routine, { error: 'Las rutinas deben ser una lista' })
        .max(MAX_ROUTINES_PER_PROGRAM, {
          error: `Un programa admite como máximo ${MAX_ROUTINES_PER_PROGRAM} rutinas`,
        })
        .default([]),
    })
    .superRefine((value, ctx) => {
      const seen = new Map<number, number>();
      value.routines.forEach((routine, index) => {
        for (const day of routine.weekdays) {
          if (seen.has(day)) {
            ctx.addIssue({
              code: 'custom',
              path: ['routines', index, 'weekdays'],
              message: `El ${WEEKDAY_LABELS[day].toLowerCase()} ya tiene otra rutina: cada día lleva una como mucho`,
            });
          }
          seen.set(day, index);
        }
      });
      const ids = value.routines.flatMap((routine) => (routine.id ? [routine.id] : []));
      if (new Set(ids).size !== ids.length) {
        ctx.addIssue({
          code: 'custom',
          path: ['routines'],
          message: 'Una rutina aparece dos veces',
        });
      }
    });
}

/** A whole program, as the builder saves it: name, notes and every routine in order. */
export const programInputSchema = programInputSchemaOf(routineInputSchema);

let imperialProgramInputSchema: typeof programInputSchema | undefined;

/**
 * The program schema whose messages speak the unit the person types: for imperial, a cardio
 * distance's bounds in miles (the values are still in km, as the builder sends them). Built
 * the first time a builder asks for it; the API checks with `programInputSchema`.
 */
export function programInputSchemaIn(system: MetricSystem): typeof programInputSchema {
  if (system === 'metric') return programInputSchema;
  imperialProgramInputSchema ??= programInputSchemaOf(
    routineInputSchemaOf(routineExerciseInputSchemaOf(prescriptionShapeIn('imperial'))),
  );
  return imperialProgramInputSchema;
}

export type ProgramInput = z.input<typeof programInputSchema>;

/** A program to start from: just its name (the routines come with the builder). */
export const programCreateSchema = z.strictObject({
  name: requiredText('El nombre del programa', { max: 80 }),
  notes: text('Las notas del programa', { max: 2000, lines: 'several' }).default(''),
});

export const routineExerciseSchema = prescriptionSchema.extend({ exercise: exerciseSchema });
export type RoutineExercise = z.infer<typeof routineExerciseSchema>;

export const routineSchema = z.object({
  id,
  name: z.string(),
  weekdays: z.array(z.number()),
  exercises: z.array(routineExerciseSchema),
});
export type Routine = z.infer<typeof routineSchema>;

/**
 * Calendar days in answers are named `…_on` (`starts_on`): `start_date` names a moment
 * elsewhere in the API (decision 049). The assignment's input keeps `start_date`.
 */
export const programAssigneeSchema = z.object({
  id,
  first_name: z.string(),
  last_name: z.string(),
  starts_on: z.string(),
});
export type ProgramAssignee = z.infer<typeof programAssigneeSchema>;

export const programSchema = z.object({
  id,
  name: z.string(),
  notes: z.string(),
  routines: z.array(routineSchema),
  /** The trainer's trainees following it now, with the day each started. */
  trainees: z.array(programAssigneeSchema),
  updated_at: dateTime,
});
export type Program = z.infer<typeof programSchema>;

export const programSummarySchema = z.object({
  id,
  name: z.string(),
  routines: z.number(),
  /** The weekdays with a routine, in order. */
  weekdays: z.array(z.number()),
  trainees: z.number(),
  updated_at: dateTime,
});
export type ProgramSummary = z.infer<typeof programSummarySchema>;
export const programListSchema = z.array(programSummarySchema);

// ---- Assignment ----

export const programAssignmentInputSchema = z.strictObject({
  program_id: z.uuid({ error: 'El programa no es válido' }),
  start_date: localDateSchema,
});
export type ProgramAssignmentInput = z.input<typeof programAssignmentInputSchema>;

export const programAssignmentSchema = z.object({
  trainee_id: id,
  program_id: id,
  starts_on: z.string(),
});
export type ProgramAssignment = z.infer<typeof programAssignmentSchema>;

// ---- The trainer's own exercises ----

export const ownExerciseInputSchema = z.strictObject({
  name: requiredText('El nombre del ejercicio', { max: 80 }),
  muscle_group: oneOf('El grupo muscular', MUSCLE_GROUPS),
  equipment: oneOf('El material', EQUIPMENT),
});
export type OwnExerciseInput = z.input<typeof ownExerciseInputSchema>;

/** What the builder picks from: the library and the trainer's own exercises. */
export const trainerExercisesSchema = z.object({
  library: z.array(exerciseSchema),
  own: z.array(exerciseSchema),
});
export type TrainerExercises = z.infer<typeof trainerExercisesSchema>;

// ---- The trainee's plan ----

export const planQuerySchema = z.strictObject({ date: localDateSchema });

/** The session a trainee's program plans on a day. */
export const plannedSessionSchema = z.object({
  date: z.string(),
  program: z.object({ id, name: z.string() }),
  routine: routineSchema,
  /** The workout already started from it that day, if any. */
  workout_id: id.nullable(),
});
export type PlannedSession = z.infer<typeof plannedSessionSchema>;
export const trainingPlanSchema = plannedSessionSchema.nullable();

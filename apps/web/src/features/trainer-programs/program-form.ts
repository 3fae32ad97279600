import { z } from 'zod';
import { isCardio } from '@forja/shared/schemas/diary';
import type { Program, ProgramInput } from '@forja/shared/schemas/programs';
import { programInputSchemaIn } from '@forja/shared/schemas/programs';
import { kmToMiles, milesToKm, roundTo, type MetricSystem } from '@forja/shared/units';
import { parseNumberInput } from '#lib/number-input';

/**
 * One exercise of a routine as the builder holds it: number boxes are text. A cardio one
 * is prescribed by its duration, distance and intensity; any other by sets, reps, load or
 * RPE and rest (decision 079). Both keep notes.
 */
export interface ExerciseRow {
  exercise_id: string;
  /** Shown only; not sent. */
  name: string;
  /** Whether the exercise is cardio (its group); not sent. */
  cardio: boolean;
  sets: string;
  /** "8" or a range, "8-12". */
  reps: string;
  load_kg: string;
  rpe: string;
  rest_s: string;
  notes: string;
  /** Cardio: whole minutes. */
  duration_min: string;
  /** Cardio: in km, or in miles for a trainer who uses imperial units. */
  distance: string;
  intensity: string;
}

export interface RoutineRow {
  /** Set once the routine is saved: sessions started from it keep pointing at it. */
  id: string;
  name: string;
  weekdays: number[];
  exercises: ExerciseRow[];
}

export interface ProgramForm {
  name: string;
  notes: string;
  routines: RoutineRow[];
}

const boxText = (value: number | null) => (value === null ? '' : String(value).replace('.', ','));

/** A distance in km as the trainer reads it: km, or miles to two decimals in imperial. */
export function distanceText(km: number | null, system: MetricSystem): string {
  if (km === null) return '';
  return boxText(system === 'imperial' ? roundTo(kmToMiles(km), 2) : km);
}

/** The unit the builder's distance box is in. */
export const distanceUnit = (system: MetricSystem) => (system === 'imperial' ? 'mi' : 'km');

/** A new row for an exercise picked in the builder: 3 × 8-12, or 30 minutes of cardio. */
export function newRow(exercise: Program['routines'][number]['exercises'][number]['exercise']) {
  return {
    exercise_id: exercise.id,
    name: exercise.name,
    cardio: isCardio(exercise),
    sets: '3',
    reps: '8-12',
    load_kg: '',
    rpe: '',
    rest_s: '90',
    notes: '',
    duration_min: isCardio(exercise) ? '30' : '',
    distance: '',
    intensity: '',
  } satisfies ExerciseRow;
}

export function formOf(program: Program, system: MetricSystem = 'metric'): ProgramForm {
  return {
    name: program.name,
    notes: program.notes,
    routines: program.routines.map((routine) => ({
      id: routine.id,
      name: routine.name,
      weekdays: routine.weekdays,
      exercises: routine.exercises.map((item) => ({
        exercise_id: item.exercise.id,
        name: item.exercise.name,
        cardio: isCardio(item.exercise),
        sets: String(item.sets),
        reps:
          item.reps_min === null
            ? ''
            : item.reps_min === item.reps_max
              ? String(item.reps_min)
              : `${String(item.reps_min)}-${String(item.reps_max ?? item.reps_min)}`,
        load_kg: boxText(item.load_kg),
        rpe: boxText(item.rpe),
        rest_s: String(item.rest_s),
        notes: item.notes,
        duration_min: boxText(item.duration_min),
        distance: distanceText(item.distance_km, system),
        intensity: item.intensity,
      })),
    })),
  };
}

/** An empty box is "none" for the load and the RPE; otherwise a number box. */
const optionalBox = (text: string) => (text.trim() === '' ? null : parseNumberInput(text));

/** "8" is 8 to 8, "8-12" (or "8–12", "8 a 12") is 8 to 12; anything else reaches the schema as it is. */
export function repsOf(text: string): { reps_min: unknown; reps_max: unknown } {
  const range = /^\s*(\d+)\s*(?:(?:-|–|a)\s*(\d+))?\s*$/.exec(text);
  if (!range) {
    const value = parseNumberInput(text);
    return { reps_min: value, reps_max: value };
  }
  const min = Number(range[1]);
  return { reps_min: min, reps_max: range[2] === undefined ? min : Number(range[2]) };
}

/** A distance box's text in km, kept to the metre; text that is no number stays as it is. */
function distanceKm(text: string, system: MetricSystem): unknown {
  const value = optionalBox(text);
  if (typeof value !== 'number' || system === 'metric') return value;
  return roundTo(milesToKm(value), 3);
}

/** The program the server takes, from what the builder holds. */
export function inputOf(values: ProgramForm, system: MetricSystem = 'metric'): ProgramInput {
  return {
    name: values.name,
    notes: values.notes,
    routines: values.routines.map((routine) => ({
      ...(routine.id ? { id: routine.id } : {}),
      name: routine.name,
      weekdays: routine.weekdays,
      exercises: routine.exercises.map((item) =>
        item.cardio
          ? {
              exercise_id: item.exercise_id,
              duration_min: optionalBox(item.duration_min),
              distance_km: distanceKm(item.distance, system),
              intensity: item.intensity,
              notes: item.notes,
            }
          : {
              exercise_id: item.exercise_id,
              sets: parseNumberInput(item.sets),
              ...repsOf(item.reps),
              load_kg: optionalBox(item.load_kg),
              rpe: optionalBox(item.rpe),
              rest_s: parseNumberInput(item.rest_s),
              notes: item.notes,
            },
      ),
    })),
  } as ProgramInput;
}

/**
 * The shared program schema, fed by the builder's values in the trainer's units; its
 * messages state a distance's bounds in them too (0,1–186,4 mi).
 */
export function programFormSchema(system: MetricSystem) {
  return z.preprocess(
    (values: ProgramForm) => inputOf(values, system),
    programInputSchemaIn(system),
  );
}

import { z } from 'zod';
import type { Program, ProgramInput } from '@forja/shared/schemas/programs';
import { programInputSchema } from '@forja/shared/schemas/programs';
import { parseNumberInput } from '../../lib/number-input';

/** One exercise of a routine as the builder holds it: number boxes are text. */
export interface ExerciseRow {
  exercise_id: string;
  /** Shown only; not sent. */
  name: string;
  sets: string;
  /** "8" or a range, "8-12". */
  reps: string;
  load_kg: string;
  rpe: string;
  rest_s: string;
  notes: string;
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

export function formOf(program: Program): ProgramForm {
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
        sets: String(item.sets),
        reps:
          item.reps_min === item.reps_max
            ? String(item.reps_min)
            : `${String(item.reps_min)}-${String(item.reps_max)}`,
        load_kg: boxText(item.load_kg),
        rpe: boxText(item.rpe),
        rest_s: String(item.rest_s),
        notes: item.notes,
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

/** The program the server takes, from what the builder holds. */
export function inputOf(values: ProgramForm): ProgramInput {
  return {
    name: values.name,
    notes: values.notes,
    routines: values.routines.map((routine) => ({
      ...(routine.id ? { id: routine.id } : {}),
      name: routine.name,
      weekdays: routine.weekdays,
      exercises: routine.exercises.map((item) => ({
        exercise_id: item.exercise_id,
        sets: parseNumberInput(item.sets),
        ...repsOf(item.reps),
        load_kg: optionalBox(item.load_kg),
        rpe: optionalBox(item.rpe),
        rest_s: parseNumberInput(item.rest_s),
        notes: item.notes,
      })),
    })),
  } as ProgramInput;
}

/** The shared program schema, fed by the builder's values. */
export const programFormSchema = z.preprocess(
  (values: ProgramForm) => inputOf(values),
  programInputSchema,
);

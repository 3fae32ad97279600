import type { PreviousSet, WorkoutExercise } from '@forja/shared/schemas/diary';

/** A set the logger offers to confirm: values to save as they are, or to edit first. */
export interface DraftSet {
  reps: number | null;
  weight_kg: number | null;
  rpe: number | null;
  /** The set of last time it stands for, shown beside it; null when there is none. */
  previous: PreviousSet | null;
}

/**
 * The rows still to confirm for an exercise of a session (decision 059). Last time's sets
 * after the ones already logged, each prefilled with what was done then; once those are
 * done (or without a last time), one row like the last set logged today, or an empty row
 * when there is none. Prescriptions of a program will come in here too.
 */
export function prefillSets(
  exercise: Pick<WorkoutExercise, 'sets'>,
  lastTime: readonly PreviousSet[],
): DraftSet[] {
  const logged = exercise.sets.length;
  const pending = lastTime.slice(logged).map((previous) => ({
    reps: previous.reps,
    weight_kg: previous.weight_kg,
    rpe: null,
    previous,
  }));
  if (pending.length > 0) return pending;
  const last = exercise.sets.at(-1);
  return [
    last
      ? { reps: last.reps, weight_kg: last.weight_kg, rpe: null, previous: null }
      : { reps: null, weight_kg: null, rpe: null, previous: null },
  ];
}

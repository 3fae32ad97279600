import {
  RPE_VALUES,
  type PreviousSet,
  type WorkoutExercise,
  type WorkoutPrescription,
} from '@forja/shared/schemas/diary';

/** A set the logger offers to confirm: values to save as they are, or to edit first. */
export interface DraftSet {
  reps: number | null;
  weight_kg: number | null;
  /** A cardio set's time and distance; null for reps × kg, or when not given. */
  duration_s: number | null;
  distance_m: number | null;
  rpe: number | null;
  /** The set of last time it stands for, shown beside it; null when there is none. */
  previous: PreviousSet | null;
}

/** The prescribed RPE as a set can carry it (6 to 10 in halves); null below or between. */
function setRpe(prescription: WorkoutPrescription): number | null {
  const { rpe } = prescription;
  return rpe !== null && (RPE_VALUES as readonly number[]).includes(rpe) ? rpe : null;
}

/**
 * The rows still to confirm for an exercise of a session (decisions 058, 059).
 *
 * Started from the trainee's program: the prescribed sets not yet logged, each with last
 * time's load for that set (else the prescribed load) and last time's reps kept within the
 * prescribed range (else its top), and the prescribed RPE; for cardio, one block with the
 * prescribed time and distance. Without a prescription: last
 * time's sets after the ones already logged, each as it was done then. Once those are done
 * (or with neither), one row like the last set logged today, or an empty row.
 */
export function prefillSets(
  exercise: Pick<WorkoutExercise, 'sets'> & { prescription?: WorkoutPrescription | null },
  lastTime: readonly PreviousSet[],
): DraftSet[] {
  const logged = exercise.sets.length;
  const { prescription } = exercise;
  if (prescription && logged < prescription.sets) {
    const { reps_min, reps_max } = prescription;
    if (reps_min === null || reps_max === null) {
      // Cardio (decision 079): the prescribed time and distance, to confirm or correct.
      return [
        {
          reps: null,
          weight_kg: null,
          duration_s: prescription.duration_min === null ? null : prescription.duration_min * 60,
          distance_m:
            prescription.distance_km === null ? null : Math.round(prescription.distance_km * 1000),
          rpe: null,
          previous: lastTime[logged] ?? null,
        },
      ];
    }
    return Array.from({ length: prescription.sets - logged }, (_, index) => {
      const previous = lastTime[logged + index] ?? null;
      const reps = previous ? Math.min(reps_max, Math.max(reps_min, previous.reps)) : reps_max;
      return {
        reps,
        weight_kg: previous?.weight_kg ?? prescription.load_kg,
        duration_s: previous?.duration_s ?? null,
        distance_m: previous?.distance_m ?? null,
        rpe: setRpe(prescription),
        previous,
      };
    });
  }
  const pending = lastTime.slice(logged).map((previous) => ({
    reps: previous.reps,
    weight_kg: previous.weight_kg,
    duration_s: previous.duration_s,
    distance_m: previous.distance_m,
    rpe: null,
    previous,
  }));
  if (pending.length > 0) return pending;
  const last = exercise.sets.at(-1);
  return [
    last
      ? {
          reps: last.reps,
          weight_kg: last.weight_kg,
          duration_s: last.duration_s,
          distance_m: last.distance_m,
          rpe: null,
          previous: null,
        }
      : {
          reps: null,
          weight_kg: null,
          duration_s: null,
          distance_m: null,
          rpe: null,
          previous: null,
        },
  ];
}

import type { Targets } from '@forja/shared/schemas/targets';

/**
 * The line that tells a trainee their trainer set their energy target, or null when the
 * formula did. Below the BMR it says so plainly: it is the trainer's call, not an alarm.
 */
export function trainerTargetLine(targets: Targets): string | null {
  if (!targets.notes.includes('set_by_trainer')) return null;
  return targets.energy_kcal < targets.bmr_kcal
    ? 'Tu entrenador ha fijado tu objetivo de energía, por debajo de tu metabolismo basal.'
    : 'Tu entrenador ha fijado tu objetivo de energía.';
}

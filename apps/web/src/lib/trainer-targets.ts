import type { Targets } from '@forja/shared/schemas/targets';

/**
 * The line that tells a trainee their trainer set their energy target, or null when the
 * formula did. Below the formula's floor it stays neutral and gives no figures (decision
 * 063): it is the trainer's call, confirmed on their side, not an alarm.
 */
export function trainerTargetLine(targets: Targets): string | null {
  if (!targets.notes.includes('set_by_trainer')) return null;
  return targets.energy_kcal < targets.energy_floor_kcal
    ? 'Tu entrenador ha ajustado tu objetivo de energía.'
    : 'Tu entrenador ha fijado tu objetivo de energía.';
}

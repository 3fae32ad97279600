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

/**
 * The line that tells a trainee their energy target is a weekly adjustment they accepted,
 * from their expenditure as their own data show it (decision 066), or null.
 */
export function adaptedTargetLine(targets: Targets): string | null {
  return targets.notes.includes('adapted_to_expenditure')
    ? 'Tu objetivo de energía está ajustado a tu gasto real: es el ajuste semanal que aceptaste.'
    : null;
}

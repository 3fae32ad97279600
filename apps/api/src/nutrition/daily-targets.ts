import type { DailyTargets } from '@forja/shared/schemas/diary';
import type { OnboardingAnswers } from '@forja/shared/schemas/onboarding';
import type { Targets } from '@forja/shared/schemas/targets';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { AppError } from '#http/app-error';
import type { PrescribedTargets } from './targets.formulas';
import { getTargets, NO_TARGET_BASIS, targetsOf, type TargetBasis } from './targets';

function dailyOf(targets: Targets): DailyTargets {
  return {
    kcal: targets.energy_kcal,
    protein_g: targets.protein_g,
    carbohydrate_g: targets.carbohydrate_g,
    fat_g: targets.fat_g,
    fibre_g: targets.fibre_g,
    // What the diary counts is what is drunk: the drinks' share of the total water.
    water_ml: Math.round(targets.drinks_l * 1000),
  };
}

/**
 * The daily targets that answers already read give (with the trainer's override in place
 * of the formula's energy when there is one), or null until the answers the targets need
 * are there.
 */
export function dailyTargetsOf(
  answers: OnboardingAnswers,
  override: PrescribedTargets | null,
  today: Date,
  basis: TargetBasis = NO_TARGET_BASIS,
): DailyTargets | null {
  const targets = targetsOf(answers, override, today, basis);
  return targets ? dailyOf(targets) : null;
}

/**
 * The person's daily targets, for the diary's totals and the adherence of metrics: those
 * computed from their onboarding answers as they stand today, or null until the answers
 * the targets need are there.
 */
export async function findDailyTargets(
  deps: { db: Db; clock: Clock },
  userId: string,
): Promise<DailyTargets | null> {
  try {
    return dailyOf(await getTargets(deps, userId));
  } catch (error) {
    if (error instanceof AppError && error.key === 'targetsUnavailable') return null;
    throw error;
  }
}

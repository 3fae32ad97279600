import type { DailyTargets } from '@forja/shared/schemas/diary';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AppError } from '../../http/app-error';
import { getTargets } from '../targets/targets.service';

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
    const targets = await getTargets(deps, userId);
    return {
      kcal: targets.energy_kcal,
      protein_g: targets.protein_g,
      carbohydrate_g: targets.carbohydrate_g,
      fat_g: targets.fat_g,
      fibre_g: targets.fibre_g,
      water_ml: Math.round(targets.water_l * 1000),
    };
  } catch (error) {
    if (error instanceof AppError && error.key === 'targetsUnavailable') return null;
    throw error;
  }
}

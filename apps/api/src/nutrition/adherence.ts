import { isWithinTarget, type Adherence } from '@forja/shared/schemas/metrics';

/**
 * How many logged days came within ±10 % of the energy target. Only days with something
 * logged count: an empty day says nothing about how well the plan was followed.
 */
export function adherence(
  days: readonly { date: string; kcal: number }[],
  targetKcal: number | null,
): Adherence {
  const logged = days.length;
  if (targetKcal === null || targetKcal <= 0) {
    return { target_kcal: null, days_logged: logged, days_within: 0, percent: null };
  }
  const within = days.filter((day) => isWithinTarget(day.kcal, targetKcal)).length;
  return {
    target_kcal: targetKcal,
    days_logged: logged,
    days_within: within,
    percent: logged === 0 ? null : Math.round((100 * within) / logged),
  };
}

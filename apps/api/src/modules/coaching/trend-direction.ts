import type { TrendDirection } from '@forja/shared/schemas/trainer-workspace';

/** A trend that changes less than this per week (either way) is flat. */
export const FLAT_KG_PER_WEEK = 0.1;

/** Up, down or flat, from the trend's weekly rate; null without one. */
export function trendDirection(weeklyRateKg: number | null): TrendDirection | null {
  if (weeklyRateKg === null) return null;
  if (weeklyRateKg >= FLAT_KG_PER_WEEK) return 'up';
  if (weeklyRateKg <= -FLAT_KG_PER_WEEK) return 'down';
  return 'flat';
}

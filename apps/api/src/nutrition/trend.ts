import type { WeightEntry, WeightPoint } from '@forja/shared/schemas/metrics';
import { addDays, daysBetween } from '@forja/shared/calendar';

/**
 * How far the trend moves towards each day's weighing: 10 % a day, as in The Hacker's
 * Diet. Over a gap of n days it moves as if the weight had been the same each of them.
 */
const TREND_SMOOTHING_PER_DAY = 0.1;

/**
 * The smoothed weight after each weighing: a time-aware exponential moving average, so a
 * weighing after a week away counts as much as a week of daily ones would.
 * `entries` are in date order.
 */
export function weightTrend(entries: readonly WeightEntry[]): WeightPoint[] {
  const points: WeightPoint[] = [];
  for (const entry of entries) {
    const previous = points.at(-1);
    // Fields named one by one: a spread makes a slower object, and a roster runs this
    // for every trainee.
    if (!previous) {
      points.push({ date: entry.date, weight_kg: entry.weight_kg, trend_kg: entry.weight_kg });
      continue;
    }
    const gap = Math.max(daysBetween(previous.date, entry.date), 0);
    const weight = 1 - (1 - TREND_SMOOTHING_PER_DAY) ** gap;
    const trend = previous.trend_kg + weight * (entry.weight_kg - previous.trend_kg);
    points.push({ date: entry.date, weight_kg: entry.weight_kg, trend_kg: trend });
  }
  return points;
}

/**
 * The trend's change per week: over the last seven days when there are weighings that far
 * back (from the latest one on or before that day), otherwise since the first weighing if
 * it is at least two days old. Null with less than that.
 */
export function weeklyRate(points: readonly WeightPoint[]): number | null {
  const last = points.at(-1);
  const first = points[0];
  if (!last || !first) return null;
  const weekBefore = addDays(last.date, -7);
  const reference = points.findLast((point) => point.date <= weekBefore) ?? first;
  const days = daysBetween(reference.date, last.date);
  if (days < 2) return null;
  return ((last.trend_kg - reference.trend_kg) * 7) / days;
}

import type { WeightEntry, WeightPoint } from './schemas/metrics';
import { addDays, daysBetween } from './calendar';

/**
 * How far the trend moves towards each day's weight: 10 % a day, as in The Hacker's Diet.
 * Across a gap it moves day by day towards the straight line between the two weighings.
 */
const TREND_SMOOTHING_PER_DAY = 0.1;

/** The weekly rate needs weighings spanning this many days (decision 063)… */
export const RATE_MIN_DAYS = 14;
/** …and looks back this many days from the latest weighing. */
export const RATE_WINDOW_DAYS = 28;

/**
 * The smoothed weight after each weighing: an exponential moving average over the days,
 * with the days between two weighings filled in on the straight line between them, so one
 * weighing after a week away moves the trend as a week of daily ones on the way to it
 * would, not as a week at that weight. `entries` are in date order. With `after`, a point
 * already smoothed before the first of them, the trend goes on from it: a screen that holds
 * part of the history works out what a new weighing does to it as the API would.
 */
export function weightTrend(entries: readonly WeightEntry[], after?: WeightPoint): WeightPoint[] {
  const points: WeightPoint[] = [];
  for (const entry of entries) {
    const previous = points.at(-1) ?? after;
    // Fields named one by one: a spread makes a slower object, and a roster runs this
    // for every trainee.
    if (!previous) {
      points.push({ date: entry.date, weight_kg: entry.weight_kg, trend_kg: entry.weight_kg });
      continue;
    }
    const gap = Math.max(daysBetween(previous.date, entry.date), 0);
    let trend = previous.trend_kg;
    for (let step = 1; step <= gap; step++) {
      const line = previous.weight_kg + ((entry.weight_kg - previous.weight_kg) * step) / gap;
      trend += TREND_SMOOTHING_PER_DAY * (line - trend);
    }
    points.push({ date: entry.date, weight_kg: entry.weight_kg, trend_kg: trend });
  }
  return points;
}

/**
 * The weight's change per week, the one figure every screen shows (metrics, home, the
 * trainer's roster and file, the Hoy queue): the least-squares slope through the weighings
 * of the 28 days up to the latest one, each at its day, so gaps weigh nothing and one
 * weighing after a gap is one point among the others. Null until those weighings span
 * 14 days. `entries` are in date order.
 */
export function weeklyRate(entries: readonly WeightEntry[]): number | null {
  const last = entries.at(-1);
  if (!last) return null;
  const from = addDays(last.date, -(RATE_WINDOW_DAYS - 1));
  const window = entries.filter((entry) => entry.date >= from);
  const first = window[0];
  if (!first || daysBetween(first.date, last.date) + 1 < RATE_MIN_DAYS) return null;
  let sumX = 0;
  let sumY = 0;
  for (const entry of window) {
    sumX += daysBetween(first.date, entry.date);
    sumY += entry.weight_kg;
  }
  const meanX = sumX / window.length;
  const meanY = sumY / window.length;
  let covariance = 0;
  let variance = 0;
  for (const entry of window) {
    const dx = daysBetween(first.date, entry.date) - meanX;
    covariance += dx * (entry.weight_kg - meanY);
    variance += dx * dx;
  }
  return (covariance / variance) * 7;
}

import { addDays } from '@forja/shared/calendar';
import type { WeightPoint } from '@forja/shared/schemas/metrics';
import { weightTrend } from '../../../nutrition/trend';
import { FLAT_KG_PER_WEEK } from '../trend-direction';
import type { Rule } from './rule';
import { formatDecimal, runStart } from './rule';

/** Days back on which the rule is judged, to find when the drift began. */
export const AWAY_LOOKBACK_DAYS = 28;

/** Changes are judged to the gram, so 80.1 − 80.0 is 0.1 and not 0.0999…. */
function toGrams(kg: number): number {
  return Math.round(kg * 1000) / 1000;
}

/** The trend on `day`: that of the latest weighing on or before it; null before the first. */
function trendOn(points: readonly WeightPoint[], day: string): WeightPoint | null {
  return points.findLast((point) => point.date <= day) ?? null;
}

/**
 * Whether the trend moved away from the goal in each of the two weeks up to `day` by at
 * least the flat band (0.1 kg); without a weighing in the last week the trend has not moved. `direction` is +1 when
 * the goal is to lose (away is up), -1 to gain.
 */
export function movedAwayTwoWeeks(
  points: readonly WeightPoint[],
  day: string,
  direction: 1 | -1,
): boolean {
  const now = trendOn(points, day);
  const weekBefore = trendOn(points, addDays(day, -7));
  const twoWeeksBefore = trendOn(points, addDays(day, -14));
  if (!now || !weekBefore || !twoWeeksBefore) return false;
  const first = toGrams(direction * (weekBefore.trend_kg - twoWeeksBefore.trend_kg));
  const second = toGrams(direction * (now.trend_kg - weekBefore.trend_kg));
  return first >= FLAT_KG_PER_WEEK && second >= FLAT_KG_PER_WEEK;
}

/**
 * The weight trend moving away from the goal (up when losing, down when gaining) for two
 * weeks: the body area, and a goal to lose or gain.
 */
export const weightAwayFromGoal: Rule = (trainee) => {
  if (!trainee.shares.body || (trainee.goal !== 'lose' && trainee.goal !== 'gain')) return null;
  const direction = trainee.goal === 'lose' ? 1 : -1;
  const points = weightTrend(trainee.weighings);
  // Most trainees are not drifting today: no need to look back for when it began.
  if (!movedAwayTwoWeeks(points, trainee.today, direction)) return null;
  const days = Array.from({ length: AWAY_LOOKBACK_DAYS + 1 }, (_, index) =>
    addDays(trainee.today, index - AWAY_LOOKBACK_DAYS),
  );
  const run = runStart(days, (day) => movedAwayTwoWeeks(points, day, direction));
  if (!run) return null;
  const now = trendOn(points, trainee.today);
  const before = trendOn(points, addDays(trainee.today, -14));
  const change = now && before ? Math.abs(now.trend_kg - before.trend_kg) : 0;
  return {
    rule: 'weight_away_from_goal',
    severity: 'high',
    detail:
      trainee.goal === 'lose'
        ? `Su tendencia de peso sube desde hace dos semanas (+${formatDecimal(change)} kg) y su objetivo es perder peso`
        : `Su tendencia de peso baja desde hace dos semanas (−${formatDecimal(change)} kg) y su objetivo es ganar peso`,
    // The drift began two weeks before the first day it was seen.
    since: addDays(run.since, -14),
    clipped: run.clipped,
  };
};

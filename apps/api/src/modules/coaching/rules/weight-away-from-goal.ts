import { addDays } from '@forja/shared/calendar';
import type { WeightEntry } from '@forja/shared/schemas/metrics';
import { weeklyRate } from '@forja/shared/weight-trend';
import { FLAT_KG_PER_WEEK } from '../trend-direction';
import type { Rule } from './rule';
import { formatDecimal, runStart } from './rule';

/** Days back on which the rule is judged, to find when the drift began. */
export const AWAY_LOOKBACK_DAYS = 28;
/** Without a weighing in the last week, the weight is not said to move. */
const STALE_AFTER_DAYS = 7;

/**
 * The weekly rate as it stood on `day` (the one the roster and metrics show, from the
 * weighings up to that day), times `direction`: +1 when the goal is to lose (away is up),
 * -1 to gain. Null without a weighing in the week up to `day` or before the rate has its
 * 14 days.
 */
export function rateAwayOn(
  weighings: readonly WeightEntry[],
  day: string,
  direction: 1 | -1,
): number | null {
  const upTo = weighings.filter((entry) => entry.date <= day);
  const last = upTo.at(-1);
  if (!last || last.date < addDays(day, -(STALE_AFTER_DAYS - 1))) return null;
  const rate = weeklyRate(upTo);
  return rate === null ? null : direction * rate;
}

/** Whether a rate away from the goal reaches the flat band (0.1 kg a week). */
function isAway(away: number | null): away is number {
  // Judged to the gram, so 0.1 is not missed by 0.0999….
  return away !== null && Math.round(away * 1000) / 1000 >= FLAT_KG_PER_WEEK;
}

/**
 * The weight moving away from the goal (up when losing, down when gaining) at 0.1 kg a
 * week or more, by the weekly rate over at least two weeks of weighings: the body area, and
 * a goal to lose or gain.
 */
export const weightAwayFromGoal: Rule = (trainee) => {
  if (!trainee.shares.body || (trainee.goal !== 'lose' && trainee.goal !== 'gain')) return null;
  const direction = trainee.goal === 'lose' ? 1 : -1;
  const weighings = trainee.weighings;
  // Most trainees are not drifting today: no need to look back for when it began.
  const away = rateAwayOn(weighings, trainee.today, direction);
  if (!isAway(away)) return null;
  const days = Array.from({ length: AWAY_LOOKBACK_DAYS + 1 }, (_, index) =>
    addDays(trainee.today, index - AWAY_LOOKBACK_DAYS),
  );
  const run = runStart(days, (day) => isAway(rateAwayOn(weighings, day, direction)));
  if (!run) return null;
  return {
    rule: 'weight_away_from_goal',
    severity: 'high',
    detail:
      trainee.goal === 'lose'
        ? `Su peso sube desde hace al menos dos semanas (+${formatDecimal(away)} kg/semana) y su objetivo es perder peso`
        : `Su peso baja desde hace al menos dos semanas (−${formatDecimal(away)} kg/semana) y su objetivo es ganar peso`,
    // The rate looks at two weeks or more: the drift began two weeks before it was seen.
    since: addDays(run.since, -14),
    clipped: run.clipped,
  };
};

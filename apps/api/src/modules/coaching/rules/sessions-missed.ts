import { addDays, daysBetween, mondayOf } from '@forja/shared/calendar';
import { plannedDays } from '@forja/shared/training-plan';
import type { Rule } from './rule';

export { mondayOf };

/**
 * Planned sessions this week that can no longer happen. The plan is the days of the
 * trainee's program this week (those on or after its start) when they have one, else the
 * training days per week of the onboarding. Days with a session so far, plus today (when
 * none yet) and the days left until Sunday, fall short of it: the training area.
 */
export const sessionsMissed: Rule = (trainee) => {
  const monday = mondayOf(trainee.today);
  const planned = trainee.program
    ? plannedDays(trainee.program, monday, addDays(monday, 6))
    : trainee.training_days_per_week;
  if (!trainee.shares.training || planned === null || planned <= 0) return null;
  const done = trainee.session_days.filter((day) => day >= monday && day <= trainee.today);
  const trainedToday = done.includes(trainee.today);
  const daysAfterToday = 6 - daysBetween(monday, trainee.today);
  const stillPossible = done.length + daysAfterToday + (trainedToday ? 0 : 1);
  if (stillPossible >= planned) return null;
  const missed = planned - stillPossible;
  return {
    rule: 'sessions_missed',
    severity: 'medium',
    detail: `Esta semana lleva ${done.length} de ${planned} sesiones: aunque entrene todos los días que quedan, le ${missed === 1 ? 'faltará 1' : `faltarán ${missed}`}`,
    since: monday,
    clipped: false,
  };
};

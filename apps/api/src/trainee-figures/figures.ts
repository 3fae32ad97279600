import { addDays, daysBetween } from '@forja/shared/calendar';
import { plannedDays } from '@forja/shared/training-plan';
import type { RosterFigures } from '@forja/shared/schemas/trainer-workspace';
import { adherence } from '#nutrition/adherence';
import type { TraineeSnapshot } from './trainee-snapshot';

/*
 * A trainee's figures over a period ending on their `today`: the roster's 7- and 30-day
 * figures (decision 053) and a check-in's week (decision 061) are the same computation.
 */

const within = (from: string, to: string) => (day: string) => day >= from && day <= to;

/**
 * Sessions the trainee's plan holds from `from` to today: the days of their program's routines
 * (on or after its start) when they have one, else the onboarding's training days per week
 * prorated to the period; null without either.
 */
export function sessionsPlanned(trainee: TraineeSnapshot, from: string): number | null {
  if (trainee.program) return plannedDays(trainee.program, from, trainee.today);
  const perWeek = trainee.training_days_per_week;
  if (perWeek === null) return null;
  return Math.round((perWeek * (daysBetween(from, trainee.today) + 1)) / 7);
}

/** A trainee's figures over the last `days` days, today included. */
export function figuresOver(trainee: TraineeSnapshot, days: number): RosterFigures {
  const from = addDays(trainee.today, -(days - 1));
  const inPeriod = within(from, trainee.today);
  const { diary, training, body } = trainee.shares;
  const logged = trainee.logged_days.filter((day) => inPeriod(day.date));
  return {
    days_logged: diary ? logged.length : null,
    adherence_percent: diary ? adherence(logged, trainee.target_kcal).percent : null,
    sessions_done: training ? trainee.session_days.filter(inPeriod).length : null,
    sessions_planned: training ? sessionsPlanned(trainee, from) : null,
    weigh_ins: body ? trainee.weighings.filter((entry) => inPeriod(entry.date)).length : null,
  };
}

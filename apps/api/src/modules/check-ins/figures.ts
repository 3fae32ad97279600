import { and, avg, between, count, eq, gt } from 'drizzle-orm';
import { daysBetween } from '@forja/shared/calendar';
import type { CheckInFigures } from '@forja/shared/schemas/check-ins';
import type { Db } from '#db/client';
import { diaryDays } from '#db/schema/diary';
import { adherence } from '#nutrition/adherence';
import { weeklyRate, weightTrend } from '@forja/shared/weight-trend';
import { figuresOver } from '#trainee-figures/figures';
import type { TraineeSnapshot } from '#trainee-figures/trainee-snapshot';

/**
 * The trainee as the roster would have seen them on `day`: what they logged after it left
 * out, so the same figures (decision 053) can be read for a week that ended before today.
 */
function asOf(trainee: TraineeSnapshot, day: string): TraineeSnapshot {
  if (day >= trainee.today) return trainee;
  return {
    ...trainee,
    today: day,
    logged_days: trainee.logged_days.filter((entry) => entry.date <= day),
    session_days: trainee.session_days.filter((date) => date <= day),
    weighings: trainee.weighings.filter((entry) => entry.date <= day),
  };
}

/** The average water of the days with water logged in the period, and how many there were. */
async function water(db: Db, traineeId: string, from: string, to: string) {
  const [row] = await db
    .select({ average: avg(diaryDays.water_ml), days: count() })
    .from(diaryDays)
    .where(
      and(
        eq(diaryDays.user_id, traineeId),
        between(diaryDays.date, from, to),
        gt(diaryDays.water_ml, 0),
      ),
    );
  const days = row?.days ?? 0;
  return { average_ml: days === 0 || !row?.average ? null : Math.round(Number(row.average)), days };
}

/**
 * The week's figures of a check-in, from the roster's snapshot of the trainee (the same
 * trend, weekly rate, adherence and planned sessions): over `from`–`to`, and only of the
 * areas the trainee shares with the trainer.
 */
export async function checkInFigures(
  db: Db,
  trainee: TraineeSnapshot,
  period: { from: string; to: string },
): Promise<CheckInFigures> {
  const { from, to } = period;
  const then = asOf(trainee, to);
  const days = daysBetween(from, to) + 1;
  const figures = figuresOver(then, days);
  const { diary, training, body } = trainee.shares;
  const inPeriod = (date: string) => date >= from && date <= to;
  const points = weightTrend(then.weighings);
  return {
    from,
    to,
    weight: body
      ? {
          trend_kg: points.at(-1)?.trend_kg ?? null,
          weekly_rate_kg: weeklyRate(then.weighings),
          weigh_ins: figures.weigh_ins ?? 0,
        }
      : null,
    energy: diary
      ? adherence(
          then.logged_days.filter((day) => inPeriod(day.date)),
          then.target_kcal,
        )
      : null,
    sessions: training
      ? { done: figures.sessions_done ?? 0, planned: figures.sessions_planned }
      : null,
    water: diary ? await water(db, trainee.id, from, to) : null,
  };
}

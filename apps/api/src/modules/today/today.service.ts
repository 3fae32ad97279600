import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { addDays, todayIn } from '@forja/shared/calendar';
import type { Today } from '@forja/shared/schemas/today';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { weightEntries } from '#db/schema/metrics';
import { currentProgram } from '#db/training-plan';
import { findTimeZone } from '#db/users';
import { readDay } from '#nutrition/logged-day';

export interface TodayDeps {
  db: Db;
  clock: Clock;
}

/** How far back the home screen's small weight line reaches. */
const WEIGHT_LINE_DAYS = 30;

/**
 * Today at a glance: intake, water and training as the diary has them for today in the
 * person's timezone (the same rounded totals), the weigh-ins of the last 30 days, and the
 * latest weight: the last weigh-in, else the onboarding answer.
 */
export async function getToday(deps: TodayDeps, userId: string): Promise<Today> {
  const timezone = await findTimeZone(deps.db, userId);
  const date = todayIn(timezone, deps.clock.now());
  // The day's statement also reads the answers: the onboarding weight stands in for a weigh-in.
  const [{ day, answers }, [latest], entries, program] = await Promise.all([
    readDay(deps, userId, date),
    deps.db
      .select({ kg: weightEntries.weight_kg })
      .from(weightEntries)
      .where(and(eq(weightEntries.user_id, userId), lte(weightEntries.date, date)))
      .orderBy(desc(weightEntries.date))
      .limit(1),
    deps.db
      .select({ date: weightEntries.date, kg: weightEntries.weight_kg })
      .from(weightEntries)
      .where(
        and(
          eq(weightEntries.user_id, userId),
          gte(weightEntries.date, addDays(date, -WEIGHT_LINE_DAYS)),
          lte(weightEntries.date, date),
        ),
      )
      .orderBy(weightEntries.date),
    currentProgram(deps.db, userId),
  ]);
  return {
    date,
    timezone,
    intake: {
      energy_kcal: day.totals.kcal,
      protein_g: day.totals.protein_g,
      fat_g: day.totals.fat_g,
      carbohydrate_g: day.totals.carbohydrate_g,
      fibre_g: day.totals.fibre_g,
    },
    water_l: day.water_ml / 1000,
    training: {
      sessions: day.workouts.length,
      sets: day.workouts.reduce(
        (sum, workout) =>
          sum + workout.exercises.reduce((count, item) => count + item.sets.length, 0),
        0,
      ),
      program: program
        ? {
            name: program.name,
            weekdays: [...new Set(program.routines.flatMap((routine) => routine.weekdays))].sort(
              (a, b) => a - b,
            ),
            starts_on: program.start_date,
          }
        : null,
    },
    weight: { latest_kg: latest?.kg ?? answers.body?.weight_kg ?? null, entries },
  };
}

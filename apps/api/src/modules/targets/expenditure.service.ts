import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { addDays } from '@forja/shared/calendar';
import { dayCompleteness, type DayCompleteness } from '@forja/shared/schemas/diary';
import {
  EXPENDITURE_HISTORY_WEEKS,
  type Expenditure,
  type ExpenditurePoint,
} from '@forja/shared/schemas/expenditure';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { energyByDay } from '#db/diary-energy';
import { diaryDays } from '#db/schema/diary';
import { weightEntries } from '#db/schema/metrics';
import { findToday } from '#db/users';
import { AppError } from '#http/app-error';
import {
  EXPENDITURE_WINDOW_DAYS,
  estimateExpenditure,
  expenditureHistory,
  type ExpenditureEstimate,
  type IntakeDay,
} from '#nutrition/expenditure';
import { findOverride, findTargetAnswers, targetsOf } from '#nutrition/targets';
import { trainerMay } from '#security/trainer-access';

export interface ExpenditureDeps {
  db: Db;
  clock: Clock;
}

function pointOf(estimate: ExpenditureEstimate): ExpenditurePoint {
  return {
    date: estimate.on,
    expenditure_kcal: Math.round(estimate.kcal),
    margin_kcal: Math.round(estimate.margin_kcal),
    confidence: estimate.confidence,
  };
}

/**
 * The days logged as complete from `from` to `to`: those marked so, and those unmarked with
 * at least half the energy target (decision 065). A day marked complete with nothing logged
 * counts at 0 kcal.
 */
async function completeDays(
  db: Db,
  userId: string,
  from: string,
  to: string,
  targetKcal: number | null,
): Promise<IntakeDay[]> {
  const [energy, marks] = await Promise.all([
    energyByDay(db, userId, from, to),
    db
      .select({ date: diaryDays.date, completeness: diaryDays.completeness })
      .from(diaryDays)
      .where(
        and(
          eq(diaryDays.user_id, userId),
          isNotNull(diaryDays.completeness),
          sql`${diaryDays.date} between ${from} and ${to}`,
        ),
      ),
  ]);
  const kcalOn = new Map(energy.map((day) => [day.date, day.kcal]));
  const markOn = new Map<string, DayCompleteness | null>(
    marks.map((mark) => [mark.date, mark.completeness]),
  );
  const dates = [...new Set([...kcalOn.keys(), ...markOn.keys()])].sort();
  return dates
    .map((date) => ({ date, kcal: kcalOn.get(date) ?? 0 }))
    .filter(
      (day) => dayCompleteness(markOn.get(day.date) ?? null, day.kcal, targetKcal) === 'complete',
    );
}

/** The weighings and the complete days an estimate on `today` reads, `weeks` of estimates back. */
async function estimateInputs(
  db: Db,
  userId: string,
  today: string,
  targetKcal: number,
  priorKcal: number,
  weeks: number,
) {
  // The oldest estimate looks back a whole window from its day.
  const from = addDays(today, -(7 * (weeks - 1) + EXPENDITURE_WINDOW_DAYS));
  const [weights, intake] = await Promise.all([
    db
      .select({ date: weightEntries.date, weight_kg: weightEntries.weight_kg })
      .from(weightEntries)
      .where(and(eq(weightEntries.user_id, userId), sql`${weightEntries.date} >= ${from}`))
      .orderBy(asc(weightEntries.date)),
    completeDays(db, userId, from, today, targetKcal),
  ]);
  return { intake, weights, prior_kcal: priorKcal };
}

/**
 * The person's expenditure as their data show it (decision 065), beside the formula's TDEE:
 * today's estimate and one a week before it, up to 26 weeks. It needs the goal, body and
 * activity answers, as the targets do.
 */
export async function getExpenditure(deps: ExpenditureDeps, userId: string): Promise<Expenditure> {
  const [{ answers, basis }, override, today] = await Promise.all([
    findTargetAnswers(deps.db, userId),
    findOverride(deps.db, userId),
    findToday(deps.db, deps.clock, userId),
  ]);
  const now = deps.clock.now();
  const formula = targetsOf(answers, null, now, basis);
  const targets = targetsOf(answers, override ?? null, now, basis);
  if (!formula || !targets) throw new AppError('targetsUnavailable');
  const inputs = await estimateInputs(
    deps.db,
    userId,
    today,
    targets.energy_kcal,
    formula.tdee_kcal,
    EXPENDITURE_HISTORY_WEEKS,
  );
  const current = estimateExpenditure(inputs, today);
  return {
    formula_tdee_kcal: formula.tdee_kcal,
    estimate: pointOf(current),
    days_logged: current.days_logged,
    weigh_ins: current.weigh_ins,
    history: expenditureHistory(inputs, today, EXPENDITURE_HISTORY_WEEKS).map(pointOf),
  };
}

/**
 * Today's estimate alone (what the weekly proposal starts from): it reads one window of
 * data, not the history's.
 */
export async function estimateToday(
  db: Db,
  userId: string,
  today: string,
  figures: { target_kcal: number; formula_tdee_kcal: number },
): Promise<ExpenditureEstimate> {
  const inputs = await estimateInputs(
    db,
    userId,
    today,
    figures.target_kcal,
    figures.formula_tdee_kcal,
    1,
  );
  return estimateExpenditure(inputs, today);
}

/**
 * A trainee's expenditure as their trainer reads it: it needs both the body (the weighings)
 * and the diary (the intake); without either, or for someone else's trainee, a 404.
 */
export async function getTraineeExpenditure(
  deps: ExpenditureDeps,
  trainerId: string,
  traineeId: string,
): Promise<Expenditure> {
  const [body, diary] = await Promise.all([
    trainerMay(deps.db, trainerId, traineeId, { area: 'body' }),
    trainerMay(deps.db, trainerId, traineeId, { area: 'diary' }),
  ]);
  if (!body || !diary) throw new AppError('notFound');
  return getExpenditure(deps, traineeId.toLowerCase());
}

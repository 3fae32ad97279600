import { eq } from 'drizzle-orm';
import type { OnboardingAnswers } from '@forja/shared/schemas/onboarding';
import type { Targets } from '@forja/shared/schemas/targets';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { answersOf, findOnboardingRow, type OnboardingRow } from '#db/onboarding-answers';
import { targetOverrides } from '#db/schema/targets';
import { AppError } from '#http/app-error';
import {
  computeTargets,
  type AdaptedEnergy,
  type CurrentWeight,
  type PrescribedTargets,
} from './targets.formulas';

export interface TargetsDeps {
  db: Db;
  clock: Clock;
}

export type OverrideRow = typeof targetOverrides.$inferSelect;

/**
 * What the targets count on besides the answers (decision 063): the latest trend weight
 * and the day the goal and body were last answered.
 */
export interface TargetBasis {
  current: CurrentWeight | null;
  start_on: string | null;
  /** The weekly proposal the person accepted themselves (decision 066). */
  adapted: AdaptedEnergy | null;
}

export const NO_TARGET_BASIS: TargetBasis = { current: null, start_on: null, adapted: null };

/** The columns of the onboarding row the basis is read from. */
export type BasisColumns = Pick<
  OnboardingRow,
  | 'targets_start_on'
  | 'trend_weight_kg'
  | 'trend_weight_on'
  | 'adapted_energy_kcal'
  | 'adapted_expenditure_kcal'
>;

/** The basis kept in a person's onboarding row. */
export function targetBasisOf(row: BasisColumns | undefined): TargetBasis {
  if (!row) return NO_TARGET_BASIS;
  return {
    current:
      row.trend_weight_kg !== null && row.trend_weight_on !== null
        ? { date: row.trend_weight_on, weight_kg: row.trend_weight_kg }
        : null,
    start_on: row.targets_start_on,
    adapted:
      row.adapted_energy_kcal !== null && row.adapted_expenditure_kcal !== null
        ? { energy_kcal: row.adapted_energy_kcal, expenditure_kcal: row.adapted_expenditure_kcal }
        : null,
  };
}

export async function findOverride(db: Db, userId: string): Promise<OverrideRow | undefined> {
  const [row] = await db.select().from(targetOverrides).where(eq(targetOverrides.user_id, userId));
  return row;
}

/**
 * The targets the answers give, with a trainer's override when there is one; with
 * `expenditure_kcal`, those a measured expenditure gives in place of the formula's.
 */
export function targetsOf(
  answers: OnboardingAnswers,
  override: PrescribedTargets | null,
  today: Date,
  basis: TargetBasis = NO_TARGET_BASIS,
  options: { expenditure_kcal?: number } = {},
): Targets | null {
  const { goal, body, activity, health, eating } = answers;
  if (!goal || !body || !activity) return null;
  return computeTargets({
    goal,
    body,
    activity,
    health,
    eating,
    today,
    current: basis.current,
    start_on: basis.start_on,
    adapted: basis.adapted,
    prescribed: override,
    expenditure_kcal: options.expenditure_kcal ?? null,
  });
}

/** A person's answers and what the targets count on besides them, in one read. */
export async function findTargetAnswers(
  db: Db,
  userId: string,
): Promise<{ answers: OnboardingAnswers; basis: TargetBasis }> {
  const row = await findOnboardingRow(db, userId);
  return { answers: answersOf(row), basis: targetBasisOf(row) };
}

/**
 * The person's daily targets, computed from their onboarding answers as they stand today
 * (age moves with the clock) and their latest trend weight, with their trainer's override
 * in place of the formula's energy when there is one. They need the goal, body and
 * activity steps.
 */
export async function getTargets(deps: TargetsDeps, userId: string): Promise<Targets> {
  const [{ answers, basis }, override] = await Promise.all([
    findTargetAnswers(deps.db, userId),
    findOverride(deps.db, userId),
  ]);
  const targets = targetsOf(answers, override ?? null, deps.clock.now(), basis);
  if (!targets) throw new AppError('targetsUnavailable');
  return targets;
}

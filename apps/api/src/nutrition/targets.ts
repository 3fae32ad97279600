import { eq } from 'drizzle-orm';
import type { OnboardingAnswers } from '@forja/shared/schemas/onboarding';
import type { Targets } from '@forja/shared/schemas/targets';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { findOnboardingAnswers } from '../db/onboarding-answers';
import { targetOverrides } from '../db/schema/targets';
import { AppError } from '../http/app-error';
import { computeTargets, type PrescribedTargets } from './targets.formulas';

export interface TargetsDeps {
  db: Db;
  clock: Clock;
}

export type OverrideRow = typeof targetOverrides.$inferSelect;

export async function findOverride(db: Db, userId: string): Promise<OverrideRow | undefined> {
  const [row] = await db.select().from(targetOverrides).where(eq(targetOverrides.user_id, userId));
  return row;
}

/** The targets the answers give, with a trainer's override when there is one. */
export function targetsOf(
  answers: OnboardingAnswers,
  override: PrescribedTargets | null,
  today: Date,
): Targets | null {
  const { goal, body, activity, health } = answers;
  if (!goal || !body || !activity) return null;
  return computeTargets({ goal, body, activity, health, today, prescribed: override });
}

/**
 * The person's daily targets, computed from their onboarding answers as they stand today
 * (age moves with the clock), with their trainer's override in place of the formula's
 * energy when there is one. They need the goal, body and activity steps.
 */
export async function getTargets(deps: TargetsDeps, userId: string): Promise<Targets> {
  const [answers, override] = await Promise.all([
    findOnboardingAnswers(deps.db, userId),
    findOverride(deps.db, userId),
  ]);
  const targets = targetsOf(answers, override ?? null, deps.clock.now());
  if (!targets) throw new AppError('targetsUnavailable');
  return targets;
}

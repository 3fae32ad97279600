import type { Targets } from '@forja/shared/schemas/targets';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { findOnboardingAnswers } from '../../db/onboarding-answers';
import { AppError } from '../../http/app-error';
import { computeTargets } from './targets.formulas';

export interface TargetsDeps {
  db: Db;
  clock: Clock;
}

/**
 * The person's daily targets, computed from their onboarding answers as they stand today
 * (age moves with the clock). They need the goal, body and activity steps.
 */
export async function getTargets(deps: TargetsDeps, userId: string): Promise<Targets> {
  const answers = await findOnboardingAnswers(deps.db, userId);
  const { goal, body, activity, health } = answers;
  if (!goal || !body || !activity) throw new AppError('targetsUnavailable');
  return computeTargets({ goal, body, activity, health, today: deps.clock.now() });
}

import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  activityStepSchema,
  bodyStepSchema,
  eatingStepSchema,
  goalStepSchema,
  healthStepSchema,
  nextOnboardingStep,
  ONBOARDING_STEP_KEYS,
  trainingStepSchema,
  type Onboarding,
  type OnboardingAnswer,
  type OnboardingAnswers,
  type OnboardingStepKey,
} from '@forja/shared/schemas/onboarding';
import type { Clock } from '#clock';
import type { Db } from '#db/client';
import { answersOf, findOnboardingRow, type OnboardingRow } from '#db/onboarding-answers';
import { onboardingAnswers } from '#db/schema/onboarding';
import { users } from '#db/schema/users';
import { targetProposals } from '#db/schema/targets';
import { AppError } from '#http/app-error';
import { lockWeighings } from '#db/advisory-locks';
import { findToday } from '#db/users';
import { refreshTrendWeight } from '#nutrition/trend-weight';

export interface OnboardingDeps {
  db: Db;
  clock: Clock;
}

/**
 * The step schemas as the server applies them: metric, with ages counted on `today`, and
 * the goal checked against the body's answer when there is one (decision 063).
 */
function stepSchema(
  step: OnboardingStepKey,
  today: Date,
  body: OnboardingAnswers['body'],
): z.ZodType {
  switch (step) {
    case 'goal':
      return goalStepSchema({ body });
    case 'body':
      return bodyStepSchema({ today });
    case 'activity':
      return activityStepSchema();
    case 'training':
      return trainingStepSchema();
    case 'eating':
      return eatingStepSchema();
    case 'health':
      return healthStepSchema({ today });
  }
}

function stateOf(userId: string, row: OnboardingRow | undefined): Onboarding {
  const answers = answersOf(row);
  return {
    user_id: userId,
    answers,
    next_step: nextOnboardingStep(answers),
    finished_at: row?.finished_at ?? null,
  };
}

/** Everything answered so far, where to continue, and whether the person has finished. */
export async function getOnboarding(deps: OnboardingDeps, userId: string): Promise<Onboarding> {
  return stateOf(userId, await findOnboardingRow(deps.db, userId));
}

function validationError(error: z.ZodError): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[issue.path.join('.') || 'body'] ??= issue.message;
  const first = Object.values(fields)[0];
  return new AppError('validation', { fields, ...(first ? { message: first } : {}) });
}

/**
 * Validates and stores one step's answer, replacing any earlier one. The answer is saved
 * at once, so a person who leaves continues on any device where they stopped.
 */
export async function saveOnboardingStep(
  deps: OnboardingDeps,
  userId: string,
  step: OnboardingStepKey,
  input: unknown,
): Promise<Onboarding> {
  const now = deps.clock.now();
  const previous = await findOnboardingRow(deps.db, userId);
  const parsed = stepSchema(step, now, answersOf(previous).body).safeParse(input);
  if (!parsed.success) throw validationError(parsed.error);
  const answer: unknown = parsed.data;

  const values: Partial<typeof onboardingAnswers.$inferInsert> = {
    [step]: answer,
    updated_at: now,
  };
  const restartsGoal = step === 'goal' || step === 'body';
  if (restartsGoal) {
    // A new goal or body starts the count towards the goal again, from today.
    values.targets_start_on = await findToday(deps.db, deps.clock, userId);
  }
  if (step === 'goal') {
    // A weekly proposal the person accepted aimed at the old goal's pace (decision 066): the
    // formula takes over again, and this week is looked at anew for the new goal.
    values.adapted_energy_kcal = null;
    values.adapted_expenditure_kcal = null;
    values.proposals_week = null;
  }
  if (step === 'health') {
    // Each consent keeps the date it was first given while it stands. Sharing with the
    // trainer here means the health answers alone (decision 096): the four areas of the link
    // change only where the trainee sees each of them, never as a side effect of this step.
    const health = answer as OnboardingAnswer<'health'>;
    values.trainer_consent_at = health.share_with_trainer
      ? (previous?.trainer_consent_at ?? now)
      : null;
    values.health_consent_at = health.health_data_consent
      ? (previous?.health_consent_at ?? now)
      : null;
  }

  return deps.db.transaction(async (tx) => {
    if (restartsGoal) await lockWeighings(tx, userId);
    if (step === 'eating') {
      // The food search keeps what it read of a person, allergies included, while their
      // foods_version stands (decisions 070, 073): new allergies must be read again.
      await tx
        .update(users)
        .set({ foods_version: sql`${users.foods_version} + 1` })
        .where(eq(users.id, userId));
    }
    if (step === 'goal') {
      await tx
        .update(targetProposals)
        .set({ status: 'expired' })
        .where(and(eq(targetProposals.user_id, userId), eq(targetProposals.status, 'pending')));
    }
    const [inserted] = await tx
      .insert(onboardingAnswers)
      .values({ user_id: userId, created_at: now, ...values })
      .onConflictDoUpdate({ target: onboardingAnswers.user_id, set: values })
      .returning();
    let row = inserted;
    // Weighings logged before the row existed are not in it yet: a new goal or body reads
    // the trend again.
    if (restartsGoal) {
      await refreshTrendWeight(tx, userId);
      row = await findOnboardingRow(tx, userId);
    }
    return stateOf(userId, row);
  });
}

/** Marks the onboarding as finished; every step must be answered first. */
export async function finishOnboarding(deps: OnboardingDeps, userId: string): Promise<Onboarding> {
  const row = await findOnboardingRow(deps.db, userId);
  const answers = answersOf(row);
  const missing = ONBOARDING_STEP_KEYS.filter((step) => answers[step] === null);
  if (!row || missing.length > 0) throw new AppError('onboardingIncomplete');
  if (row.finished_at) return stateOf(userId, row);

  const now = deps.clock.now();
  const [updated] = await deps.db
    .update(onboardingAnswers)
    .set({ finished_at: now, updated_at: now })
    .where(eq(onboardingAnswers.user_id, userId))
    .returning();
  return stateOf(userId, updated);
}

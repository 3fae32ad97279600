import { eq } from 'drizzle-orm';
import {
  onboardingAnswerSchemas,
  type OnboardingAnswer,
  type OnboardingAnswers,
  type OnboardingStepKey,
} from '@forja/shared/schemas/onboarding';
import type { Db } from './client';
import { onboardingAnswers } from './schema/onboarding';

export type OnboardingRow = typeof onboardingAnswers.$inferSelect;

export async function findOnboardingRow(
  db: Db,
  userId: string,
): Promise<OnboardingRow | undefined> {
  const [row] = await db
    .select()
    .from(onboardingAnswers)
    .where(eq(onboardingAnswers.user_id, userId));
  return row;
}

/**
 * The stored answers, each checked against today's shape of its step. An answer saved
 * under an older shape that no longer fits counts as unanswered, so the person is asked
 * again rather than shown numbers computed from something the app no longer understands.
 */
export function answersOf(
  row: Partial<Pick<OnboardingRow, OnboardingStepKey>> | undefined,
): OnboardingAnswers {
  const answer = <K extends OnboardingStepKey>(step: K): OnboardingAnswer<K> | null => {
    const parsed = onboardingAnswerSchemas[step].safeParse(row?.[step]);
    return parsed.success ? (parsed.data as OnboardingAnswer<K>) : null;
  };
  return {
    goal: answer('goal'),
    body: answer('body'),
    activity: answer('activity'),
    training: answer('training'),
    eating: answer('eating'),
    health: answer('health'),
  };
}

/** A person's onboarding answers; every step is null until answered. */
export async function findOnboardingAnswers(db: Db, userId: string): Promise<OnboardingAnswers> {
  return answersOf(await findOnboardingRow(db, userId));
}

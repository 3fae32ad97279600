import { eq, sql } from 'drizzle-orm';
import { withoutHealthData } from '@forja/shared/schemas/onboarding';
import type { Consents } from '@forja/shared/schemas/consents';
import type { ObjectStore } from '#adapters/storage/object-store';
import type { Clock } from '#clock';
import { forgetCheckIns } from '#db/check-ins';
import type { Db } from '#db/client';
import { answersOf } from '#db/onboarding-answers';
import { checkIns } from '#db/schema/check-ins';
import { onboardingAnswers } from '#db/schema/onboarding';
import { users } from '#db/schema/users';
import { AppError } from '#http/app-error';

export interface ConsentsDeps {
  db: Db;
  clock: Clock;
  objects: ObjectStore;
}

export async function getConsents(deps: ConsentsDeps, userId: string): Promise<Consents> {
  const [row] = await deps.db
    .select({
      terms_version: users.terms_version,
      terms_accepted_at: users.terms_accepted_at,
      health_data_consent_at: onboardingAnswers.health_consent_at,
      trainer_consent_at: onboardingAnswers.trainer_consent_at,
      check_ins_consent_at: sql<Date | null>`(
        select max(${checkIns.consented_at}) from ${checkIns}
        where ${checkIns.trainee_id} = ${users.id}
      )`.mapWith(checkIns.consented_at),
    })
    .from(users)
    .leftJoin(onboardingAnswers, eq(onboardingAnswers.user_id, users.id))
    .where(eq(users.id, userId));
  if (!row) throw new AppError('userNotFound');
  return row;
}

/**
 * Withdraws the consent to process health data: the health answers are deleted in the same
 * statement, so nothing computed afterwards (the targets' health note) can still see them.
 * The step stays answered, with the trainer-sharing choice as it was. Check-ins and their
 * progress photos are health data given under the same consent: they are deleted too
 * (SECURITY 30, decision 061).
 */
export async function withdrawHealthConsent(deps: ConsentsDeps, userId: string): Promise<Consents> {
  const photoKeys = await deps.db.transaction(async (tx) => {
    const keys = await forgetCheckIns(tx, userId);
    const [row] = await tx
      .select()
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.user_id, userId))
      .for('update');
    if (!row) return keys;
    const { health } = answersOf(row);
    await tx
      .update(onboardingAnswers)
      .set({
        health: health ? withoutHealthData(health) : null,
        health_consent_at: null,
        updated_at: deps.clock.now(),
      })
      .where(eq(onboardingAnswers.user_id, userId));
    return keys;
  });
  await deps.objects.delete(photoKeys);
  return getConsents(deps, userId);
}

/**
 * Stops sharing the health answers with the trainer (decision 096), also without a plan:
 * the stored step says so and the consent's date goes, in one statement. The answers stay,
 * and so do the four areas of the link.
 */
export async function withdrawTrainerHealthSharing(
  deps: ConsentsDeps,
  userId: string,
): Promise<Consents> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(onboardingAnswers)
      .where(eq(onboardingAnswers.user_id, userId))
      .for('update');
    if (!row) return;
    const { health } = answersOf(row);
    await tx
      .update(onboardingAnswers)
      .set({
        health: health ? { ...health, share_with_trainer: false } : null,
        trainer_consent_at: null,
        updated_at: deps.clock.now(),
      })
      .where(eq(onboardingAnswers.user_id, userId));
  });
  return getConsents(deps, userId);
}

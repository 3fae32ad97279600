import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import { isId } from '@forja/shared/schemas/common';
import type { Db } from '../db/client';
import { onboardingAnswers } from '../db/schema/onboarding';
import { users } from '../db/schema/users';
import type { UserRow } from '../db/users';

/**
 * The one rule of what a trainer sees of a trainee: the trainee is theirs and has consented
 * to share their data with them. Consent is read on every call, so withdrawing it shuts the
 * trainer out at once. When consent is split per area (diary, training, body, check-ins),
 * the area joins these options and the condition below.
 */
export interface TrainerAccessOptions {
  /**
   * Holds the trainee's consent row `FOR SHARE` until the caller's transaction ends, so a
   * withdrawal waits for a write the trainer started while it was still given.
   */
  lock?: boolean;
}

function traineesOf(db: Db, trainerId: string, only?: SQL) {
  return db
    .select({ user: users })
    .from(users)
    .innerJoin(onboardingAnswers, eq(onboardingAnswers.user_id, users.id))
    .where(
      and(
        eq(users.trainer_id, trainerId),
        eq(users.role, 'trainee'),
        isNotNull(onboardingAnswers.trainer_consent_at),
        only,
      ),
    );
}

/** Whether the trainer may read (and manage) this trainee now. */
export async function trainerMay(
  db: Db,
  trainerId: string,
  traineeId: string,
  options: TrainerAccessOptions = {},
): Promise<boolean> {
  if (!isId(traineeId)) return false;
  const query = traineesOf(db, trainerId, eq(users.id, traineeId));
  const rows = await (options.lock ? query.for('share', { of: onboardingAnswers }) : query);
  return rows.length > 0;
}

/** Every trainee the trainer may read now, oldest account first. */
export async function traineesSharedWith(db: Db, trainerId: string): Promise<UserRow[]> {
  const rows = await traineesOf(db, trainerId).orderBy(asc(users.created_at), asc(users.id));
  return rows.map((row) => row.user);
}

import type { ConsentArea } from '@forja/shared/constants';
import { eq } from 'drizzle-orm';
import { trainerLinks } from '../src/db/schema/coaching';
import { users } from '../src/db/schema/users';
import { auth, createUser, signIn } from './accounts';
import type { TestContext } from './context';

export const ALL_AREAS = { diary: true, training: true, body: true, check_ins: true } as const;
export const NO_AREAS = { diary: false, training: false, body: false, check_ins: false } as const;

/**
 * Links a trainee to a trainer as an accepted invitation does: `users.trainer_id` and the
 * link row with the areas shared (all of them unless told), written together.
 */
export async function linkToTrainer(
  ctx: TestContext,
  traineeId: string,
  trainerId: string,
  areas: Partial<Record<ConsentArea, boolean>> = ALL_AREAS,
) {
  const shared = { ...NO_AREAS, ...areas };
  await ctx.database.db.transaction(async (tx) => {
    await tx.update(users).set({ trainer_id: trainerId }).where(eq(users.id, traineeId));
    await tx
      .insert(trainerLinks)
      .values({ trainee_id: traineeId, trainer_id: trainerId, ...shared })
      .onConflictDoUpdate({
        target: trainerLinks.trainee_id,
        set: { trainer_id: trainerId, ...shared },
      });
  });
}

/** A signed-in trainer (no subscription: the workspace needs none) and their headers. */
export async function signedInTrainer(ctx: TestContext) {
  const user = await createUser(ctx, { role: 'trainer', first_name: 'Marta', last_name: 'Ruiz' });
  const tokens = await signIn(ctx, user.id);
  return { user, headers: auth(tokens.access_token) };
}

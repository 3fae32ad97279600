import type { ConsentArea } from '@forja/shared/constants';
import { answers as onboardingFixture } from '@forja/shared/fixtures/onboarding';
import { eq } from 'drizzle-orm';
import { trainerLinks } from '#db/schema/coaching';
import { onboardingAnswers } from '#db/schema/onboarding';
import { users } from '#db/schema/users';
import { auth, createUser, signIn } from './accounts';
import type { TestContext } from './context';
import { signedInUser } from './subscribed';

/** Which areas a trainee shares with their trainer. */
export type Areas = Partial<Record<ConsentArea, boolean>>;

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
  areas: Areas = ALL_AREAS,
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

/** A signed-in trainer (no subscription: the workspace needs none), their token and headers. */
export async function signedInTrainer(ctx: TestContext) {
  const user = await createUser(ctx, { role: 'trainer', first_name: 'Marta', last_name: 'Ruiz' });
  const { access_token } = await signIn(ctx, user.id);
  return { user, token: access_token, headers: auth(access_token) };
}

/**
 * A new signed-in trainer (Marta Ruiz) and a new subscribed, signed-in trainee (Lucía
 * Fernández) linked to them, sharing `areas`: all of them unless told; any left out of
 * `areas` are not shared. `onboarded`: the trainee finished onboarding with the shared
 * answers before the link, as check-ins and their notices need.
 */
export async function linkedPair(
  ctx: TestContext,
  options: { areas?: Areas; onboarded?: boolean } = {},
) {
  const trainer = await signedInTrainer(ctx);
  const trainee = await signedInUser(ctx);
  if (options.onboarded) {
    await ctx.database.db.insert(onboardingAnswers).values({
      user_id: trainee.user.id,
      ...onboardingFixture,
      finished_at: ctx.clock.now(),
    });
  }
  await linkToTrainer(ctx, trainee.user.id, trainer.user.id, options.areas ?? ALL_AREAS);
  return { trainer, trainee };
}

export type LinkedPair = Awaited<ReturnType<typeof linkedPair>>;

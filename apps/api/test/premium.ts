import { randomUUID } from 'node:crypto';
import type { SubscriptionStatus } from '@forja/shared/constants';
import type { Db } from '#db/client';
import { subscriptions } from '#db/schema/subscriptions';
import { givesAccess } from '#db/subscriptions';
import { createUser, signIn, auth } from './accounts';
import type { TestContext } from './context';

const DAY_MS = 86_400_000;

/** A subscription as the provider's webhook would have left it, written directly. */
export async function subscribe(
  ctx: TestContext,
  userId: string,
  status: SubscriptionStatus = 'active',
) {
  const now = ctx.clock.now();
  await ctx.database.db.insert(subscriptions).values({
    user_id: userId,
    plan: 'premium-trainee',
    status,
    stripe_subscription_id: `sub_${randomUUID().slice(0, 12)}`,
    start_date: now,
    end_date: new Date(now.getTime() + 30 * DAY_MS),
  });
}

/** A signed-in trainee with an active subscription, and the headers of their calls. */
export async function premiumUser(ctx: TestContext) {
  const user = await createUser(ctx);
  await subscribe(ctx, user.id);
  const tokens = await signIn(ctx, user.id);
  return { user, headers: auth(tokens.access_token) };
}

/** A signed-in trainee without a subscription. */
export async function userWithoutSubscription(ctx: TestContext) {
  const user = await createUser(ctx);
  const tokens = await signIn(ctx, user.id);
  return { user, headers: auth(tokens.access_token) };
}

/**
 * Whether the user's subscriptions open the premium calls, asked directly of the database
 * by the rule the access-token lookup applies (`givesAccess`).
 */
export async function hasAccess(deps: { db: Db }, userId: string): Promise<boolean> {
  const rows = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(givesAccess(userId))
    .limit(1);
  return rows.length > 0;
}

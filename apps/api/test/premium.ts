import { randomUUID } from 'node:crypto';
import type { SubscriptionStatus } from '@forja/shared/constants';
import { subscriptions } from '../src/db/schema/subscriptions';
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

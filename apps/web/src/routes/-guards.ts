import type { QueryClient } from '@tanstack/react-query';
import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { todayIn } from '@forja/shared/calendar';
import type { Subscription } from '@forja/shared/schemas/subscription';
import type { User } from '@forja/shared/schemas/user';
import {
  currentSubscription,
  hasAccess,
  subscriptionsQuery,
} from '#features/subscriptions/subscriptions-api';
import { safeReturnPath } from '#features/auth/safe-return-path';
import { currentUserQuery, preferencesQuery } from '#features/users/users-api';

/*
 * What the protected routes check before they show anything (spec §2). They sit here,
 * beside the routes, because they combine features that do not know each other. They run
 * as route loaders, which the router splits from the first download with the schemas they
 * need, and which run in parallel with the screen's own loader.
 */

function toLogin(location: ParsedLocation) {
  return redirect({ to: '/auth/login', search: { from: location.href } });
}

/** The current user, or off to login (with the way back) when it cannot be loaded. */
async function requireUser(queryClient: QueryClient, location: ParsedLocation): Promise<User> {
  try {
    return await queryClient.query(currentUserQuery);
  } catch {
    throw toLogin(location);
  }
}

/**
 * The user's subscription, or null when there is none or it cannot be fetched: a failed
 * fetch means no access. `fresh` skips the cache, for decisions that must not be stale.
 */
async function loadSubscription(
  queryClient: QueryClient,
  { fresh }: { fresh: boolean },
): Promise<Subscription | null> {
  try {
    const subscriptions = await queryClient.query(
      fresh ? { ...subscriptionsQuery, staleTime: 0 } : subscriptionsQuery,
    );
    return currentSubscription(subscriptions);
  } catch {
    return null;
  }
}

/**
 * The app screens: a user with an active or pending subscription, the trial included. A
 * trainer without one is sent to their workspace rather than the plans: the trainee
 * features are theirs only if they subscribe on their own.
 */
export async function guardApp(queryClient: QueryClient, location: ParsedLocation) {
  // Both at once: each needs only the token. A session that cannot be refreshed sends the
  // visitor to the same login page, with the same way back, whichever call notices it.
  const [user, subscription] = await Promise.all([
    requireUser(queryClient, location),
    loadSubscription(queryClient, { fresh: false }),
  ]);
  if (!hasAccess(subscription, { allowTrial: true })) {
    if (user.role === 'trainer') throw redirect({ to: '/trainers/today' });
    throw redirect({ to: '/users/subscription/plans' });
  }
  return { user };
}

/**
 * For the app screens' loaders, which run beside the guard: the signed-in user once the
 * guard's own reads show they may use the app, or null when they may not (the guard then
 * sends them elsewhere). A screen starts no read the API would refuse.
 */
export async function userWithAccess(queryClient: QueryClient): Promise<User | null> {
  const [user, subscription] = await Promise.all([
    queryClient.query(currentUserQuery).catch(() => null),
    loadSubscription(queryClient, { fresh: false }),
  ]);
  return user && hasAccess(subscription, { allowTrial: true }) ? user : null;
}

/**
 * The signed-in person as this device kept them from their last visit (decision 077), or
 * null on a first visit. A screen's reads that need only their id start with it, beside the
 * guard's own instead of after them: one round trip less before the first paint. The guard
 * still decides; a person who lost access is sent on by whichever read notices first.
 */
export function keptUser(queryClient: QueryClient): User | null {
  return queryClient.getQueryData<User>(currentUserQuery.queryKey) ?? null;
}

/**
 * Today where `kept` was last seen (the time zone of the preferences this device kept), or
 * else where the device is: the day a screen's reads start with, beside the guard's. The
 * screen still reads the day the person's own preferences name, once in, when it differs.
 */
export function likelyToday(queryClient: QueryClient, kept: User | null): string {
  const preferences = kept && queryClient.getQueryData(preferencesQuery(kept.id).queryKey);
  return todayIn(
    preferences?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    new Date(),
  );
}

/** The trainer's workspace: a trainer, with no subscription asked; anyone else goes home. */
export async function guardTrainer(queryClient: QueryClient, location: ParsedLocation) {
  const user = await requireUser(queryClient, location);
  if (user.role !== 'trainer') throw redirect({ to: '/users/home' });
  return { user };
}

/** The plans: a trial can still be upgraded there; only a paid plan makes them pointless. */
export async function guardPlans(queryClient: QueryClient, location: ParsedLocation) {
  const user = await requireUser(queryClient, location);
  const subscription = await loadSubscription(queryClient, { fresh: true });
  if (hasAccess(subscription, { allowTrial: false })) throw redirect({ to: '/users/home' });
  return { user };
}

/**
 * The login page, for a visitor whose stored session still works: straight on to where they
 * were going, since logging in again would change nothing. A session that no longer loads
 * leaves them on the form.
 */
export async function skipLoginWhenSignedIn(queryClient: QueryClient, from: string) {
  const user = await queryClient.query(currentUserQuery).catch(() => null);
  if (user) throw redirect({ href: safeReturnPath(from), replace: true });
}

/** The failed payment page is pointless to someone already on a paid plan: home instead. */
export async function guardPaymentFailure(queryClient: QueryClient) {
  const subscription = await loadSubscription(queryClient, { fresh: true });
  if (hasAccess(subscription, { allowTrial: false })) throw redirect({ to: '/users/home' });
}

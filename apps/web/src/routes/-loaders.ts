import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { todayQuery } from '../features/home/home-api';
import { onboardingQuery } from '../features/onboarding/onboarding-api';
import { addressOf } from '../features/onboarding/onboarding-steps';
import { subscriptionsQuery } from '../features/subscriptions/subscriptions-api';
import { targetsQuery } from '../features/targets/targets-api';
import { preferencesQuery } from '../features/users/users-api';

/*
 * What the onboarding, home and settings routes load before they show. Routes import this
 * module on demand, so the first download stays small.
 */

/** The answers so far and the person's units. */
export async function loadOnboarding(queryClient: QueryClient, userId: string) {
  await Promise.all([
    queryClient.query(onboardingQuery(userId)),
    queryClient.query(preferencesQuery(userId)),
  ]);
}

/** The onboarding index: off to the first unanswered step, or to the summary. */
export async function continueOnboarding(queryClient: QueryClient, userId: string) {
  const state = await queryClient.query(onboardingQuery(userId));
  throw redirect({ to: addressOf(state.next_step), replace: true });
}

/** Until the onboarding is finished there are no targets to show: it comes first. */
export async function requireFinishedOnboarding(queryClient: QueryClient, userId: string) {
  const state = await queryClient.query(onboardingQuery(userId));
  if (!state.finished_at) throw redirect({ to: '/users/onboarding', replace: true });
}

/**
 * Home's data that every user has, fetched while the onboarding check runs rather than after
 * it. The targets wait: before the onboarding is finished there are none.
 */
export function prefetchHome(queryClient: QueryClient, userId: string): void {
  // A failure shows where the data is used, once the loader asks again.
  queryClient.query(todayQuery(userId)).catch(() => undefined);
  queryClient.query(preferencesQuery(userId)).catch(() => undefined);
}

export async function loadHome(queryClient: QueryClient, userId: string) {
  await Promise.all([
    queryClient.query(todayQuery(userId)),
    queryClient.query(preferencesQuery(userId)),
    // Targets may be missing (404) when answers no longer fit; the screen says so.
    queryClient.query(targetsQuery(userId)).catch(() => undefined),
  ]);
}

export async function loadSettings(queryClient: QueryClient, userId: string) {
  await Promise.all([
    queryClient.query(preferencesQuery(userId)),
    queryClient.query(subscriptionsQuery),
  ]);
}

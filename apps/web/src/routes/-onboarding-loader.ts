import type { QueryClient } from '@tanstack/react-query';
import { onboardingQuery } from '#features/onboarding/onboarding-api';
import { preferencesQuery } from '#features/users/users-api';
import { userWithAccess } from './-guards';

/**
 * What every onboarding screen reads: the answers so far and the person's units; nothing
 * for someone the guard sends elsewhere.
 */
export async function loadOnboarding(queryClient: QueryClient) {
  const user = await userWithAccess(queryClient);
  if (!user) return null;
  const [state] = await Promise.all([
    queryClient.query(onboardingQuery(user.id)),
    queryClient.query(preferencesQuery(user.id)),
  ]);
  return state;
}

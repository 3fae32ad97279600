import type { QueryClient } from '@tanstack/react-query';
import { onboardingQuery } from '../features/onboarding/onboarding-api';
import { currentUserQuery, preferencesQuery } from '../features/users/users-api';

/** What every onboarding screen reads: the answers so far and the person's units. */
export async function loadOnboarding(queryClient: QueryClient) {
  const user = await queryClient.query(currentUserQuery);
  const [state] = await Promise.all([
    queryClient.query(onboardingQuery(user.id)),
    queryClient.query(preferencesQuery(user.id)),
  ]);
  return state;
}

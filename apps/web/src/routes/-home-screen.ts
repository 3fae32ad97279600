import type { QueryClient } from '@tanstack/react-query';
import { homeScreenSchema, type HomeScreen } from '@forja/shared/schemas/screens';
import { currentCheckInQuery } from '#features/check-ins/check-ins-api';
import { todayQuery, unreadCommentsQuery } from '#features/home/home-api';
import { onboardingQuery } from '#features/onboarding/onboarding-api';
import { proposalsQuery } from '#features/target-proposals/target-proposals-api';
import { targetsQuery } from '#features/targets/targets-api';
import { http } from '#lib/http';
import { trainingPlanQuery } from '#lib/training-plan';
import { put, readScreen } from './-screen-read';

/** Home's one read, its parts put in place; null when they are to be read one by one. */
export async function readHomeScreen(
  queryClient: QueryClient,
  userId: string,
): Promise<HomeScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'home', userId], () =>
    http.get('/screens/home/', {
      schema: homeScreenSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener tu inicio',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, todayQuery(userId).queryKey, screen.today, startedAt);
  put(queryClient, onboardingQuery(userId).queryKey, screen.onboarding, startedAt);
  // None (the answers no longer give any, or a failure): the screen's own read says why.
  if (screen.targets) put(queryClient, targetsQuery(userId).queryKey, screen.targets, startedAt);
  if (screen.proposals) put(queryClient, proposalsQuery.queryKey, screen.proposals, startedAt);
  put(queryClient, unreadCommentsQuery.queryKey, screen.unread_comments, startedAt);
  put(queryClient, currentCheckInQuery.queryKey, screen.check_in, startedAt);
  put(queryClient, trainingPlanQuery(screen.today.date).queryKey, screen.training_plan, startedAt);
  return screen;
}

import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { addDays } from '@forja/shared/calendar';
import {
  diaryScreenSchema,
  homeScreenSchema,
  type DiaryScreen,
  type HomeScreen,
} from '@forja/shared/schemas/screens';
import { currentCheckInQuery } from '../features/check-ins/check-ins-api';
import { dayCommentsQuery } from '../features/diary/comments-api';
import { diaryDayQuery } from '../features/diary/diary-api';
import { todayQuery, unreadCommentsQuery } from '../features/home/home-api';
import { onboardingQuery } from '../features/onboarding/onboarding-api';
import { proposalsQuery } from '../features/target-proposals/target-proposals-api';
import { targetsQuery } from '../features/targets/targets-api';
import { http } from '../lib/http';
import { writesWaiting } from '../lib/offline/offline';
import { trainingPlanQuery } from '../lib/training-plan';

/*
 * One read per screen (decision 112). A screen's loader reads everything it shows in one
 * answer, and puts each part where the part's own read keeps it: the screen's components,
 * their changes and what those make out of date stay as they were. Without signal, or while a
 * write of the person's waits to be sent (an answer now might lack it), the screen reads its
 * parts one by one as before, which answer what the device kept.
 */

interface Read<T> {
  screen: T;
  startedAt: number;
}

/** The screen's answer, or null when its parts are to be read one by one. */
async function readScreen<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  read: () => Promise<T>,
): Promise<Read<T> | null> {
  if (!navigator.onLine || (await writesWaiting(queryClient))) return null;
  const startedAt = Date.now();
  try {
    // A query, so that a preload and the visit that follows it share one read.
    const screen = await queryClient.fetchQuery({
      queryKey,
      queryFn: read,
      staleTime: 0,
      gcTime: 0,
      retry: false,
    });
    return { screen, startedAt };
  } catch {
    return null;
  }
}

/**
 * One part of the screen's answer, in the cache as its own read would have put it. A part
 * changed since the screen's read started (shown ahead of the API) keeps what it shows.
 */
function put(queryClient: QueryClient, queryKey: QueryKey, data: unknown, startedAt: number) {
  const state = queryClient.getQueryState(queryKey);
  if (state && state.dataUpdatedAt > startedAt) return;
  queryClient.setQueryData(queryKey, data);
}

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

/** A diary day's one read, its parts put in place; null when they are to be read one by one. */
export async function readDiaryScreen(
  queryClient: QueryClient,
  date: string,
): Promise<DiaryScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'diary', date], () =>
    http.get(`/screens/diary/${date}/`, {
      schema: diaryScreenSchema,
      invalidResponseMessage: 'Ocurrió un error al obtener el día',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, diaryDayQuery(date).queryKey, screen.day, startedAt);
  put(queryClient, diaryDayQuery(addDays(date, -1)).queryKey, screen.previous_day, startedAt);
  put(queryClient, dayCommentsQuery(date).queryKey, screen.comments, startedAt);
  put(queryClient, trainingPlanQuery(date).queryKey, screen.training_plan, startedAt);
  return screen;
}

import { type QueryClient, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { currentCheckInQuery } from '#features/check-ins/check-ins-api';
import { CheckInCard } from '#features/check-ins/check-in-card';
import { WaterChips } from '#features/diary/water-chips';
import { HomeScreen, type MissingTargets } from '#features/home/home-screen';
import { todayQuery, unreadCommentsQuery } from '#features/home/home-api';
import { onboardingQuery } from '#features/onboarding/onboarding-api';
import { targetsQuery } from '#features/targets/targets-api';
import { proposalsQuery } from '#features/target-proposals/target-proposals-api';
import { WeeklyProposalCard } from '#features/target-proposals/weekly-proposal-card';
import { preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { ApiError } from '#lib/api-error';
import { isWithoutSignal, useOnline } from '#lib/offline/online';
import { trainingPlanQuery } from '#lib/training-plan';
import { keptUser, likelyToday, userWithAccess } from '#routes/-guards';
import { readHomeScreen } from '#routes/-home-screen';

/**
 * The trainer's comments and this week's check-in: cards the rest of home does not wait for.
 * Read once per visit (the comments' read is never cached, so a second would ask again).
 */
function readCards(queryClient: QueryClient) {
  queryClient.query(unreadCommentsQuery).catch(() => undefined);
  queryClient.query(currentCheckInQuery).catch(() => undefined);
}

export const Route = createFileRoute('/_authenticated/_shell/users/home')({
  // Run again on every visit, for the comments' latest words (their read is never cached).
  staleTime: 0,
  loader: async ({ context: { queryClient } }) => {
    // One read answers the whole screen (decision 112); a returning person's starts beside the
    // guard's. Without signal, or while a write waits, the parts are read one by one.
    if (navigator.onLine) {
      const kept = keptUser(queryClient);
      const early = kept ? readHomeScreen(queryClient, kept.id) : undefined;
      const user = await userWithAccess(queryClient);
      if (!user) return;
      const screen = await (early && kept?.id === user.id
        ? early
        : readHomeScreen(queryClient, user.id));
      // Until the onboarding is finished there is nothing else to show.
      if (screen && !screen.onboarding.finished_at) {
        throw redirect({ to: '/users/onboarding', replace: true });
      }
      if (screen) return;
    }
    await readHomeParts(queryClient);
  },
  component: HomePage,
});

/** Home's parts read one by one, each answering what the device kept when there is no signal. */
async function readHomeParts(queryClient: QueryClient) {
  // A returning person's reads start beside the guard's: today, the preferences, the
  // onboarding, the trainer's comments, the check-in and the session planned for the likely
  // today; the targets and the week's proposal too when the onboarding was finished. Each
  // read that waits for another costs a phone on a slow network a round trip before the
  // screen is whole.
  const kept = keptUser(queryClient);
  if (kept) {
    queryClient.query(todayQuery(kept.id)).catch(() => undefined);
    queryClient.query(preferencesQuery(kept.id)).catch(() => undefined);
    readCards(queryClient);
    queryClient.query(trainingPlanQuery(likelyToday(queryClient, kept))).catch(() => undefined);
    const onboarding = queryClient.getQueryData(onboardingQuery(kept.id).queryKey);
    queryClient.query(onboardingQuery(kept.id)).catch(() => undefined);
    if (onboarding?.finished_at) {
      queryClient.query(targetsQuery(kept.id)).catch(() => undefined);
      queryClient.query(proposalsQuery).catch(() => undefined);
    }
  }
  const user = await userWithAccess(queryClient);
  if (!user) return;
  const rest = Promise.all([
    queryClient.query(todayQuery(user.id)),
    queryClient.query(preferencesQuery(user.id)),
  ]);
  rest.catch(() => undefined);
  if (!kept) readCards(queryClient);
  // Today's planned session shows once read: home paints without waiting for it.
  rest.then(([today]) => queryClient.query(trainingPlanQuery(today.date))).catch(() => undefined);
  // Until the onboarding is finished there are no targets to show: it comes first, so that
  // a newcomer's first visit asks for nothing the API would refuse.
  const onboarding = await queryClient.query(onboardingQuery(user.id));
  if (!onboarding.finished_at) throw redirect({ to: '/users/onboarding', replace: true });
  await Promise.all([
    rest,
    // Targets may be missing (404) when answers no longer fit; the screen says so.
    queryClient.query(targetsQuery(user.id)).catch(() => undefined),
    // The week's adjustment of the target sits above the energy: home waits for it, beside
    // the targets, so that it does not push the screen down once painted (a failure leaves
    // it out). Reading it is also what makes this week's proposal, so it waits for a
    // finished onboarding.
    queryClient.query(proposalsQuery).catch(() => undefined),
  ]);
}

/** Why a read of the targets left none: the API's refusal, no signal, or a failure. */
function whyNoTargets(error: unknown, online: boolean): MissingTargets {
  const status = error instanceof ApiError ? error.status : undefined;
  if (status !== undefined && status >= 400 && status < 500) return 'none';
  if (isWithoutSignal(error, online)) return 'offline';
  return error ? 'failed' : 'none';
}

function HomePage() {
  const user = useCurrentUser();
  const { data: today } = useSuspenseQuery(todayQuery(user.id));
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  const { data: onboarding } = useSuspenseQuery(onboardingQuery(user.id));
  // The loader has just read them: a refusal (404 when the answers no longer fit) is shown, not
  // asked again as the screen mounts.
  const targets = useQuery({ ...targetsQuery(user.id), retryOnMount: false });
  const online = useOnline();
  return (
    <HomeScreen
      firstName={user.first_name}
      targets={targets.data ?? null}
      missingTargets={whyNoTargets(targets.error, online)}
      onReadTargetsAgain={() => void targets.refetch()}
      today={today}
      system={preferences?.metric_system ?? 'metric'}
      trainingDaysPerWeek={onboarding.answers.activity?.training_days_per_week ?? null}
      checkIn={<CheckInCard />}
      proposal={<WeeklyProposalCard userId={user.id} today={today.date} />}
      water={
        <WaterChips
          date={today.date}
          waterMl={Math.round(today.water_l * 1000)}
          system={preferences?.metric_system ?? 'metric'}
        />
      }
    />
  );
}

import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { HomeScreen } from '../../../../features/home/home-screen';
import { todayQuery } from '../../../../features/home/home-api';
import { onboardingQuery } from '../../../../features/onboarding/onboarding-api';
import { targetsQuery } from '../../../../features/targets/targets-api';
import { preferencesQuery } from '../../../../features/users/users-api';

export const Route = createFileRoute('/_authenticated/_shell/users/home')({
  beforeLoad: async ({ context: { queryClient, user } }) => {
    const { prefetchHome, requireFinishedOnboarding } = await import('../../../-loaders');
    prefetchHome(queryClient, user.id);
    await requireFinishedOnboarding(queryClient, user.id);
  },
  loader: async ({ context: { queryClient, user } }) => {
    const { loadHome } = await import('../../../-loaders');
    await loadHome(queryClient, user.id);
  },
  component: HomePage,
});

function HomePage() {
  const { user } = Route.useRouteContext();
  const { data: today } = useSuspenseQuery(todayQuery(user.id));
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  const { data: onboarding } = useSuspenseQuery(onboardingQuery(user.id));
  const targets = useQuery(targetsQuery(user.id));
  return (
    <HomeScreen
      firstName={user.first_name}
      targets={targets.data ?? null}
      today={today}
      system={preferences?.metric_system ?? 'metric'}
      trainingDaysPerWeek={onboarding.answers.activity?.training_days_per_week ?? null}
    />
  );
}

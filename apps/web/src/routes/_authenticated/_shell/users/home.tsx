import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { HomeScreen } from '../../../../features/home/home-screen';
import { todayQuery } from '../../../../features/home/home-api';
import { onboardingQuery } from '../../../../features/onboarding/onboarding-api';
import { targetsQuery } from '../../../../features/targets/targets-api';
import {
  currentUserQuery,
  preferencesQuery,
  useCurrentUser,
} from '../../../../features/users/users-api';

export const Route = createFileRoute('/_authenticated/_shell/users/home')({
  loader: async ({ context: { queryClient } }) => {
    const user = await queryClient.query(currentUserQuery);
    // All at once, but the onboarding decides first whether home shows at all. The targets
    // are missing (404) until it is finished or when the answers no longer fit; the screen
    // says so.
    const rest = Promise.all([
      queryClient.query(todayQuery(user.id)),
      queryClient.query(preferencesQuery(user.id)),
      queryClient.query(targetsQuery(user.id)).catch(() => undefined),
    ]);
    rest.catch(() => undefined);
    const onboarding = await queryClient.query(onboardingQuery(user.id));
    if (!onboarding.finished_at) throw redirect({ to: '/users/onboarding', replace: true });
    await rest;
  },
  component: HomePage,
});

function HomePage() {
  const user = useCurrentUser();
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

import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { todayIn } from '@forja/shared/calendar';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import { MetricsScreen } from '../../../../features/metrics/metrics-screen';
import { preferencesQuery } from '../../../../features/users/users-api';

export const Route = createFileRoute('/_authenticated/_shell/users/metrics')({
  component: MetricsPage,
});

function MetricsPage() {
  const { user } = Route.useRouteContext();
  const preferences = useQuery(preferencesQuery(user.id));
  return (
    <MetricsScreen
      today={todayIn(preferences.data?.timezone ?? DEFAULT_TIME_ZONE, new Date())}
      system={preferences.data?.metric_system ?? 'metric'}
    />
  );
}

import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, type SearchSchemaInput } from '@tanstack/react-router';
import { todayIn } from '@forja/shared/calendar';
import { METRIC_RANGES, type MetricRange } from '@forja/shared/constants';
import { DEFAULT_TIME_ZONE } from '@forja/shared/schemas/preferences';
import { loadErrorView } from '#components/ui/load-error';
import { expenditureQuery } from '#features/expenditure/expenditure-api';
import { ExpenditureCard } from '#features/expenditure/expenditure-card';
import { metricsQuery } from '#features/metrics/metrics-api';
import { targetHistoryQuery } from '#features/target-proposals/target-proposals-api';
import { TargetHistoryCard } from '#features/target-proposals/target-history-card';
import { MetricsScreen } from '#features/metrics/metrics-screen';
import { preferencesQuery, useCurrentUser } from '#features/users/users-api';
import { userWithAccess } from '#routes/-guards';
import { readMetricsScreen } from '#routes/-metrics-screen';

/** ?months=3: the period shown; a month when absent or not one of the periods. */
function monthsIn(value: unknown): MetricRange | undefined {
  return METRIC_RANGES.find((range) => String(range) === value);
}

export const Route = createFileRoute('/_authenticated/_shell/users/metrics')({
  validateSearch: (search: { months?: unknown } & SearchSchemaInput): { months?: MetricRange } => {
    const months = monthsIn(search.months);
    return months && months !== 1 ? { months } : {};
  },
  loaderDeps: ({ search }) => ({ months: search.months ?? 1 }),
  loader: async ({ context: { queryClient }, deps }) => {
    const user = await userWithAccess(queryClient);
    if (!user) return;
    // The metrics, the expenditure and the targets' changes in one read (decision 122), beside
    // the preferences; without signal, while a write waits, or if it fails, one by one.
    const [screen] = await Promise.all([
      readMetricsScreen(queryClient, deps.months),
      queryClient.query(preferencesQuery(user.id)),
    ]);
    if (screen) return;
    await Promise.all([
      queryClient.query(metricsQuery(deps.months)),
      // Fetched beside the metrics, but the screen does not fail without them.
      queryClient.query(expenditureQuery).catch(() => null),
      queryClient.query(targetHistoryQuery).catch(() => null),
    ]);
  },
  errorComponent: loadErrorView('No pudimos cargar tus métricas. Inténtalo de nuevo.'),
  component: MetricsPage,
});

function MetricsPage() {
  const user = useCurrentUser();
  const { data: preferences } = useSuspenseQuery(preferencesQuery(user.id));
  const { months = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <MetricsScreen
      months={months}
      onMonthsChange={(next) => void navigate({ search: next === 1 ? {} : { months: next } })}
      today={todayIn(preferences?.timezone ?? DEFAULT_TIME_ZONE, new Date())}
      system={preferences?.metric_system ?? 'metric'}
      expenditure={
        <>
          <ExpenditureCard />
          <TargetHistoryCard />
        </>
      }
    />
  );
}

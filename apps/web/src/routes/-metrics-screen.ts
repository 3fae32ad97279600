import type { QueryClient } from '@tanstack/react-query';
import type { MetricRange } from '@forja/shared/constants';
import { metricsScreenSchema, type MetricsScreen } from '@forja/shared/schemas/metrics-screens';
import { expenditureQuery } from '#features/expenditure/expenditure-api';
import { metricsQuery } from '#features/metrics/metrics-api';
import { targetHistoryQuery } from '#features/target-proposals/target-proposals-api';
import { http } from '#lib/http';
import { put, readScreen } from './-screen-read';

/**
 * Métricas in one read (decision 122), its parts put in place: the metrics of the period, and
 * the expenditure and the targets' changes when their own calls answer (else their cards read
 * them and say why not). Null when the parts are to be read one by one.
 */
export async function readMetricsScreen(
  queryClient: QueryClient,
  months: MetricRange,
): Promise<MetricsScreen | null> {
  const read = await readScreen(queryClient, ['screens', 'metrics', months], () =>
    http.get('/screens/metrics/', {
      schema: metricsScreenSchema,
      query: { months: String(months) },
      invalidResponseMessage: 'Ocurrió un error al obtener tus métricas',
    }),
  );
  if (!read) return null;
  const { screen, startedAt } = read;
  put(queryClient, metricsQuery(months).queryKey, screen.metrics, startedAt);
  if (screen.expenditure) {
    put(queryClient, expenditureQuery.queryKey, screen.expenditure, startedAt);
  }
  if (screen.target_history) {
    put(queryClient, targetHistoryQuery.queryKey, screen.target_history, startedAt);
  }
  return screen;
}

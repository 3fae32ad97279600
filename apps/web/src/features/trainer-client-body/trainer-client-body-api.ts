import { queryOptions } from '@tanstack/react-query';
import { metricsSchema, type MetricRange } from '@forja/shared/schemas/metrics';
import { http } from '#lib/http';

/** A trainee's weight, trend and measurements (and energy, with the diary) over `months`. */
export function traineeMetricsQuery(traineeId: string, months: MetricRange) {
  return queryOptions({
    queryKey: ['trainers', 'trainees', traineeId, 'metrics', months],
    queryFn: () =>
      http.get(`/trainers/trainees/${encodeURIComponent(traineeId)}/metrics/`, {
        schema: metricsSchema,
        query: { months: String(months) },
        invalidResponseMessage: 'Ocurrió un error al obtener las métricas del cliente',
      }),
  });
}

import { queryOptions } from '@tanstack/react-query';
import { todaySchema } from '@forja/shared/schemas/today';
import { http } from '../../lib/http';
import { FRESH_FOR_A_VISIT_MS } from '../../lib/query-client';
import { todayKey } from '../../lib/query-keys';

/** Today's intake, water, training and weight; fresh on every visit. */
export function todayQuery(userId: string) {
  return queryOptions({
    queryKey: todayKey(userId),
    queryFn: () =>
      http.get('/today/', {
        schema: todaySchema,
        invalidResponseMessage: 'Ocurrió un error al obtener el resumen de hoy',
      }),
    staleTime: FRESH_FOR_A_VISIT_MS,
  });
}

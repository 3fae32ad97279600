import { queryOptions } from '@tanstack/react-query';
import { todaySchema } from '@forja/shared/schemas/today';
import { http } from '../../lib/http';
import { todayKey } from '../../lib/query-keys';

/** Today's intake, water, training and weight; any change to the diary makes it out of date. */
export function todayQuery(userId: string) {
  return queryOptions({
    queryKey: todayKey(userId),
    queryFn: () =>
      http.get('/today/', {
        schema: todaySchema,
        invalidResponseMessage: 'Ocurrió un error al obtener el resumen de hoy',
      }),
  });
}

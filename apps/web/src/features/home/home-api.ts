import { queryOptions } from '@tanstack/react-query';
import { todaySchema } from '@forja/shared/schemas/today';
import { http } from '../../lib/http';

/** Today's intake, water, training and weight; fresh on every visit. */
export function todayQuery(userId: string) {
  return queryOptions({
    queryKey: ['users', userId, 'today'],
    queryFn: () =>
      http.get('/today/', {
        schema: todaySchema,
        invalidResponseMessage: 'Ocurrió un error al obtener el resumen de hoy',
      }),
    staleTime: 0,
  });
}

import { queryOptions } from '@tanstack/react-query';
import { expenditureSchema } from '@forja/shared/schemas/expenditure';
import { http } from '#lib/http';

/**
 * The person's expenditure as their data show it. Under `metrics`, so that whatever
 * refreshes the metrics (a weighing, a change to the diary) refreshes it too.
 */
export const expenditureQuery = queryOptions({
  queryKey: ['metrics', 'expenditure'],
  queryFn: () => http.get('/targets/expenditure/', { schema: expenditureSchema }),
});

/** A trainee's expenditure, as their trainer reads it. */
export function traineeExpenditureQuery(traineeId: string) {
  return queryOptions({
    queryKey: ['trainers', 'trainees', traineeId, 'expenditure'],
    queryFn: () =>
      http.get(`/trainers/trainees/${encodeURIComponent(traineeId)}/expenditure/`, {
        schema: expenditureSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener el gasto del cliente',
      }),
  });
}

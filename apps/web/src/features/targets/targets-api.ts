import { queryOptions } from '@tanstack/react-query';
import { targetsSchema } from '@forja/shared/schemas/targets';
import { http } from '../../lib/http';
import { FRESH_FOR_A_VISIT_MS } from '../../lib/query-client';
import { targetsKey } from '../../lib/query-keys';

/**
 * The person's targets, computed by the server from their onboarding answers. Refetched on
 * every visit: an edited answer or a birthday changes them.
 */
export function targetsQuery(userId: string) {
  return queryOptions({
    queryKey: targetsKey(userId),
    queryFn: () =>
      http.get('/targets/', {
        schema: targetsSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener tus objetivos',
      }),
    staleTime: FRESH_FOR_A_VISIT_MS,
  });
}

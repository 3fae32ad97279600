import { queryOptions } from '@tanstack/react-query';
import { targetsSchema } from '@forja/shared/schemas/targets';
import { http } from '#lib/http';
import { targetsKey } from '#lib/query-keys';

/**
 * The person's targets, computed by the server from their onboarding answers; an edited
 * answer makes them out of date at once.
 */
export function targetsQuery(userId: string) {
  return queryOptions({
    queryKey: targetsKey(userId),
    queryFn: () =>
      http.get('/targets/', {
        schema: targetsSchema,
        invalidResponseMessage: 'Ocurrió un error al obtener tus objetivos',
      }),
  });
}
